import { BitWriter } from './bit-writer';
import { SentencePlan, SpeechTone } from './speech-plan';

/**
 * An MPEG-2 Layer III (LSF) writer for the speech plan. Instead of analysing PCM it writes each
 * tone straight into the frequency domain: one spectral line of magnitude 1 per granule, coded
 * with Huffman table 1, its loudness set by global_gain. The result is a genuine, standard MP3
 * stream (constant bit rate, no bit reservoir, no CRC) that any decoder turns into the tones.
 */

export const MP3_SAMPLES_PER_FRAME = 576;

const BITRATE_KBPS = 32;
const BITRATE_INDEX = 4; // 32 kbit/s in the MPEG-2 Layer III table
const SAMPLE_RATE_INDEX: ReadonlyMap<number, number> = new Map([
  [22050, 0],
  [24000, 1],
  [16000, 2],
]);
const SPECTRAL_LINES = 576;
/** 2^((gain - 210) / 4) scales a magnitude-1 line; calibrated to peaks of about 0.3 full scale. */
const TONE_GLOBAL_GAIN = 201;

/**
 * The frames of one sentence (its sample count is a multiple of 576). `firstFrameIndex` counts
 * the frames of earlier sentences so that padding slots stay right across sentence boundaries.
 */
export function encodeMp3Sentence(plan: SentencePlan, sampleRate: number, firstFrameIndex: number): Buffer {
  const rateIndex = SAMPLE_RATE_INDEX.get(sampleRate);
  if (rateIndex === undefined) {
    throw new RangeError(`MP3 needs a sample rate of 16000, 22050 or 24000, got ${sampleRate}`);
  }
  const frameCount = plan.sampleCount / MP3_SAMPLES_PER_FRAME;
  const frames: Buffer[] = [];
  let toneIndex = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    const centre = frame * MP3_SAMPLES_PER_FRAME + MP3_SAMPLES_PER_FRAME / 2;
    while (toneIndex < plan.tones.length && endOf(plan.tones[toneIndex]) <= centre) {
      toneIndex++;
    }
    const tone = plan.tones[toneIndex];
    const frequencyHz = tone !== undefined && tone.startSample <= centre ? tone.frequencyHz : 0;
    frames.push(encodeFrame(frequencyHz, sampleRate, rateIndex, firstFrameIndex + frame));
  }
  return Buffer.concat(frames);
}

function endOf(tone: SpeechTone): number {
  return tone.startSample + tone.sampleCount;
}

function encodeFrame(frequencyHz: number, sampleRate: number, rateIndex: number, frameIndex: number): Buffer {
  const { size, padded } = frameSize(sampleRate, frameIndex);
  const line = frequencyHz > 0 ? spectralLine(frequencyHz, sampleRate) : undefined;
  const pairs = line === undefined ? 0 : (line >> 1) + 1;
  const writer = new BitWriter(size);
  writer.writeBits(0x7ff, 11); // frame sync
  writer.writeBits(0b10, 2); // MPEG-2
  writer.writeBits(0b01, 2); // Layer III
  writer.writeBit(1); // no CRC
  writer.writeBits(BITRATE_INDEX, 4);
  writer.writeBits(rateIndex, 2);
  writer.writeBit(padded);
  writer.writeBit(0); // private
  writer.writeBits(0b11, 2); // single channel
  writer.writeBits(0, 2); // mode extension
  writer.writeBits(0b0100, 4); // not copyrighted, original, no emphasis

  writer.writeBits(0, 8); // main_data_begin: no bit reservoir
  writer.writeBits(0, 1); // private bits
  writer.writeBits(line === undefined ? 0 : huffmanBits(line), 12); // part2_3_length (part2, the scale factors, is empty)
  writer.writeBits(pairs, 9); // big_values
  writer.writeBits(line === undefined ? 0 : TONE_GLOBAL_GAIN, 8);
  writer.writeBits(0, 9); // scalefac_compress 0: every scale factor has length 0
  writer.writeBit(0); // window_switching_flag: long blocks
  for (let region = 0; region < 3; region++) {
    writer.writeBits(1, 5); // table_select: Huffman table 1 everywhere
  }
  writer.writeBits(0, 4); // region0_count
  writer.writeBits(0, 3); // region1_count
  writer.writeBit(0); // scalefac_scale
  writer.writeBit(0); // count1table_select (the count1 region is empty)

  if (line !== undefined) {
    writeHuffmanLine(writer, line);
  }
  writer.alignWithZeros();
  const frame = Buffer.alloc(size); // the rest is zero ancillary data
  writer.toBuffer().copy(frame);
  return frame;
}

function spectralLine(frequencyHz: number, sampleRate: number): number {
  const lineWidthHz = sampleRate / 2 / SPECTRAL_LINES;
  return Math.min(SPECTRAL_LINES - 1, Math.max(0, Math.round(frequencyHz / lineWidthHz - 0.5)));
}

/**
 * Huffman table 1 codes pairs (x, y) of magnitude 0 or 1: (0,0) "1", (1,0) "01", (0,1) "001",
 * each non-zero value followed by its sign bit. Only `line` is non-zero, with value +1.
 */
function writeHuffmanLine(writer: BitWriter, line: number): void {
  for (let pair = 0; pair < line >> 1; pair++) {
    writer.writeBit(1);
  }
  if (line % 2 === 0) {
    writer.writeBits(0b01, 2);
  } else {
    writer.writeBits(0b001, 3);
  }
  writer.writeBit(0); // sign: positive
}

function huffmanBits(line: number): number {
  return (line >> 1) + (line % 2 === 0 ? 2 : 3) + 1;
}

/**
 * Bytes of frame `frameIndex`: 72 * bitrate / rate, with a padding byte wherever the running
 * total would otherwise fall behind (only 22050 Hz needs it).
 */
function frameSize(sampleRate: number, frameIndex: number): { size: number; padded: boolean } {
  const bytesTimesRate = 72 * BITRATE_KBPS * 1000;
  const size =
    Math.floor(((frameIndex + 1) * bytesTimesRate) / sampleRate) - Math.floor((frameIndex * bytesTimesRate) / sampleRate);
  return { size, padded: size > Math.floor(bytesTimesRate / sampleRate) };
}
