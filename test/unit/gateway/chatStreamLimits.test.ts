import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_STREAM_LIMITS, readChatChunkBatches } from '../../../src/gateway/chatChunkBatches';
import { GatewayError } from '../../../src/gateway/errors';
import { MAX_CHAT_STREAM_BYTES, MAX_CHAT_STREAM_MS } from '../../../src/gateway/responseLimits';

const EVENT = Buffer.from(`data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content: 'word ' }, finish_reason: null }] })}\n\n`);

/** A body sending EVENT forever, every `everyMs` (0: as fast as it is read); records whether it was let go. */
function endless(everyMs: number): AsyncIterable<Uint8Array> & { released: boolean } {
  const source = {
    released: false,
    async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          if (everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs));
          yield EVENT;
        }
      } finally {
        source.released = true;
      }
    },
  };
  return source;
}

async function readUntilFailure(source: AsyncIterable<Uint8Array>, limits: { maxBytes: number; maxMs: number }): Promise<{ chunks: number; error: unknown }> {
  let chunks = 0;
  try {
    for await (const batch of readChatChunkBatches(source, undefined, limits)) chunks += batch.length;
  } catch (error) {
    return { chunks, error };
  }
  assert.fail('an endless stream must fail');
}

test('the default limits are the named caps', () => {
  assert.deepEqual(CHAT_STREAM_LIMITS, { maxBytes: MAX_CHAT_STREAM_BYTES, maxMs: MAX_CHAT_STREAM_MS });
});

test('a stream larger than maxBytes fails naming the cap, after handing out what came before it, and lets the body go', async () => {
  const source = endless(0);
  const { chunks, error } = await readUntilFailure(source, { maxBytes: 100 * EVENT.length, maxMs: 60_000 });
  assert.equal(chunks, 100, 'every event within the limit was handed out');
  assert.ok(error instanceof GatewayError);
  assert.equal(error.kind, 'stream');
  assert.equal(error.code, 'response_limit');
  assert.match(error.message, new RegExp(`larger than ${100 * EVENT.length} bytes, the most this extension reads for one answer`));
  assert.equal(source.released, true);
});

test('a stream taking longer than maxMs fails naming the cap, even while the body waits, and lets the body go', async () => {
  const source = endless(30);
  const started = Date.now();
  const { chunks, error } = await readUntilFailure(source, { maxBytes: MAX_CHAT_STREAM_BYTES, maxMs: 200 });
  assert.ok(Date.now() - started < 400);
  assert.ok(chunks >= 3, `${chunks} chunks before the cut`);
  assert.ok(error instanceof GatewayError);
  assert.equal(error.code, 'response_limit');
  assert.match(error.message, /took longer than 0\.2 seconds, the most this extension waits for one answer/);
  assert.match(error.userMessage, /protects VS Code from a faulty gateway/);
  // A generator's return waits for the read it is in.
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(source.released, true);
});

test("the time limit counts from the call that starts reading; a caller's abort is still an aborted error", async () => {
  const batches = readChatChunkBatches(endless(10), undefined, { maxBytes: MAX_CHAT_STREAM_BYTES, maxMs: 100 });
  await new Promise((resolve) => setTimeout(resolve, 150));
  await assert.rejects(batches.next(), (e: unknown) => e instanceof GatewayError && e.code === 'response_limit');
  await assert.rejects(readChatChunkBatches(endless(0), AbortSignal.abort()).next(), (e: unknown) => e instanceof GatewayError && e.kind === 'aborted');
});
