/**
 * Joins the audio files of several speech requests into one file of the same
 * format. MP3, AAC (ADTS) and PCM are streams of self-contained frames and
 * are appended as they are (less the ID3 tags of the later parts); Ogg Opus
 * files are appended as the links of a chained Ogg stream; WAV and FLAC keep
 * the first header, fixed once all parts are in, and FLAC frames are
 * re-numbered so the samples count on across parts.
 */
import { t } from '../l10n/localize';
import type { SpeechFormat } from '../gateway/types/speech';
import { flacFrames, readFlacMetadata, renumberFrame, SEEKTABLE_TYPE } from './flacFrames';
import { joinBytes } from './joinBytes';

/** Bytes to write over the file at `offset` once everything is written. */
export interface FilePatch {
  offset: number;
  bytes: Uint8Array;
}

export interface AudioJoiner {
  /** The bytes to append to the file for the next part (a whole file of the format). */
  append(part: Uint8Array): Uint8Array;
  /** The header fixes to apply at the end. */
  finish(): FilePatch[];
}

export function audioJoiner(format: SpeechFormat): AudioJoiner {
  switch (format) {
    case 'wav':
      return new WavJoiner();
    case 'flac':
      return new FlacJoiner();
    case 'mp3':
    case 'aac':
      return appendingJoiner(withoutId3);
    case 'opus':
    case 'pcm':
      return appendingJoiner((part) => part);
  }
}

function appendingJoiner(later: (part: Uint8Array) => Uint8Array): AudioJoiner {
  let first = true;
  return {
    append: (part) => {
      const bytes = first ? part : later(part);
      first = false;
      return bytes;
    },
    finish: () => [],
  };
}

function withoutId3(part: Uint8Array): Uint8Array {
  if (String.fromCharCode(...part.subarray(0, 3)) !== 'ID3' || part.length < 10) return part;
  const size = ((part[6] & 0x7f) << 21) | ((part[7] & 0x7f) << 14) | ((part[8] & 0x7f) << 7) | (part[9] & 0x7f);
  const footer = part[5] & 0x10 ? 10 : 0;
  return part.subarray(10 + size + footer);
}

class WavJoiner implements AudioJoiner {
  private headerLength = 0;
  private dataSizeOffset = 0;
  private dataBytes = 0;

  append(part: Uint8Array): Uint8Array {
    const { dataStart, dataLength } = wavData(part);
    this.dataBytes += dataLength;
    if (this.headerLength > 0) return part.subarray(dataStart, dataStart + dataLength);
    this.headerLength = dataStart;
    this.dataSizeOffset = dataStart - 4;
    return part.subarray(0, dataStart + dataLength);
  }

  finish(): FilePatch[] {
    return [
      { offset: 4, bytes: uint32le(this.headerLength + this.dataBytes - 8) },
      { offset: this.dataSizeOffset, bytes: uint32le(this.dataBytes) },
    ];
  }
}

/** Where the samples are; a streamed WAV may announce a size of 0 or 0xFFFFFFFF, so the bytes present count. */
function wavData(part: Uint8Array): { dataStart: number; dataLength: number } {
  const view = new DataView(part.buffer, part.byteOffset, part.byteLength);
  const id = (at: number): string => String.fromCharCode(...part.subarray(at, at + 4));
  if (id(0) !== 'RIFF' || id(8) !== 'WAVE') throw new Error(t('not a WAV file'));
  for (let offset = 12; offset + 8 <= part.length;) {
    const size = view.getUint32(offset + 4, true);
    if (id(offset) === 'data') {
      const dataStart = offset + 8;
      const present = part.length - dataStart;
      return { dataStart, dataLength: size === 0 || size > present ? present : size };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(t('WAV file without a data chunk'));
}

function uint32le(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

class FlacJoiner implements AudioJoiner {
  private streamInfo: Uint8Array | undefined;
  private samples = 0;
  private minBlock = Infinity;
  private maxBlock = 0;
  private minFrame = Infinity;
  private maxFrame = 0;

  append(part: Uint8Array): Uint8Array {
    const { blocks, framesStart } = readFlacMetadata(part);
    const out: Uint8Array[] = [];
    if (!this.streamInfo) {
      // Copies (new Uint8Array), since a Buffer's slice() would share memory with the part.
      this.streamInfo = new Uint8Array(blocks[0].bytes.subarray(4));
      // Seek points would point into the first part only.
      const kept = blocks.filter((b) => b.type !== SEEKTABLE_TYPE).map((b) => new Uint8Array(b.bytes));
      kept.forEach((block, i) => {
        block[0] = (block[0] & 0x7f) | (i === kept.length - 1 ? 0x80 : 0);
      });
      out.push(new TextEncoder().encode('fLaC'), ...kept);
    }
    for (const frame of flacFrames(part, framesStart)) {
      const renumbered = renumberFrame(part, frame, this.samples);
      out.push(renumbered);
      this.samples += frame.blockSize;
      this.minBlock = Math.min(this.minBlock, frame.blockSize);
      this.maxBlock = Math.max(this.maxBlock, frame.blockSize);
      this.minFrame = Math.min(this.minFrame, renumbered.length);
      this.maxFrame = Math.max(this.maxFrame, renumbered.length);
    }
    return joinBytes(out);
  }

  /** STREAMINFO with the joined stream's block and frame sizes and total; the MD5 is zeroed ("unknown"). */
  finish(): FilePatch[] {
    if (!this.streamInfo) return [];
    const info = new Uint8Array(this.streamInfo);
    const view = new DataView(info.buffer, info.byteOffset, info.byteLength);
    const frames = this.maxFrame > 0;
    // 16 is the smallest block size STREAMINFO may announce; only a part's last frame can be shorter.
    view.setUint16(0, frames ? Math.max(16, this.minBlock) : 0);
    view.setUint16(2, frames ? this.maxBlock : 0);
    setUint24(info, 4, frames ? this.minFrame : 0);
    setUint24(info, 7, frames ? this.maxFrame : 0);
    info[13] = (info[13] & 0xf0) | Math.floor(this.samples / 2 ** 32);
    view.setUint32(14, this.samples % 2 ** 32);
    info.fill(0, 18, 34);
    return [{ offset: 8, bytes: info }];
  }
}

function setUint24(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >> 16) & 0xff;
  bytes[at + 1] = (value >> 8) & 0xff;
  bytes[at + 2] = value & 0xff;
}
