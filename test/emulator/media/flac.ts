import { BitWriter } from './bit-writer';
import { crc16, crc8 } from './flac-crc';

/**
 * A FLAC encoder for 16-bit mono: fixed block size, one FIXED order-2 subframe per frame with a
 * single Rice partition. Frames are independent, so frames of different sentences can be
 * produced separately and concatenated after one stream header.
 */

const BLOCK_SIZE = 2304;
const BLOCK_SIZE_CODE = 0b0100; // 2304 samples

export interface FlacFrames {
  bytes: Buffer;
  frameCount: number;
  minFrameSize: number;
  maxFrameSize: number;
}

export interface FlacStreamInfo {
  sampleRate: number;
  totalSamples: number;
  minFrameSize: number;
  maxFrameSize: number;
  /** MD5 of the decoded samples as signed 16-bit little-endian bytes. */
  md5: Buffer;
}

const SAMPLE_SIZE_CODE_16_BIT = 0b100;
const SUBFRAME_FIXED = 0b001000;
const PREDICTOR_ORDER = 2;
const MAX_RICE_PARAMETER = 14;
const SAMPLE_RATE_CODES: ReadonlyMap<number, number> = new Map([
  [88200, 1], [176400, 2], [192000, 3], [8000, 4], [16000, 5], [22050, 6],
  [24000, 7], [32000, 8], [44100, 9], [48000, 10], [96000, 11],
]);

/** "fLaC" plus the STREAMINFO block (the only and so last metadata block). */
export function flacStreamHeader(info: FlacStreamInfo): Buffer {
  const writer = new BitWriter(42);
  writer.writeBytes(Buffer.from('fLaC', 'latin1'));
  writer.writeBits(1, 1); // last metadata block
  writer.writeBits(0, 7); // STREAMINFO
  writer.writeBits(34, 24);
  writer.writeBits(BLOCK_SIZE, 16); // min block size
  writer.writeBits(BLOCK_SIZE, 16); // max block size
  writer.writeBits(info.minFrameSize, 24);
  writer.writeBits(info.maxFrameSize, 24);
  writer.writeBits(info.sampleRate, 20);
  writer.writeBits(0, 3); // channels - 1
  writer.writeBits(15, 5); // bits per sample - 1
  writer.writeBits(Math.floor(info.totalSamples / 2 ** 32), 4);
  writer.writeBits(info.totalSamples % 2 ** 32, 32);
  writer.writeBytes(info.md5);
  return writer.toBuffer();
}

/**
 * Frames for `samples`, numbered from `firstFrameNumber`. The speech plan pads every sentence to
 * whole blocks, so there is never a short block to encode.
 */
export function encodeFlacFrames(samples: Int16Array, firstFrameNumber: number, sampleRate: number): FlacFrames {
  if (samples.length === 0 || samples.length % BLOCK_SIZE !== 0) {
    throw new RangeError(`FLAC input must be a positive multiple of ${BLOCK_SIZE} samples, got ${samples.length}`);
  }
  const frames: Buffer[] = [];
  for (let start = 0; start < samples.length; start += BLOCK_SIZE) {
    frames.push(encodeFrame(samples.subarray(start, start + BLOCK_SIZE), firstFrameNumber + frames.length, sampleRate));
  }
  const sizes = frames.map((frame) => frame.length);
  return { bytes: Buffer.concat(frames), frameCount: frames.length, minFrameSize: Math.min(...sizes), maxFrameSize: Math.max(...sizes) };
}

function encodeFrame(block: Int16Array, frameNumber: number, sampleRate: number): Buffer {
  const writer = new BitWriter(block.length * 2 + 32);
  writer.writeBits(0xfff8, 16); // sync code, reserved bit, fixed block size
  writer.writeBits(BLOCK_SIZE_CODE, 4);
  writer.writeBits(SAMPLE_RATE_CODES.get(sampleRate) ?? 0, 4); // 0: as in STREAMINFO
  writer.writeBits(0, 4); // mono
  writer.writeBits(SAMPLE_SIZE_CODE_16_BIT, 3);
  writer.writeBits(0, 1);
  writer.writeBytes(utf8CodedNumber(frameNumber));
  writer.writeBits(crc8(writer.toBuffer()), 8);

  writer.writeBits(0, 1); // subframe zero padding bit
  writer.writeBits(SUBFRAME_FIXED | PREDICTOR_ORDER, 6);
  writer.writeBits(0, 1); // no wasted bits
  writer.writeBits(block[0] & 0xffff, 16); // warm-up samples, two's complement
  writer.writeBits(block[1] & 0xffff, 16);
  writeRiceResidual(writer, block);
  writer.alignWithZeros();
  writer.writeBits(crc16(writer.toBuffer()), 16);
  return writer.toBuffer();
}

/** Order-2 fixed prediction residual, zigzag-folded, in one partition with a 4-bit Rice parameter. */
function writeRiceResidual(writer: BitWriter, block: Int16Array): void {
  const folded = new Uint32Array(block.length - PREDICTOR_ORDER);
  let sum = 0;
  for (let i = PREDICTOR_ORDER; i < block.length; i++) {
    const residual = block[i] - 2 * block[i - 1] + block[i - 2];
    const value = residual >= 0 ? residual * 2 : -residual * 2 - 1;
    folded[i - PREDICTOR_ORDER] = value;
    sum += value;
  }
  const mean = sum / folded.length;
  const parameter = Math.min(MAX_RICE_PARAMETER, mean >= 1 ? Math.floor(Math.log2(mean)) : 0);
  writer.writeBits(0, 2); // residual coding method: 4-bit Rice parameters
  writer.writeBits(0, 4); // partition order 0
  writer.writeBits(parameter, 4);
  for (const value of folded) {
    const quotient = value >>> parameter;
    if (quotient + 1 + parameter <= 24) {
      // Unary quotient (zeros, then a one) and the low bits in a single write.
      writer.writeBits((1 << parameter) | (value & ((1 << parameter) - 1)), quotient + 1 + parameter);
    } else {
      writer.writeUnary(quotient);
      writer.writeBits(value & ((1 << parameter) - 1), parameter);
    }
  }
}

/** The UTF-8-like variable-length coding FLAC uses for frame numbers. */
function utf8CodedNumber(value: number): Buffer {
  if (value < 0x80) {
    return Buffer.from([value]);
  }
  const bytes: number[] = [];
  let remaining = value;
  let payloadBitsInFirstByte = 6;
  while (remaining >= 1 << payloadBitsInFirstByte) {
    bytes.unshift(0x80 | (remaining & 0x3f));
    remaining = Math.floor(remaining / 64);
    payloadBitsInFirstByte--;
  }
  const prefix = (0xff << (7 - bytes.length)) & 0xff;
  bytes.unshift(prefix | remaining);
  return Buffer.from(bytes);
}
