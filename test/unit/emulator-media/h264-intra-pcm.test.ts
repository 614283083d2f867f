import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeIdrPicture, h264ParameterSets, YuvPicture } from '../../emulator/media/h264-intra-pcm';
import { muxAvcMp4 } from '../../emulator/media/mp4-mux';
import { decodeErrors, decodeRaw, ffprobe, tempFile } from './media-tools';

/** A deterministic noisy picture; low values (1..3) after header zeros exercise emulation prevention. */
function noisyPicture(width: number, height: number, seed: number): YuvPicture {
  const codedWidth = Math.ceil(width / 16) * 16;
  const codedHeight = Math.ceil(height / 16) * 16;
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) >>> 0;
    const value = state >>> 24;
    return value < 8 ? 1 + (value % 3) : value;
  };
  const plane = (length: number): Uint8Array => Uint8Array.from({ length }, next);
  return {
    codedWidth,
    codedHeight,
    luma: plane(codedWidth * codedHeight),
    cb: plane((codedWidth * codedHeight) / 4),
    cr: plane((codedWidth * codedHeight) / 4),
  };
}

/** The visible (cropped) part of a picture as yuv420p bytes, the layout ffmpeg outputs. */
function visibleYuv420p(picture: YuvPicture, width: number, height: number): Buffer {
  const rows: Uint8Array[] = [];
  const crop = (plane: Uint8Array, stride: number, w: number, h: number): void => {
    for (let y = 0; y < h; y++) {
      rows.push(plane.subarray(y * stride, y * stride + w));
    }
  };
  crop(picture.luma, picture.codedWidth, width, height);
  crop(picture.cb, picture.codedWidth / 2, width / 2, height / 2);
  crop(picture.cr, picture.codedWidth / 2, width / 2, height / 2);
  return Buffer.concat(rows);
}

function hasStartCodeEmulation(nal: Buffer): boolean {
  for (let i = 2; i < nal.length; i++) {
    if (nal[i - 2] === 0 && nal[i - 1] === 0 && nal[i] <= 2) {
      return true;
    }
  }
  return false;
}

test('I_PCM pictures decode bit-exactly, including cropped sizes', () => {
  for (const [width, height] of [
    [64, 64],
    [48, 32],
    [170, 100],
  ]) {
    const pictures = [noisyPicture(width, height, 1), noisyPicture(width, height, 2), noisyPicture(width, height, 3)];
    const samples = pictures.map((picture, i) => encodeIdrPicture(picture, i % 2));
    samples.forEach((nal) => assert.equal(hasStartCodeEmulation(nal), false));
    const parameterSets = h264ParameterSets(width, height, 24);
    const file = tempFile(muxAvcMp4({ width, height, fps: 24, parameterSets, samples }), 'mp4');
    assert.equal(decodeErrors(file), '');
    const [stream] = ffprobe(file).streams;
    assert.equal(stream.width, width);
    assert.equal(stream.height, height);
    const decoded = decodeRaw(file, 'rawvideo', '-pix_fmt', 'yuv420p');
    const expected = Buffer.concat(pictures.map((picture) => visibleYuv420p(picture, width, height)));
    assert.equal(decoded.length, expected.length);
    assert.ok(decoded.equals(expected), `decoded ${width}x${height} pictures differ from the encoded samples`);
  }
});

test('parameter sets announce Constrained Baseline and a level that fits size and rate', () => {
  const small = h264ParameterSets(160, 96, 24);
  assert.equal(small.profileIdc, 66);
  assert.equal(small.constraintFlags, 0xc0);
  assert.equal(small.levelIdc, 10);
  assert.equal(small.sps[0] & 0x1f, 7);
  assert.equal(small.pps[0] & 0x1f, 8);
  assert.equal(h264ParameterSets(1280, 720, 24).levelIdc, 31);
  assert.equal(h264ParameterSets(1920, 1080, 24).levelIdc, 40);
});
