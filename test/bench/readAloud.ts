/**
 * #6 Read aloud: time to first audio for a long selection against one
 * sentence, with the pure pipeline of the read-aloud command (clean the
 * text, chunk it, pick the voice, fetch the chunks in order) against the
 * emulator, whose every speech request waits a fixed latency first.
 */
import { GatewayClient } from '../../src/gateway/client';
import { chunkForSpeech, READING_CHUNKS } from '../../src/speech/chunking';
import { ReadingSession } from '../../src/speech/readingSession';
import { playbackSynthesizer } from '../../src/speech/speechSynthesis';
import { cleanForSpeech } from '../../src/speech/speechText';
import { voiceForText } from '../../src/speech/voices';
import { startEmulator } from '../emulator';
import { realisticAnswer } from '../unit/markdown/realisticAnswer';
import { loadAverage, medianOf, runInterleaved, summarize, type BenchmarkReport, type Contestant } from './harness';

export interface ReadAloudSizes {
  /** Characters of the long selection. */
  longChars: number;
  latencyMs: number;
  rounds: number;
}

export const READ_ALOUD_FULL: ReadAloudSizes = { longChars: 20_000, latencyMs: 300, rounds: 7 };
export const READ_ALOUD_TINY: ReadAloudSizes = { longChars: 600, latencyMs: 5, rounds: 1 };

const SENTENCE = 'The service returns a response when the request succeeds, and the client retries with exponential backoff.';
const SETTINGS = { voice: 'af_heart', voiceByLanguage: {} };

export async function readAloud(sizes: ReadAloudSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const emulator = await startEmulator();
  emulator.setFaults({ latencyMs: sizes.latencyMs, pathPrefix: '/audio' });
  const client = new GatewayClient({ baseUrl: emulator.url, userAgent: 'bench', env: {}, getCredential: async () => emulator.apiKey });
  const long = `${SENTENCE}\n\n${realisticAnswer(sizes.longChars)}`.slice(0, sizes.longChars);
  const ONE = 'one sentence';
  const LONG = `${long.length.toLocaleString('en')}-character selection`;
  try {
    const contestants: Contestant[] = [
      { name: ONE, run: async () => ({ ms: await timeToFirstAudio(client, SENTENCE) }) },
      { name: LONG, run: async () => ({ ms: await timeToFirstAudio(client, long) }) },
    ];
    const rows = summarize(await runInterleaved(contestants, sizes.rounds), { ms: { label: 'time to first audio', unit: 'ms' } });
    const ratio = medianOf(rows, LONG, 'time to first audio') / medianOf(rows, ONE, 'time to first audio');
    return {
      id: 'read-aloud',
      title: '6. Read aloud',
      setup: `${long.length.toLocaleString('en')} characters (markdown answer) vs one sentence (${SENTENCE.length} characters); emulator latency ${sizes.latencyMs} ms per request; ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: [{ label: 'long selection / one sentence', value: ratio }],
      targets: [{ label: 'long selection at most 1.5x one sentence', met: ratio <= 1.5 }],
      notes: [
        "Wall time from the command (clean, chunk, choose voice) to the first chunk's audio handed to the player; the in-process emulator renders real MP3.",
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await client.close();
    await emulator.close();
  }
}

/** Milliseconds from the start of reading `text` to its first audio, then stops the reading. */
async function timeToFirstAudio(client: GatewayClient, text: string): Promise<number> {
  const started = performance.now();
  const cleaned = cleanForSpeech(text);
  const chunks = chunkForSpeech(cleaned.text, READING_CHUNKS);
  const voice = voiceForText(cleaned.text, SETTINGS);
  let firstAudioAt = 0;
  const session = new ReadingSession(
    chunks,
    playbackSynthesizer(client.speech, { model: 'kokoro', voice, format: 'mp3' }, () => 1),
    () => {
      firstAudioAt ||= performance.now();
      session.stop();
    },
  );
  const report = await session.run();
  if (!firstAudioAt) throw new Error(`no audio: the reading ${report.outcome}`);
  return firstAudioAt - started;
}
