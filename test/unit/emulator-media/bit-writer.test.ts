import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BitWriter } from '../../emulator/media/bit-writer';

function bitsOf(write: (writer: BitWriter) => void): string {
  const writer = new BitWriter(1);
  write(writer);
  writer.alignWithZeros();
  return [...writer.toBuffer()].map((byte) => byte.toString(2).padStart(8, '0')).join('');
}

test('exp-Golomb codes match the H.264 tables', () => {
  assert.equal(
    bitsOf((w) => w.writeUe(0)),
    '10000000',
  );
  assert.equal(
    bitsOf((w) => w.writeUe(1)),
    '01000000',
  );
  assert.equal(
    bitsOf((w) => w.writeUe(25)),
    '0000110100000000',
  );
  assert.equal(
    bitsOf((w) => w.writeSe(1)),
    '01000000',
  );
  assert.equal(
    bitsOf((w) => w.writeSe(-1)),
    '01100000',
  );
});

test('wide values, unary codes and byte runs are written MSB first', () => {
  assert.equal(
    bitsOf((w) => w.writeBits(0xdeadbeef, 32)),
    '11011110101011011011111011101111',
  );
  assert.equal(
    bitsOf((w) => w.writeUnary(30)),
    `${'0'.repeat(30)}10`,
  );
  const writer = new BitWriter(1);
  writer.writeBits(0b101, 3);
  writer.alignWithZeros();
  writer.writeBytes(Uint8Array.from([1, 2, 3]));
  assert.deepEqual([...writer.toBuffer()], [0b10100000, 1, 2, 3]);
  writer.writeBit(1);
  assert.throws(() => writer.toBuffer(), /byte alignment/);
});
