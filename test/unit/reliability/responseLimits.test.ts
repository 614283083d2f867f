// A hostile gateway, over real HTTP: each cap of the client stops it with an error naming the cap,
// with bounded memory, time and open files, and nothing partial left on disk.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatSession } from '../../../src/chat/chatSession';
import { newConversation, type AssistantTurn } from '../../../src/chat/conversation';
import { MAX_PARALLEL_TOOL_CALLS, MAX_TOOL_CALLS_PER_ROUND, TOO_MANY_CALLS_RESULT } from '../../../src/chat/toolLoop';
import { GatewayClient } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import { openAtomicFile } from '../../../src/files/atomicFile';
import type { ByteSink } from '../../../src/gateway/media/byteSink';
import {
  formatBytes,
  MAX_CHAT_STREAM_BYTES,
  MAX_CHAT_STREAM_MS,
  MAX_ERROR_BODY_MS,
  MAX_JSON_BODY_BYTES,
  MAX_MEDIA_FIELDS,
} from '../../../src/gateway/responseLimits';
import { DEFAULT_TIMEOUTS } from '../../../src/gateway/transport';
import type { FaultSpec } from '../../emulator/index';
import { ENDLESS_ERROR_MESSAGE } from '../../emulator/core/endless-bodies';
import { concurrencyProbe, toolRuntime } from '../chat/toolTestHelpers';
import { clientFixture, type ClientFixture } from '../client/harness';
import { filesUnder } from './leftoverFiles';

const MiB = 2 ** 20;
const HUGE_BODY_BYTES = 700 * MiB;
const MAX_RSS_GROWTH_MB = 100;
/** Shorter than the real caps on time, which the tests check are the defaults. */
const TEST_ERROR_BODY_MS = 300;
const TEST_CHAT_STREAM_MS = 400;
/** Above the limit of calls that run; the emulator refuses a message with more than 128 (the most `tools` may hold). */
const MANY_CALLS = 120;

let f: ClientFixture;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'response-limits-'));

before(async () => {
  f = await clientFixture({}, { timeouts: { errorBodyMs: TEST_ERROR_BODY_MS }, retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } });
});

