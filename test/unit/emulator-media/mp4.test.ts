import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_VIDEO_SIZE, renderMp4 } from '../../emulator/media/mp4';
import { decodeErrors, decodeRaw, elapsedMs, ffprobe, tempFile } from './media-tools';

test('renderMp4 gives a 24 fps H.264 MP4 with the requested size and duration', () => {
  for (const seconds of [2, 5]) {
    const file = tempFile(renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds, prompt: 'a sailing boat' }), 'mp4');
    const probe = ffprobe(file, '-count_frames');
    assert.match(probe.format.format_name, /mp4/);
    assert.equal(Number(probe.format.duration), seconds);
    assert.equal(probe.streams.length, 1);
    const [stream] = probe.streams;
    assert.equal(stream.codec_name, 'h264');
    assert.equal(stream.profile, 'Constrained Baseline');
    assert.equal(stream.width, DEFAULT_VIDEO_SIZE.width);
    assert.equal(stream.height, DEFAULT_VIDEO_SIZE.height);
    assert.equal(stream.r_frame_rate, '24/1');
    assert.equal(stream.avg_frame_rate, '24/1');
    assert.equal(Number(stream.duration), seconds);
    assert.equal(Number(stream.nb_read_frames), seconds * 24);
    assert.equal(decodeErrors(file), '');
  }
});

test('a 2 s default-size clip stays small', () => {
  const size = renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 2, prompt: 'x' }).length;
  assert.ok(size < 1_500_000, `${size} bytes`);
});

test('frames move over time and depend on the prompt', () => {
  const frameBytes = DEFAULT_VIDEO_SIZE.width * DEFAULT_VIDEO_SIZE.height * 3;
  const frames = (prompt: string): Buffer[] => {
    const raw = decodeRaw(tempFile(renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 1, prompt }), 'mp4'), 'rawvideo', '-pix_fmt', 'rgb24');
    return [raw.subarray(0, frameBytes), raw.subarray(raw.length - frameBytes)];
  };
  const [first, last] = frames('a red kite');
  assert.ok(!first.equals(last), 'first and last frame should differ');
  assert.ok(!first.equals(frames('a green kite')[0]), 'different prompts should differ');
  assert.ok(first.equals(frames('a red kite')[0]), 'same prompt should be deterministic');
});

test('odd macroblock counts are cropped to the exact requested size', () => {
  const file = tempFile(renderMp4({ width: 170, height: 100, seconds: 1, prompt: 'crop' }), 'mp4');
  const [stream] = ffprobe(file).streams;
  assert.equal(stream.width, 170);
  assert.equal(stream.height, 100);
  assert.equal(decodeErrors(file), '');
});

test('padToBytes pads with a free box to exactly that size and the file stays valid', () => {
  const natural = renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 1, prompt: 'pad' });
  const padded = renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 1, prompt: 'pad', padToBytes: 8 * 1024 * 1024 });
  assert.equal(padded.length, 8 * 1024 * 1024);
  assert.ok(padded.subarray(0, natural.length).equals(natural));
  assert.equal(padded.toString('latin1', natural.length + 4, natural.length + 8), 'free');
  const file = tempFile(padded, 'mp4');
  assert.equal(Number(ffprobe(file).format.duration), 1);
  assert.equal(decodeErrors(file), '');
  assert.equal(renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 1, prompt: 'pad', padToBytes: 100 }).length, natural.length);
});

test('a 256 MB padded MP4 is produced quickly', (t) => {
  const start = process.hrtime.bigint();
  const padded = renderMp4({ ...DEFAULT_VIDEO_SIZE, seconds: 2, prompt: 'big', padToBytes: 256 * 1024 * 1024 });
  const ms = elapsedMs(start);
  t.diagnostic(`256 MB padded MP4: ${ms.toFixed(0)} ms`);
  assert.equal(padded.length, 256 * 1024 * 1024);
  assert.ok(ms < 5_000, `took ${ms} ms`);
});

test('renderMp4 rejects sizes H.264 4:2:0 cannot carry and non-positive durations', () => {
  assert.throws(() => renderMp4({ width: 161, height: 96, seconds: 1, prompt: 'x' }), RangeError);
  assert.throws(() => renderMp4({ width: 160, height: 8, seconds: 1, prompt: 'x' }), RangeError);
  assert.throws(() => renderMp4({ width: 160, height: 96, seconds: 0, prompt: 'x' }), RangeError);
});
