import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mp4Summary, summaryOf } from '../../../src/output/mp4Summary';
import { renderMp4 } from '../../emulator/media/mp4';
import { box } from './mp4Box';

/** A version 1 mvhd (64-bit times and duration). */
function mvhd64(scale: number, duration: number): Buffer {
  const content = Buffer.alloc(108);
  content[0] = 1;
  content.writeUInt32BE(scale, 20);
  content.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', content);
}

/** A version 0 tkhd whose picture is width × height (16.16 fixed point). */
function tkhd(width: number, height: number): Buffer {
  const content = Buffer.alloc(84);
  content.writeUInt32BE(width * 65536, 76);
  content.writeUInt32BE(height * 65536, 80);
  return box('tkhd', content);
}

test("a rendered MP4's length and picture size, read from its moov box", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp4-summary-'));
  const file = path.join(dir, 'clip.mp4');
  fs.writeFileSync(file, renderMp4({ width: 160, height: 96, seconds: 2, prompt: 'waves' }));
  const summary = await mp4Summary(file);
  assert.equal(summary.width, 160);
  assert.equal(summary.height, 96);
  assert.ok(summary.seconds !== undefined && Math.abs(summary.seconds - 2) < 0.1, `about 2 s: ${summary.seconds}`);
  fs.writeFileSync(file, 'not an mp4 at all');
  assert.deepEqual(await mp4Summary(file), {});
  assert.deepEqual(await mp4Summary(path.join(dir, 'missing.mp4')), {});
});

test('64-bit durations count; an audio track (no picture) does not hide the video track', () => {
  const moov = Buffer.concat([mvhd64(1000, 8000), box('trak', tkhd(0, 0)), box('trak', tkhd(1280, 720))]);
  assert.deepEqual(summaryOf(moov), { seconds: 8, width: 1280, height: 720 });
  assert.deepEqual(summaryOf(Buffer.concat([box('mvhd', Buffer.alloc(4)), box('trak', box('tkhd', Buffer.alloc(10)))])), {}, 'boxes too short say nothing');
});
