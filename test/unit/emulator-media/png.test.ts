import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from '../../emulator/media/crc32';
import { pngSize, renderPng } from '../../emulator/media/png';
import { decodeErrors, decodeRaw, elapsedMs, ffprobe, tempFile } from './media-tools';

test('crc32 matches the standard check value', () => {
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  assert.equal(crc32(Buffer.from('6789'), crc32(Buffer.from('12345'))), 0xcbf43926);
});

test('renderPng gives an RGB 8-bit PNG of exactly the requested size that ffmpeg decodes cleanly', () => {
  for (const [width, height] of [
    [1, 1],
    [3, 5],
    [640, 360],
    [1024, 1024],
  ]) {
    const png = renderPng({ width, height, prompt: 'a lighthouse at dusk', seed: 42 });
    assert.deepEqual(pngSize(png), { width, height });
    const file = tempFile(png, 'png');
    const [stream] = ffprobe(file).streams;
    assert.equal(stream.codec_name, 'png');
    assert.equal(stream.pix_fmt, 'rgb24');
    assert.equal(stream.width, width);
    assert.equal(stream.height, height);
    assert.equal(decodeErrors(file), '');
    assert.equal(decodeRaw(file, 'rawvideo', '-pix_fmt', 'rgb24').length, width * height * 3);
  }
});

test('the picture depends on prompt and seed and is deterministic', () => {
  const pixels = (prompt: string, seed?: number): Buffer =>
    decodeRaw(tempFile(renderPng({ width: 64, height: 48, prompt, seed }), 'png'), 'rawvideo', '-pix_fmt', 'rgb24');
  const base = pixels('red bicycle', 1);
  assert.deepEqual(pixels('red bicycle', 1), base);
  assert.notDeepEqual(pixels('red bicycle', 2), base);
  assert.notDeepEqual(pixels('blue bicycle', 1), base);
  assert.notDeepEqual(pixels('red bicycle'), base);
  assert.ok(new Set(base).size > 16, 'expected more than a flat colour');
});

test('2048x2048 and 4096x4096 render quickly and decode', (t) => {
  for (const side of [2048, 4096]) {
    const start = process.hrtime.bigint();
    const png = renderPng({ width: side, height: side, prompt: 'a large mural', seed: 9 });
    const ms = elapsedMs(start);
    t.diagnostic(`${side}x${side}: ${ms.toFixed(0)} ms, ${png.length} bytes`);
    assert.ok(ms < 10_000, `${side}x${side} took ${ms} ms`);
    assert.deepEqual(pngSize(png), { width: side, height: side });
    assert.equal(decodeErrors(tempFile(png, 'png')), '');
  }
});

test('renderPng rejects impossible sizes and pngSize rejects non-PNG data', () => {
  assert.throws(() => renderPng({ width: 0, height: 10, prompt: 'x' }), RangeError);
  assert.throws(() => renderPng({ width: 10.5, height: 10, prompt: 'x' }), RangeError);
  assert.throws(() => pngSize(Buffer.from('GIF89a not a png at all, really')), /not a PNG/);
});