after(async () => {
  await f.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function withFaults<T>(spec: FaultSpec, run: () => Promise<T>): Promise<T> {
  f.emu.setFaults(spec);
  try {
    return await run();
  } finally {
    f.emu.setFaults(undefined);
  }
}

function limitError(error: unknown, cap: string): GatewayError {
  assert.ok(error instanceof GatewayError, `a GatewayError, got ${String(error)}`);
  assert.equal(error.code, 'response_limit');
  assert.ok(error.message.includes(cap), `"${error.message}" names ${cap}`);
  return error;
}

/** Runs `operation`, sampling the process's resident memory; returns its outcome and the peak growth in MB. */
async function peakRssGrowth<T>(operation: () => Promise<T>): Promise<{ outcome: T | { error: unknown }; growthMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const outcome = await operation().catch((error: unknown) => ({ error }));
    peak = Math.max(peak, process.memoryUsage().rss);
    return { outcome, growthMb: (peak - baseline) / MiB };
  } finally {
    clearInterval(sampler);
  }
}

function chatSession(
  tools?: ReturnType<typeof toolRuntime>['runtime'],
  client: GatewayClient = f.client,
): { session: ChatSession; lastAnswer(): AssistantTurn; answers(): AssistantTurn[] } {
  const conversation = newConversation('gpt-4o-mini', '');
  const session = new ChatSession(conversation, {
    backend: () => client.chat,
    requestOptions: () => ({}),
    listener: {
      structureChanged: () => undefined,
      textAppended: () => undefined,
      turnChanged: () => undefined,
      toolCallChanged: () => undefined,
      toolCallsGrew: () => undefined,
    },
    tools,
  });
  const answers = () => conversation.turns.filter((t): t is AssistantTurn => t.kind === 'assistant');
  return { session, answers, lastAnswer: () => answers().at(-1)! };
}

test(`a ${HUGE_BODY_BYTES / MiB} MiB JSON answer stops at ${formatBytes(MAX_JSON_BODY_BYTES)}, with bounded memory`, { timeout: 30_000 }, async (t) => {
  const started = Date.now();
  const { outcome, growthMb } = await withFaults({ hugeBody: HUGE_BODY_BYTES, pathPrefix: '/models' }, () => peakRssGrowth(() => f.client.models.list()));
  const seconds = (Date.now() - started) / 1000;
  t.diagnostic(`huge JSON body: refused after ${seconds.toFixed(2)} s, peak RSS growth ${growthMb.toFixed(1)} MB`);
  assert.ok('error' in outcome, 'the list is refused');
  const error = limitError(outcome.error, formatBytes(MAX_JSON_BODY_BYTES));
  assert.match(error.message, /^The gateway's response is larger than 16 MiB, the most this extension reads for a JSON answer\.$/);
  assert.ok(error.requestId, 'the request id is kept');
  assert.ok(growthMb < MAX_RSS_GROWTH_MB, `peak RSS growth ${growthMb.toFixed(1)} MB`);
  assert.ok((await f.client.models.list()).length > 0, 'the connection pool still works');
});

test('an endless error body gives its status and message once the first 64 KiB are read; each retry does the same', { timeout: 15_000 }, async () => {
  const before = f.received('/models');
  const error = await withFaults({ endlessErrorBody: true, errorStatus: 500, pathPrefix: '/models' }, () => f.client.models.list().catch((e: unknown) => e));
  assert.ok(error instanceof GatewayError);
  assert.equal(error.kind, 'http');
  assert.equal(error.status, 500);
  assert.equal(error.code, 'endless_error');
  assert.equal(error.message, ENDLESS_ERROR_MESSAGE);
  assert.equal(f.received('/models') - before, 2, 'retried as any 500, then given up');
});

test('a dripping error body is read for a limited time, then its status and message are the answer', { timeout: 15_000 }, async () => {
  assert.equal(DEFAULT_TIMEOUTS.errorBodyMs, MAX_ERROR_BODY_MS);
  assert.equal(MAX_ERROR_BODY_MS, 10_000);
  const started = Date.now();
  const error = await withFaults({ endlessErrorBody: true, errorStatus: 400, slowChunkMs: 100, pathPrefix: '/models' }, () =>
    f.client.models.list().catch((e: unknown) => e),
  );
  const elapsed = Date.now() - started;
  assert.ok(error instanceof GatewayError);
  assert.equal(error.status, 400);
  assert.equal(error.message, ENDLESS_ERROR_MESSAGE);
  assert.ok(elapsed >= TEST_ERROR_BODY_MS && elapsed < TEST_ERROR_BODY_MS + 1500, `answered after ${elapsed} ms`);
});

test(
  `an endless chat answer is cut at ${formatBytes(MAX_CHAT_STREAM_BYTES)}: the text so far is kept, the answer marked interrupted`,
  { timeout: 30_000 },
  async (t) => {
    const chat = chatSession();
    const started = Date.now();
    await withFaults({ endlessStream: true, pathPrefix: '/chat' }, () => chat.session.send('hello'));
    t.diagnostic(`endless stream: cut after ${((Date.now() - started) / 1000).toFixed(2)} s`);
    const turn = chat.lastAnswer();
    assert.equal(turn.status, 'interrupted');
    assert.ok(turn.text.startsWith('endless endless'));
    assert.ok(turn.text.length > MAX_CHAT_STREAM_BYTES * 0.9 && turn.text.length <= MAX_CHAT_STREAM_BYTES, `${turn.text.length} characters kept`);
    assert.match(turn.error?.message ?? '', /^The streamed answer is larger than 64 MiB, the most this extension reads for one answer; it was cut off there\./);
  },
);

test('a chat answer that never ends is cut when it has taken the longest an answer may take', { timeout: 15_000 }, async () => {
  assert.equal(DEFAULT_TIMEOUTS.chatStreamMs, MAX_CHAT_STREAM_MS);
  assert.equal(MAX_CHAT_STREAM_MS, 30 * 60_000);
  const client = new GatewayClient({
    baseUrl: f.emu.url,
    userAgent: 't',
    env: {},
    getCredential: async () => f.emu.apiKey,
    timeouts: { chatStreamMs: TEST_CHAT_STREAM_MS },
  });
  const chat = chatSession(undefined, client);
  const started = Date.now();
  await withFaults({ endlessStream: true, slowChunkMs: 50, pathPrefix: '/chat' }, () => chat.session.send('hello')).finally(() => client.close());
  const elapsed = Date.now() - started;
  const turn = chat.lastAnswer();
  assert.equal(turn.status, 'interrupted');
  assert.ok(turn.text.startsWith('endless'));
  assert.match(
    turn.error?.message ?? '',
    /^The streamed answer took longer than 0\.4 seconds, the most this extension waits for one answer; it was cut off there\./,
  );
  assert.ok(elapsed >= TEST_CHAT_STREAM_MS && elapsed < TEST_CHAT_STREAM_MS + 1500, `cut after ${elapsed} ms`);
});

test(
  `${MANY_CALLS} tool calls in one answer: ${MAX_TOOL_CALLS_PER_ROUND} run, at most ${MAX_PARALLEL_TOOL_CALLS} at a time; the model is told why the others did not`,
  { timeout: 15_000 },
  async () => {
    const probe = concurrencyProbe();
    const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true, run: probe.run }]);
    const chat = chatSession(runtime);
    await withFaults({ manyToolCalls: MANY_CALLS, pathPrefix: '/chat' }, () => chat.session.send('read everything'));
    const [calling, final] = chat.answers();
    assert.equal(calling?.toolCalls?.length, MANY_CALLS);
    assert.equal(probe.runs, MAX_TOOL_CALLS_PER_ROUND);
    assert.equal(probe.max, MAX_PARALLEL_TOOL_CALLS);
    assert.equal(
      calling?.toolCalls?.filter((call) => call.status === 'skipped' && call.result === TOO_MANY_CALLS_RESULT).length,
      MANY_CALLS - MAX_TOOL_CALLS_PER_ROUND,
    );
    assert.equal(final?.status, 'done', final?.error?.message);
    const sent = f.emu.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.body as { messages: Array<{ role: string; content: string }> };
    const toolMessages = sent.messages.filter((m) => m.role === 'tool');
    assert.equal(toolMessages.length, MANY_CALLS, 'every call is answered');
    assert.equal(toolMessages.filter((m) => m.content === TOO_MANY_CALLS_RESULT).length, MANY_CALLS - MAX_TOOL_CALLS_PER_ROUND);
  },
);

