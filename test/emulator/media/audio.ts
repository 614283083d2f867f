import { createHash } from 'node:crypto';
import { encodeFlacFrames, flacStreamHeader } from './flac';
import { encodeMp3Sentence, MP3_SAMPLES_PER_FRAME } from './mp3';
import { planSpeech, SentencePlan } from './speech-plan';
import { renderSentence, toS16le } from './speech-render';
import { wavHeader } from './wav';

export type EmulatedAudioFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export interface SpeechOptions {
  format: EmulatedAudioFormat;
  /** 0.25 to 4.0, as the speech endpoint allows. */
  speed: number;
  /** Defaults to 24000, the speech server's rate; mp3 allows only 16000, 22050 and 24000. */
  sampleRate?: number;
}

/** One valid file when concatenated; one chunk per sentence (the first also carries the file header). */
export interface EncodedSpeech {
  contentType: string;
  chunks: Buffer[];
}

export class UnsupportedAudioFormatError extends Error {
  constructor(
    readonly format: string,
    readonly supported: EmulatedAudioFormat[],
  ) {
    super(`The gateway emulator cannot produce "${format}" audio; supported formats: ${supported.join(', ')}`);
    this.name = 'UnsupportedAudioFormatError';
  }
}

const DEFAULT_SAMPLE_RATE = 24000;

type SpeechEncoder = (sentences: SentencePlan[], sampleRate: number) => EncodedSpeech;

const ENCODERS: ReadonlyMap<EmulatedAudioFormat, SpeechEncoder> = new Map<EmulatedAudioFormat, SpeechEncoder>([
  ['mp3', encodeMp3],
  ['flac', (plans, rate) => encodeFlac(render(plans, rate), rate)],
  ['wav', (plans, rate) => encodeWav(render(plans, rate), rate)],
  ['pcm', (plans, rate) => encodePcm(render(plans, rate))],
]);

/** The formats encodeSpeech really encodes; the others would need a real codec and are refused. */
export function supportedSpeechFormats(): EmulatedAudioFormat[] {
  return [...ENCODERS.keys()];
}

/**
 * A stand-in for text to speech: 16-bit mono tones, one per syllable, pitched after its letters,
 * about 0.06 s per character at speed 1.
 */
export function encodeSpeech(text: string, opts: SpeechOptions): EncodedSpeech {
  const encoder = ENCODERS.get(opts.format);
  if (encoder === undefined) {
    throw new UnsupportedAudioFormatError(opts.format, supportedSpeechFormats());
  }
  if (!(opts.speed >= 0.25 && opts.speed <= 4)) {
    throw new RangeError(`speech speed must be from 0.25 to 4.0, got ${opts.speed}`);
  }
  const sampleRate = opts.sampleRate ?? DEFAULT_SAMPLE_RATE;
  if (!Number.isInteger(sampleRate) || sampleRate < 8000 || sampleRate > 192000) {
    throw new RangeError(`speech sample rate must be an integer from 8000 to 192000, got ${sampleRate}`);
  }
  return encoder(planSpeech(text, opts.speed, sampleRate), sampleRate);
}

function render(plans: SentencePlan[], sampleRate: number): Int16Array[] {
  return plans.map((plan) => renderSentence(plan, sampleRate));
}

/** MP3 frames are self-contained, so the stream needs no header and every sentence is its own run of frames. */
function encodeMp3(plans: SentencePlan[], sampleRate: number): EncodedSpeech {
  let frameIndex = 0;
  const chunks = plans.map((plan) => {
    const frames = encodeMp3Sentence(plan, sampleRate, frameIndex);
    frameIndex += plan.sampleCount / MP3_SAMPLES_PER_FRAME;
    return frames;
  });
  return { contentType: 'audio/mpeg', chunks };
}

function encodePcm(sentences: Int16Array[]): EncodedSpeech {
  return { contentType: 'audio/pcm', chunks: sentences.map(toS16le) };
}

function encodeWav(sentences: Int16Array[], sampleRate: number): EncodedSpeech {
  const dataBytes = sentences.reduce((sum, sentence) => sum + sentence.byteLength, 0);
  const chunks = sentences.map(toS16le);
  return { contentType: 'audio/wav', chunks: withHeader(wavHeader(sampleRate, dataBytes), chunks) };
}

function encodeFlac(sentences: Int16Array[], sampleRate: number): EncodedSpeech {
  const md5 = createHash('md5');
  let frameNumber = 0;
  let minFrameSize = Infinity;
  let maxFrameSize = 0;
  const chunks = sentences.map((sentence) => {
    md5.update(toS16le(sentence));
    const frames = encodeFlacFrames(sentence, frameNumber, sampleRate);
    frameNumber += frames.frameCount;
    minFrameSize = Math.min(minFrameSize, frames.minFrameSize);
    maxFrameSize = Math.max(maxFrameSize, frames.maxFrameSize);
    return frames.bytes;
  });
  const totalSamples = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
  const header = flacStreamHeader({
    sampleRate,
    totalSamples,
    minFrameSize,
    maxFrameSize,
    md5: md5.digest(),
  });
  return { contentType: 'audio/flac', chunks: withHeader(header, chunks) };
}

/** The header joins the first sentence's chunk (there is always at least one sentence). */
function withHeader(header: Buffer, chunks: Buffer[]): Buffer[] {
  return [Buffer.concat([header, chunks[0]]), ...chunks.slice(1)];
}
