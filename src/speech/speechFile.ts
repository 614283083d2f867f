/** Speech for a whole text as one audio file: the chunks requested in turn, joined as they arrive. */
import type { SpeechUsage } from '../gateway/types/speech';
import { audioJoiner, type AudioJoiner } from './audioJoin';
import type { SpeechChunk } from './chunking';
import { readAudio, Synthesizer, VoiceChoice } from './speechSynthesis';
import { addUsage } from './usage';

/** Where the file goes: appended to in order, then patched in place (e.g. an atomic file). */
export interface AudioFileSink {
  write(bytes: Uint8Array): Promise<void>;
  writeAt(position: number, bytes: Uint8Array): Promise<void>;
}

export interface SpeechFileResult {
  usage: SpeechUsage;
  requestIds: string[];
  /** Present when the file reached its size limit before every part was in: what it holds. */
  cut?: SpeechFileCut;
}

export interface SpeechFileCut {
  /** The parts written (the first ones). */
  parts: number;
  /** Characters of the text those parts say. */
  characters: number;
  bytes: number;
  limitBytes: number;
}

export interface SpeechFileOptions {
  onChunk?(done: number, count: number): void;
  /** The most the file may hold: no part is requested that would likely pass it, and none written that would. */
  limitBytes?: number;
}

export async function synthesizeToFile(
  chunks: readonly SpeechChunk[],
  api: Synthesizer,
  choice: VoiceChoice & { speed: number },
  sink: AudioFileSink,
  signal: AbortSignal,
  { onChunk, limitBytes = Infinity }: SpeechFileOptions = {},
): Promise<SpeechFileResult> {
  const joiner = audioJoiner(choice.format);
  const result: SpeechFileResult = { usage: {}, requestIds: [] };
  let bytes = 0;
  let characters = 0;
  for (const [index, chunk] of chunks.entries()) {
    // Audio grows with the text: the next part is judged by the bytes per character so far.
    const expected = characters === 0 ? 0 : (bytes / characters) * chunk.text.length;
    if (bytes + expected > limitBytes) return cut(result, joiner, sink, { parts: index, characters, bytes, limitBytes });
    const audio = await api.synthesize(
      { model: choice.model, voice: choice.voice, input: chunk.text, response_format: choice.format, speed: choice.speed },
      signal,
    );
    const raw = await readAudio(audio.body, signal);
    result.usage = addUsage(result.usage, audio.usage);
    if (audio.requestId) result.requestIds.push(audio.requestId);
    if (bytes + raw.length > limitBytes) return cut(result, joiner, sink, { parts: index, characters, bytes, limitBytes });
    const appended = joiner.append(raw);
    await sink.write(appended);
    bytes += appended.length;
    characters += chunk.text.length;
    onChunk?.(index + 1, chunks.length);
  }
  await finish(joiner, sink);
  return result;
}

async function cut(result: SpeechFileResult, joiner: AudioJoiner, sink: AudioFileSink, what: SpeechFileCut): Promise<SpeechFileResult> {
  if (what.parts > 0) await finish(joiner, sink);
  return { ...result, cut: what };
}

async function finish(joiner: AudioJoiner, sink: AudioFileSink): Promise<void> {
  for (const patch of joiner.finish()) await sink.writeAt(patch.offset, patch.bytes);
}
