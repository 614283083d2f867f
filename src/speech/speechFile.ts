/** Speech for a whole text as one audio file: the chunks requested in turn, joined as they arrive. */
import type { SpeechUsage } from '../gateway/types/speech';
import { audioJoiner } from './audioJoin';
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
}

export async function synthesizeToFile(
  chunks: readonly SpeechChunk[],
  api: Synthesizer,
  choice: VoiceChoice & { speed: number },
  sink: AudioFileSink,
  signal: AbortSignal,
  onChunk?: (done: number, count: number) => void,
): Promise<SpeechFileResult> {
  const joiner = audioJoiner(choice.format);
  const result: SpeechFileResult = { usage: {}, requestIds: [] };
  for (const [index, chunk] of chunks.entries()) {
    const audio = await api.synthesize(
      { model: choice.model, voice: choice.voice, input: chunk.text, response_format: choice.format, speed: choice.speed },
      signal,
    );
    const bytes = joiner.append(await readAudio(audio.body, signal));
    await sink.write(bytes);
    result.usage = addUsage(result.usage, audio.usage);
    if (audio.requestId) result.requestIds.push(audio.requestId);
    onChunk?.(index + 1, chunks.length);
  }
  for (const patch of joiner.finish()) await sink.writeAt(patch.offset, patch.bytes);
  return result;
}
