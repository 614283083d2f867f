import { deflateSync } from 'node:zlib';
import { crc32 } from './crc32';
import { promptHash } from './prompt-hash';

export interface PngRequest {
  width: number;
  height: number;
  prompt: string;
  seed?: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BYTES_PER_PIXEL = 3;
const FILTER_SUB = 1;

/**
 * An RGB 8-bit PNG of exactly width x height: a four-corner gradient overlaid with a grid of
 * tinted cells, all derived from a hash of prompt and seed.
 */
export function renderPng(opts: PngRequest): Buffer {
  const { width, height } = opts;
  assertDimension('width', width);
  assertDimension('height', height);
  const hash = promptHash('png', opts.prompt, opts.seed);
  const raw = renderFilteredScanlines(width, height, hash);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour (RGB)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from the IHDR chunk; throws when the buffer is not a PNG. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG: missing signature or IHDR chunk');
  }
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function assertDimension(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > 16384) {
    throw new RangeError(`PNG ${name} must be an integer from 1 to 16384, got ${value}`);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Every scanline uses the Sub filter: gradients then become runs of tiny deltas, which makes
 * level-1 deflate both fast and compact even at 4096x4096. Colours are 16.16 fixed point so the
 * inner loop stays in integer arithmetic.
 */
function renderFilteredScanlines(width: number, height: number, hash: Uint8Array): Buffer {
  const corners = [0, 1, 2, 3].map((corner) => [hash[corner * 3], hash[corner * 3 + 1], hash[corner * 3 + 2]]);
  const columns = 3 + (hash[12] % 8);
  const rows = 3 + (hash[13] % 8);
  const tints = cellTints(columns * rows, hash);
  const cellOfX = new Uint16Array(width);
  for (let x = 0; x < width; x++) {
    cellOfX[x] = Math.floor((x * columns) / width);
  }
  const stride = width * BYTES_PER_PIXEL + 1;
  const out = Buffer.allocUnsafe(stride * height);
  const start = new Int32Array(BYTES_PER_PIXEL);
  const step = new Int32Array(BYTES_PER_PIXEL);
  for (let y = 0; y < height; y++) {
    const v = height > 1 ? y / (height - 1) : 0;
    for (let channel = 0; channel < BYTES_PER_PIXEL; channel++) {
      const left = corners[0][channel] + (corners[2][channel] - corners[0][channel]) * v;
      const right = corners[1][channel] + (corners[3][channel] - corners[1][channel]) * v;
      start[channel] = Math.round(left * 65536);
      step[channel] = width > 1 ? Math.round(((right - left) * 65536) / (width - 1)) : 0;
    }
    const cellRow = Math.floor((y * rows) / height) * columns;
    let red = start[0];
    let green = start[1];
    let blue = start[2];
    let previousRed = 0;
    let previousGreen = 0;
    let previousBlue = 0;
    let i = y * stride;
    out[i++] = FILTER_SUB;
    for (let x = 0; x < width; x++) {
      const tint = (cellRow + cellOfX[x]) * BYTES_PER_PIXEL;
      const r = clampByte((red >> 16) + tints[tint]);
      const g = clampByte((green >> 16) + tints[tint + 1]);
      const b = clampByte((blue >> 16) + tints[tint + 2]);
      out[i++] = r - previousRed;
      out[i++] = g - previousGreen;
      out[i++] = b - previousBlue;
      previousRed = r;
      previousGreen = g;
      previousBlue = b;
      red += step[0];
      green += step[1];
      blue += step[2];
    }
  }
  return out;
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

/** Per-cell signed colour offsets in -48..47. */
function cellTints(cellCount: number, hash: Uint8Array): Int16Array {
  const tints = new Int16Array(cellCount * BYTES_PER_PIXEL);
  for (let i = 0; i < tints.length; i++) {
    const mixed = (hash[(i + 14) % hash.length] * 31 + i * 97) & 0xff;
    tints[i] = (mixed % 96) - 48;
  }
  return tints;
}
