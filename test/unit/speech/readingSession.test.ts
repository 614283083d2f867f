import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkForSpeech } from '../../../src/speech/chunking';
import { DeliveredChunk, ReadingSession, SynthesizedChunk } from '../../../src/speech/readingSession';

const text = Array.from({ length: 60 }, (_, i) => `This is sentence ${i} of a long selection.`).join(' ');
const chunks = chunkForSpeech(text, { maxChars: 4096, firstChars: 60, targetChars: 200 });

function fakeAudio(index: number): SynthesizedChunk {
  return { audio: Uint8Array.of(index), mimeType: 'audio/mpeg', speed: 1, usage: { inputTokens: 1, outputTokens: 10, totalTokens: 11 } };
}

test('the first chunk reaches the player while later ones are still to be fetched; each is delivered once, in order', async () => {
  assert.ok(chunks.length >= 6);
  const fetches: number[] = [];
  const delivered: DeliveredChunk[] = [];
  let fetchedWhenFirstDelivered = -1;
  let session: ReadingSession | undefined;
  session = new ReadingSession(
    chunks,
    async (_chunk, index) => {
      fetches.push(index);
      await new Promise((r) => setTimeout(r, 5));
      return fakeAudio(index);
    },
    (chunk) => {
      delivered.push(chunk);
      if (chunk.index === 0) fetchedWhenFirstDelivered = fetches.length;
      // the player "plays" each chunk for 10 ms
      setTimeout(() => {
        session!.started(chunk.index);
        session!.played(chunk.index);
      }, 10);
    },
  );
  const report = await session.run();
  assert.equal(report.outcome, 'finished');
  assert.deepEqual(
    delivered.map((d) => d.index),
    chunks.map((_, i) => i),
  );
  assert.ok(fetchedWhenFirstDelivered < chunks.length, `first audio delivered after ${fetchedWhenFirstDelivered} of ${chunks.length} fetches`);
  assert.ok(report.firstAudioMs! < report.lastFetchedMs!);
  assert.equal(report.played, chunks.length);
  assert.deepEqual(report.usage, { inputTokens: chunks.length, outputTokens: 10 * chunks.length, totalTokens: 11 * chunks.length });
});

test('the player holds at most lookahead + 1 chunks: a slow player slows the fetching down', async () => {
  const delivered: number[] = [];
  const session = new ReadingSession(
    chunks,
    async (_c, index) => fakeAudio(index),
    (c) => delivered.push(c.index),
    { lookahead: 2 },
  );
  const run = session.run();
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(delivered, [0, 1, 2], 'nothing beyond the window while chunk 0 plays');
  session.played(0);
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(delivered, [0, 1, 2, 3]);
  session.stop();
  assert.equal((await run).outcome, 'stopped');
});

test('stop aborts every pending request and resolves at once', async () => {
  const signals: AbortSignal[] = [];
  const session = new ReadingSession(
    chunks,
    (_c, index, signal) => {
      signals.push(signal);
      return index === 0 ? Promise.resolve(fakeAudio(0)) : new Promise<SynthesizedChunk>(() => undefined);
    },
    () => undefined,
  );
  const run = session.run();
  await new Promise((r) => setTimeout(r, 10));
  session.stop();
  const report = await run;
  assert.equal(report.outcome, 'stopped');
  assert.ok(signals.length >= 2 && signals.every((s) => s.aborted), 'every request signal is aborted');
  assert.ok(report.requested < chunks.length);
});

test('a failed request fails the reading with its error and aborts the others', async () => {
  const signals: AbortSignal[] = [];
  const refusal = new Error("response_format 'opus' cannot be produced by this server; supported formats: mp3, flac, wav, pcm.");
  const session = new ReadingSession(
    chunks,
    async (_c, index, signal) => {
      signals.push(signal);
      if (index === 1) throw refusal;
      return fakeAudio(index);
    },
    () => undefined,
    { lookahead: 3 },
  );
  const report = await session.run();
  assert.equal(report.outcome, 'failed');
  assert.equal(report.error, refusal);
  assert.ok(signals.every((s) => s.aborted));
});
