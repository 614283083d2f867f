/**
 * Just enough of FLAC (RFC 9639) to join streams: the metadata blocks, the
 * frames found by their sync code and checksums, and a frame re-numbered by
 * its first sample (the variable-blocksize form, valid whatever the sizes of
 * the frames before it).
 */
import { t } from '../l10n/localize';

export interface FlacMetadataBlock {
  type: number;
  /** The block with its 4-byte header. */
  bytes: Uint8Array;
}

export interface FlacFrame {
  start: number;
  end: number;
  headerLength: number;
  blockSize: number;
}

const STREAMINFO_TYPE = 0;
export const SEEKTABLE_TYPE = 3;
const STREAMINFO_LENGTH = 34;

/** The metadata blocks and the offset of the first frame; throws when the bytes are not FLAC. */
export function readFlacMetadata(bytes: Uint8Array): { blocks: FlacMetadataBlock[]; framesStart: number } {
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== 'fLaC') throw new Error(t('not a FLAC stream'));
  const blocks: FlacMetadataBlock[] = [];
  let offset = 4;
  for (let last = false; !last;) {
    if (offset + 4 > bytes.length) throw new Error(t('FLAC metadata is cut short'));
    last = (bytes[offset] & 0x80) !== 0;
    const length = (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3];
    blocks.push({ type: bytes[offset] & 0x7f, bytes: bytes.subarray(offset, offset + 4 + length) });
    offset += 4 + length;
  }
  if (blocks[0]?.type !== STREAMINFO_TYPE || blocks[0].bytes.length !== 4 + STREAMINFO_LENGTH) throw new Error(t('FLAC stream without STREAMINFO'));
  return { blocks, framesStart: offset };
}

/** The frames from `from` on. A frame ends where the next valid header starts and its CRC-16 matches. */
export function* flacFrames(bytes: Uint8Array, from: number): Generator<FlacFrame> {
  let start = from;
  let header = parseFrameHeader(bytes, start);
  if (!header && start < bytes.length) throw new Error(t('no FLAC frame at byte {0}', start));
  while (header) {
    let end = bytes.length;
    let next: FrameHeader | undefined;
    for (let q = start + header.length + 2; q < bytes.length - 1; q++) {
      if (bytes[q] !== 0xff || (bytes[q + 1] & 0xfe) !== 0xf8) continue;
      if (crc16(bytes.subarray(start, q - 2)) !== ((bytes[q - 2] << 8) | bytes[q - 1])) continue;
      next = parseFrameHeader(bytes, q);
      if (next) {
        end = q;
        break;
      }
    }
    if (!next && crc16(bytes.subarray(start, end - 2)) !== ((bytes[end - 2] << 8) | bytes[end - 1])) {
      throw new Error(t('FLAC frame at byte {0} fails its checksum', start));
    }
    yield { start, end, headerLength: header.length, blockSize: header.blockSize };
    start = end;
    header = next;
  }
}

/** The frame with a variable-blocksize header numbering its first sample `sampleNumber`, and fresh checksums. */
export function renumberFrame(bytes: Uint8Array, frame: FlacFrame, sampleNumber: number): Uint8Array {
  const oldCodedLength = codedNumberLength(bytes[frame.start + 4]);
  const tail = bytes.subarray(frame.start + 4 + oldCodedLength, frame.start + frame.headerLength - 1);
  const coded = encodeCodedNumber(sampleNumber);
  const headerLength = 4 + coded.length + tail.length + 1;
  const out = new Uint8Array(frame.end - frame.start - frame.headerLength + headerLength);
  out.set([0xff, 0xf9, bytes[frame.start + 2], bytes[frame.start + 3]], 0);
  out.set(coded, 4);
  out.set(tail, 4 + coded.length);
  out[headerLength - 1] = crc8(out.subarray(0, headerLength - 1));
  out.set(bytes.subarray(frame.start + frame.headerLength, frame.end - 2), headerLength);
  const crc = crc16(out.subarray(0, out.length - 2));
  out[out.length - 2] = crc >> 8;
  out[out.length - 1] = crc & 0xff;
  return out;
}

interface FrameHeader {
  length: number;
  blockSize: number;
}

function parseFrameHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 5 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xfe) !== 0xf8) return undefined;
  const blockCode = bytes[at + 2] >> 4;
  const rateCode = bytes[at + 2] & 0x0f;
  if (blockCode === 0 || rateCode === 0x0f || (bytes[at + 3] & 0x01) !== 0 || bytes[at + 3] >> 4 > 10) return undefined;
  const codedLength = codedNumberLength(bytes[at + 4]);
  if (codedLength === 0) return undefined;
  let offset = at + 4 + codedLength;
  let blockSize: number;
  if (blockCode === 1) blockSize = 192;
  else if (blockCode <= 5) blockSize = 576 << (blockCode - 2);
  else if (blockCode === 6) blockSize = bytes[offset++] + 1;
  else if (blockCode === 7) {
    blockSize = ((bytes[offset] << 8) | bytes[offset + 1]) + 1;
    offset += 2;
  } else blockSize = 256 << (blockCode - 8);
  if (rateCode === 12) offset += 1;
  else if (rateCode === 13 || rateCode === 14) offset += 2;
  if (offset >= bytes.length || crc8(bytes.subarray(at, offset)) !== bytes[offset]) return undefined;
  return { length: offset + 1 - at, blockSize };
}

/** Bytes of the UTF-8-like coded number starting with `first` (0 when not a valid first byte). */
function codedNumberLength(first: number): number {
  if (first < 0x80) return 1;
  for (let length = 2, mask = 0xe0, prefix = 0xc0; length <= 7; length++, prefix = mask, mask = (mask >> 1) | 0x80) {
    if ((first & mask) === prefix) return length;
  }
  return 0;
}

function encodeCodedNumber(value: number): Uint8Array {
  if (value < 0x80) return Uint8Array.of(value);
  const length = value < 0x800 ? 2 : value < 0x10000 ? 3 : value < 0x200000 ? 4 : value < 0x4000000 ? 5 : value < 0x80000000 ? 6 : 7;
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i > 0; i--) {
    out[i] = 0x80 | (rest % 64);
    rest = Math.floor(rest / 64);
  }
  out[0] = ((0xff00 >> length) & 0xff) | rest;
  return out;
}

const CRC8_TABLE = crcTable(0x07, 8);
const CRC16_TABLE = crcTable(0x8005, 16);

function crcTable(polynomial: number, bits: number): Uint16Array {
  const top = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  return Uint16Array.from({ length: 256 }, (_, byte) => {
    let crc = byte << (bits - 8);
    for (let i = 0; i < 8; i++) crc = (crc & top ? (crc << 1) ^ polynomial : crc << 1) & mask;
    return crc;
  });
}

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = CRC8_TABLE[crc ^ byte];
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >> 8) ^ byte];
  return crc;
}
