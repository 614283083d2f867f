import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { GatewayError } from '../../../src/gateway/errors';
import { openAtomicFile } from '../../../src/files/atomicFile';
import type { ByteSink } from '../../../src/gateway/media/byteSink';
import { extractBase64Fields } from '../../../src/gateway/media/jsonMediaStream';
import { inChunksOf, listDir, memorySinks, withTempDir } from './mediaTestHelpers';

const MiB = 2 ** 20;

function videoBody(bytes: Buffer): string {
  return `{"videos":[{"base64_encoded":"${bytes.toString('base64')}","mime_type":"video/mp4"}]}`;
}

/** A sink whose writes each take `ms`, recording when they start and end. */
function slowSink(ms: number): ByteSink & { events: string[]; state: string } {
  const events: string[] = [];
  const sink = {
    events,
    state: 'open',
    write: async (bytes: Uint8Array) => {
      events.push(`start ${bytes.byteLength}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push('end');
    },
    finish: async () => {
      sink.state = 'finished';
    },
    close: async () => {
      sink.state = 'closed';
    },
    abort: async () => {
      sink.state = 'aborted';
    },
  };
  return sink;
}

test('a long value reaches the sink in writes of at least a MB, in order', async () => {
  const bytes = randomBytes(5 * MiB + 12_345);
  const { sinks, open } = memorySinks();
  await extractBase64Fields(inChunksOf(videoBody(bytes), 65_536), ['base64_encoded'], open);
  const parts = sinks[0].parts;
  assert.ok(parts.length >= 2 && parts.length <= 5, `${parts.length} writes`);
  for (const part of parts.slice(0, -1)) assert.ok(part.length >= MiB, `a write of ${part.length} bytes`);
  assert.ok(sinks[0].bytes.equals(bytes));
});

test('a failed write stops the extraction with its error and aborts the sink', async () => {
  const diskFull = new Error('ENOSPC');
  let writes = 0;
  let state = 'open';
  const sink: ByteSink = {
    write: async () => {
      writes++;
      if (writes === 2) throw diskFull;
    },
    finish: async () => {
      state = 'finished';
    },
    close: async () => {
      state = 'closed';
    },
    abort: async () => {
      state = 'aborted';
    },
  };
  const body = inChunksOf(videoBody(randomBytes(12 * MiB)), 65_536);
  await assert.rejects(extractBase64Fields(body, ['base64_encoded'], async () => sink), (error) => error === diskFull);
  assert.equal(state, 'aborted');
  assert.ok(writes <= 3, `${writes} writes were started`);
});

test('an abort while writes are queued drops them and aborts the sink after the write in flight', async () => {
  const sink = slowSink(100);
  const controller = new AbortController();
  async function* body(): AsyncGenerator<Uint8Array> {
    let sinceFirstWrite = 0;
    for await (const chunk of inChunksOf(videoBody(randomBytes(16 * MiB)), 65_536)) {
      // By 3 MB of base64 after the first write started, a second write is queued behind it.
      if (sink.events.length > 0) sinceFirstWrite += chunk.byteLength;
      if (sinceFirstWrite > 3 * MiB) controller.abort();
      yield chunk;
    }
  }
  const started = Date.now();
  await assert.rejects(
    extractBase64Fields(body(), ['base64_encoded'], async () => sink, controller.signal),
    (error) => error instanceof GatewayError && error.kind === 'aborted',
  );
  assert.ok(Date.now() - started < 2_000, `stopped after ${Date.now() - started} ms`);
  assert.equal(sink.state, 'aborted');
  assert.deepEqual(sink.events, [sink.events[0], 'end'], 'only the write in flight was made');
});

test('a file larger than the flush interval is complete once closed, and an aborted one leaves nothing', async () => {
  await withTempDir(async (dir) => {
    const bytes = randomBytes(20 * MiB);
    const file = await openAtomicFile(path.join(dir, 'big.bin'));
    for (let at = 0; at < bytes.length; at += 3 * MiB) await file.write(bytes.subarray(at, at + 3 * MiB));
    const saved = await file.close();
    assert.ok((await fs.readFile(saved)).equals(bytes));

    const aborted = await openAtomicFile(path.join(dir, 'gone.bin'));
    for (let at = 0; at < bytes.length; at += 3 * MiB) await aborted.write(bytes.subarray(at, at + 3 * MiB));
    await aborted.abort();
    assert.deepEqual(await listDir(dir), ['big.bin']);
  });
});
