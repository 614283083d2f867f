/** Which sentence of a chunk is being read, estimated from the playback position. */
import type { SpeechChunk } from './chunking';
import type { TextSpan } from './textSegmenter';

/**
 * Speech takes about the same time per character, so the sentence at a
 * fraction of the chunk's audio is the one at that fraction of its characters.
 */
export function sentenceAt(chunk: SpeechChunk, fraction: number): TextSpan | undefined {
  const total = chunk.sentences.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (total === 0) return undefined;
  const target = Math.min(Math.max(fraction, 0), 1) * total;
  let passed = 0;
  for (const sentence of chunk.sentences) {
    passed += sentence.end - sentence.start;
    if (target < passed) return sentence;
  }
  return chunk.sentences[chunk.sentences.length - 1];
}
