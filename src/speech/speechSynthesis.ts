/** Speech requests for chunks of text: for playback (a format a webview plays) and whole bodies read with abort. */
import { nextUnlessAborted, stopReading } from '../gateway/media/abortable';
import type { SpeechAudio } from '../gateway/speech';
import type { SpeechFormat, SpeechRequest } from '../gateway/types/speech';
import { AUDIO_FORMATS, pcmToWav, playbackFormat } from './audioFormats';
import type { SynthesizeChunk } from './readingSession';
import { joinBytes } from './joinBytes';

/** What synthesizes: the gateway client's `speech`, or a stand-in in tests. */
export interface Synthesizer {
  synthesize(req: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio>;
}

export interface VoiceChoice {
  model: string;
  voice: string;
  format: SpeechFormat;
}

/**
 * The whole body, or an 'aborted' error as soon as `signal` fires. The
 * gateway's body ends in a `response_limit` error beyond
 * MAX_SPEECH_AUDIO_BYTES (SpeechApi.synthesize), so this holds no more.
 */
export async function readAudio(body: AsyncIterable<Uint8Array>, signal: AbortSignal): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const items = body[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (let next = await nextUnlessAborted(items, signal); !next.done; next = await nextUnlessAborted(items, signal)) parts.push(next.value);
    ended = true;
  } finally {
    if (!ended) stopReading(items);
  }
  return joinBytes(parts);
}

/**
 * Chunks for the player: in the chosen format when a webview can play it
 * (else mp3), raw PCM wrapped in a WAV header; the speed is read for each
 * chunk, so a change applies from the next request on.
 */
export function playbackSynthesizer(api: Synthesizer, choice: VoiceChoice, speed: () => number): SynthesizeChunk {
  const format = playbackFormat(choice.format);
  return async (chunk, _index, signal) => {
    const chunkSpeed = speed();
    const audio = await api.synthesize({ model: choice.model, voice: choice.voice, input: chunk.text, response_format: format, speed: chunkSpeed }, signal);
    const bytes = await readAudio(audio.body, signal);
    return {
      audio: format === 'pcm' ? pcmToWav(bytes) : bytes,
      mimeType: format === 'pcm' ? AUDIO_FORMATS.wav.mimeType : AUDIO_FORMATS[format].mimeType,
      speed: chunkSpeed,
      usage: audio.usage,
      requestId: audio.requestId,
    };
  };
}
