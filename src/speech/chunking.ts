/**
 * Splits text into the pieces sent to the speech endpoint: whole sentences,
 * each piece at most the endpoint's input limit. The first piece is kept
 * short so that sound starts soon; the rest are larger, for fewer requests.
 */
import { SPEECH_INPUT_MAX_CHARS } from '../gateway/validation/limits';
import { defaultSegmenter, TextSegmenter, TextSpan } from './textSegmenter';

export interface SpeechChunk extends TextSpan {
  text: string;
  /** The sentences of the chunk, as offsets in the whole text. */
  sentences: TextSpan[];
}

export interface ChunkSizes {
  /** Never exceeded: the endpoint's input limit. */
  maxChars: number;
  /** The first chunk's size to aim at (a longer first sentence is still sent whole). */
  firstChars: number;
  /** The size to aim at for the other chunks. */
  targetChars: number;
}

/** For reading aloud: a quick first chunk, then larger ones. */
export const READING_CHUNKS: ChunkSizes = { maxChars: SPEECH_INPUT_MAX_CHARS, firstChars: 240, targetChars: 1200 };
/** For a file: as few requests as possible. */
export const FILE_CHUNKS: ChunkSizes = { maxChars: SPEECH_INPUT_MAX_CHARS, firstChars: SPEECH_INPUT_MAX_CHARS, targetChars: SPEECH_INPUT_MAX_CHARS };

const SPEAKABLE = /[\p{L}\p{N}]/u;
const CLAUSE_END = /\p{P}\s*$/u;

export function chunkForSpeech(text: string, sizes: ChunkSizes = READING_CHUNKS, segmenter: TextSegmenter = defaultSegmenter()): SpeechChunk[] {
  const max = Math.min(sizes.maxChars, SPEECH_INPUT_MAX_CHARS);
  const sentences = segmenter
    .sentences(text)
    .map((span) => trimSpan(text, span))
    .filter((span) => SPEAKABLE.test(text.slice(span.start, span.end)))
    .flatMap((span) => (span.end - span.start > max ? splitLongSentence(text, span, max, segmenter) : [span]));
  const chunks: SpeechChunk[] = [];
  let current: TextSpan[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const start = current[0].start;
    const end = current[current.length - 1].end;
    chunks.push({ start, end, text: text.slice(start, end), sentences: current });
    current = [];
  };
  for (const sentence of sentences) {
    const limit = Math.min(max, chunks.length === 0 ? sizes.firstChars : sizes.targetChars);
    if (current.length > 0 && sentence.end - current[0].start > limit) flush();
    current.push(sentence);
  }
  flush();
  return chunks;
}

/**
 * Cuts a sentence longer than `max` at word boundaries, preferring, in the
 * second half of the window, a cut after a clause's punctuation, then one
 * after whitespace; a single word longer than `max` is the only thing ever
 * cut inside a word.
 */
function splitLongSentence(text: string, span: TextSpan, max: number, segmenter: TextSegmenter): TextSpan[] {
  const pieces: TextSpan[] = [];
  let start = span.start;
  while (span.end - start > max) {
    const limit = start + max;
    const breaks = segmenter.wordBreaks(text, start, Math.min(span.end, limit + 1)).filter((b) => b.offset <= limit);
    const late = breaks.filter((b) => b.afterSeparator && b.offset - start >= max / 2);
    const cut =
      late.filter((b) => CLAUSE_END.test(text.slice(Math.max(start, b.offset - 8), b.offset))).at(-1)?.offset ??
      late.at(-1)?.offset ??
      breaks.at(-1)?.offset ??
      segmenter
        .characterBreaks(text, start, limit + 1)
        .filter((o) => o <= limit)
        .at(-1) ??
      limit;
    const piece = trimSpan(text, { start, end: cut });
    if (piece.end > piece.start) pieces.push(piece);
    start = cut;
  }
  const rest = trimSpan(text, { start, end: span.end });
  if (rest.end > rest.start) pieces.push(rest);
  return pieces;
}

function trimSpan(text: string, span: TextSpan): TextSpan {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}
