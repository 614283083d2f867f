// Reading aloud against the real emulator over HTTP: chunks fetched ahead of a simulated player,
// time to first audio, and Stop aborting the requests still pending.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkForSpeech, READING_CHUNKS } from '../../../src/speech/chunking';
import { ReadingReport, ReadingSession, SynthesizeChunk } from '../../../src/speech/readingSession';
import { cleanForSpeech } from '../../../src/speech/speechText';
import { playbackSynthesizer } from '../../../src/speech/speechSynthesis';
import { sniffAudioFormat } from '../../../src/speech/audioFormats';
import { clientFixture, type ClientFixture } from '../client/harness';

const LONG_SELECTION = Array.from({ length: 90 }, (_, i) => `Paragraph ${i} explains one more detail of the design, in plain words.`).join(' ');
const ONE_SENTENCE = 'Paragraph 0 explains one more detail of the design, in plain words.';

/** A player that "plays" each chunk for `playMs` and records when audio arrived. */
async function readWith(
  f: ClientFixture,
  text: string,
  opts: { playMs: number; stopAfterFirst?: boolean },
): Promise<{ report: ReadingReport; requestsAtFirstAudio: number; signals: AbortSignal[]; chunkCount: number }> {
  const chunks = chunkForSpeech(cleanForSpeech(text).text, READING_CHUNKS);
  const synthesize = playbackSynthesizer(f.client.speech, { model: 'kokoro', voice: 'af_heart', format: 'mp3' }, () => 1);
  const signals: AbortSignal[] = [];
  const recording: SynthesizeChunk = (chunk, index, signal) => {
    signals.push(signal);
    return synthesize(chunk, index, signal);
  };
  let requestsAtFirstAudio = -1;
  const session: ReadingSession = new ReadingSession(chunks, recording, ({ index, audio }) => {
    assert.equal(sniffAudioFormat(audio.audio), 'mp3');
    if (index === 0) {
      requestsAtFirstAudio = f.received('/audio/speech');
      if (opts.stopAfterFirst) {
        setTimeout(() => session.stop(), 50);
        return;
      }
    }
    setTimeout(() => {
      session.started(index);
      session.played(index);
    }, opts.playMs);
  });
  return { report: await session.run(), requestsAtFirstAudio, signals, chunkCount: chunks.length };
}

test('a long selection: the first audio reaches the player before the last chunk is even requested', async () => {
  const f = await clientFixture({ faults: { slowChunkMs: 15, pathPrefix: '/audio' } });
  try {
    const { report, requestsAtFirstAudio, chunkCount } = await readWith(f, LONG_SELECTION, { playMs: 40 });
    assert.ok(LONG_SELECTION.length > 4096);
    assert.equal(report.outcome, 'finished');
    assert.ok(chunkCount >= 5, `${chunkCount} chunks`);
    assert.ok(requestsAtFirstAudio <= 2, `${requestsAtFirstAudio} requests sent when the first audio arrived`);
    assert.ok(report.firstAudioMs! < report.lastFetchedMs!, `first audio ${report.firstAudioMs} ms, last chunk ${report.lastFetchedMs} ms`);
    assert.equal(f.received('/audio/speech'), chunkCount, 'each chunk requested once');
    assert.ok((report.usage.totalTokens ?? 0) > 0, 'usage headers are added up');
  } finally {
    await f.close();
  }
});

test('time to first audio: a long selection starts about as soon as a single sentence', async () => {
  const f = await clientFixture();
  try {
    const measure = async (text: string): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { report } = await readWith(f, text, { playMs: 0, stopAfterFirst: true });
        times.push(report.firstAudioMs!);
      }
      return times.sort((a, b) => a - b)[1];
    };
    await measure(ONE_SENTENCE); // warm-up: connection and JIT
    const single = await measure(ONE_SENTENCE);
    const long = await measure(LONG_SELECTION);
    const whole = Date.now();
    await readWith(f, LONG_SELECTION, { playMs: 0 });
    const allChunksMs = Date.now() - whole;
    console.log(
      `time to first audio: one sentence ${single} ms, long selection (${LONG_SELECTION.length} characters) ${long} ms; all of its chunks ${allChunksMs} ms`,
    );
    assert.ok(long < allChunksMs / 2, `the first audio (${long} ms) does not wait for the whole text (${allChunksMs} ms)`);
    assert.ok(long < single * 6 + 50, `long ${long} ms vs one sentence ${single} ms`);
  } finally {
    await f.close();
  }
});

test('Stop aborts every pending request: nothing more is requested, the open response is cut', async () => {
  // Each sentence of the response comes 150 ms after the previous one, so requests are in flight when Stop comes.
  const f = await clientFixture({ faults: { slowChunkMs: 150, pathPrefix: '/audio' } });
  try {
    const started = Date.now();
    const { report, signals, chunkCount } = await readWith(f, LONG_SELECTION, { playMs: 0, stopAfterFirst: true });
    const stoppedAfter = Date.now() - started;
    assert.equal(report.outcome, 'stopped');
    assert.ok(signals.length >= 2, 'a second chunk was being fetched');
    assert.ok(
      signals.every((s) => s.aborted),
      'every request was aborted',
    );
    assert.ok(report.fetched < chunkCount && report.requested < chunkCount);
    const requests = f.received('/audio/speech');
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(f.received('/audio/speech'), requests, 'no request after Stop');
    const secondChunkSentences = chunkForSpeech(cleanForSpeech(LONG_SELECTION).text, READING_CHUNKS)[1].sentences.length;
    assert.ok(stoppedAfter < report.firstAudioMs! + secondChunkSentences * 150, `stopped after ${stoppedAfter} ms, without waiting for the second chunk`);
  } finally {
    await f.close();
  }
});

test("a format the server refuses fails with the server's message naming the supported ones", async () => {
  const f = await clientFixture();
  try {
    const chunks = chunkForSpeech('Hello there.');
    const session = new ReadingSession(
      chunks,
      playbackSynthesizer(f.client.speech, { model: 'kokoro', voice: 'af_heart', format: 'opus' }, () => 1),
      () => undefined,
    );
    const report = await session.run();
    assert.equal(report.outcome, 'failed');
    assert.match(String((report.error as Error).message), /opus.*supported formats: mp3, flac, wav, pcm/);
  } finally {
    await f.close();
  }
});