/** How many files this process holds open whose name ends in `.part`. */
function openPartFiles(): number {
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith('.part')) count++;
    } catch {
      // Closed while listing.
    }
  }
  return count;
}

/** Atomic files in `dir` that count the temporary files open at each write. */
function countingFiles(dir: string): { open: (o: { index: number }) => Promise<ByteSink>; readonly maxOpen: number } {
  let maxOpen = 0;
  return {
    open: async ({ index }) => {
      const file = await openAtomicFile(path.join(dir, `image-${index}.png`));
      return {
        write: async (bytes) => {
          await file.write(bytes);
          maxOpen = Math.max(maxOpen, openPartFiles());
        },
        finish: () => file.finish(),
        close: () => file.close(),
        abort: () => file.abort(),
      };
    },
    get maxOpen() {
      return maxOpen;
    },
  };
}

const IMAGE = { model: 'stable-image-core-1.1', prompt: 'a red fox in the snow at dawn', response_format: 'b64_json' } as const;

test('40 images in one response are saved with one temporary file open at a time', { skip: !fs.existsSync('/proc/self/fd'), timeout: 15_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(root, 'forty-'));
  const files = countingFiles(dir);
  const saved = await withFaults({ manyMediaFields: 40, pathPrefix: '/images' }, () => f.client.images.generateToSinks(IMAGE, files.open));
  assert.equal(saved.files, 40);
  assert.equal(files.maxOpen, 1, 'each file is closed when its field ends');
  assert.equal(filesUnder(dir).length, 40);
  assert.ok(
    filesUnder(dir).every((name) => name.endsWith('.png')),
    'no .part left',
  );
});

test(`a response with more than ${MAX_MEDIA_FIELDS} media results is refused, leaving no file at all`, { timeout: 15_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(root, 'too-many-'));
  const files = countingFiles(dir);
  const error = await withFaults({ manyMediaFields: 200, pathPrefix: '/images' }, () =>
    f.client.images.generateToSinks(IMAGE, files.open).catch((e: unknown) => e),
  );
  limitError(error, `more than ${MAX_MEDIA_FIELDS} media results`);
  assert.deepEqual(filesUnder(dir), [], 'no result, no .part');
});
