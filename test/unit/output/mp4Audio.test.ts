import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hasAacAudio, mp4SampleEntryTypes } from '../../../src/output/mp4Audio';
import { renderMp4 } from '../../emulator/media/mp4';
import { box } from './mp4Box';

/** A box with a 64-bit size, as large `mdat` boxes have. */
function largeBox(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([header, content]);
}

function track(sampleEntry: string): Buffer {
  const stsd = box('stsd', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), box(sampleEntry, Buffer.alloc(28)));
  return box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', box('mdhd', Buffer.alloc(24)), box('minf', box('stbl', stsd, box('stts', Buffer.alloc(8))))));
}

function write(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp4-audio-'));
  const file = path.join(dir, 'clip.mp4');
  fs.writeFileSync(file, bytes);
  return file;
}

const FTYP = box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1'));

test('a video with an AAC track (moov after a large mdat) is recognised', async () => {
  const file = write(Buffer.concat([FTYP, largeBox('mdat', Buffer.alloc(4096)), box('moov', box('mvhd', Buffer.alloc(100)), track('avc1'), track('mp4a'))]));
  assert.deepEqual(await mp4SampleEntryTypes(file), ['avc1', 'mp4a']);
  assert.equal(await hasAacAudio(file), true);
});

test('a video without audio, as the emulator renders it, has none', async () => {
  const file = write(renderMp4({ width: 32, height: 32, seconds: 0.1, prompt: 'quiet' }));
  assert.deepEqual(await mp4SampleEntryTypes(file), ['avc1']);
  assert.equal(await hasAacAudio(file), false);
});

test('files that are no MP4, or cut short, give no codecs', async () => {
  assert.deepEqual(await mp4SampleEntryTypes(write(Buffer.from('not a video at all'))), []);
  const cut = Buffer.concat([FTYP, box('moov', track('mp4a'))]).subarray(0, 60);
  assert.deepEqual(await mp4SampleEntryTypes(write(cut)), []);
  assert.equal(await hasAacAudio(path.join(os.tmpdir(), 'no-such-file.mp4')), false);
});
