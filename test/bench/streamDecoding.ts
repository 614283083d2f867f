/**
 * #1 Stream decoding: a chat completion of N chunks as SSE bytes, cut into
 * network reads, to chunk objects. Ours (the batches the chat view reads,
 * and one by one) against the `openai` client's Stream and against
 * eventsource-parser + JSON.parse; JSON.parse of the same payloads alone is
 * the limit. Every contestant reads the same bytes from a fresh web
 * ReadableStream and keeps the objects in an array.
 */
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { createParser } from 'eventsource-parser';
import { Stream } from 'openai/core/streaming';
import { readChatChunkBatches } from '../../src/gateway/chatChunkBatches';
import { readChatChunks } from '../../src/gateway/chatStream';
import type { ChatChunk } from '../../src/gateway/types/chat';
import { loadAverage, medianOf, runInterleaved, summarize, timeMs, type BenchmarkReport, type Contestant } from './harness';

export interface StreamDecodingSizes {
  chunks: number;
  /** Bytes per read of undici.request's body (ours), and of fetch's (the peers): as measured here for a fast local stream. */
  undiciReadBytes: number;
  fetchReadBytes: number;
  rounds: number;
}

export const STREAM_DECODING_FULL: StreamDecodingSizes = { chunks: 100_000, undiciReadBytes: 64_000, fetchReadBytes: 16_500, rounds: 9 };
export const STREAM_DECODING_TINY: StreamDecodingSizes = { chunks: 300, undiciReadBytes: 2_000, fetchReadBytes: 700, rounds: 1 };

const LIMIT = 'JSON.parse of the payloads alone (limit)';
const OURS = 'ours: readChatChunkBatches (chat view)';
const OURS_FETCH_READS = 'ours: readChatChunkBatches, fetch-size reads';
const OURS_ONE_BY_ONE = 'ours: readChatChunks (one by one)';
const EVENTSOURCE_PARSER = 'eventsource-parser 3 + JSON.parse';
const OPENAI = 'openai 6 Stream.fromSSEResponse';
const LIMIT_WITH_USAGE = 'JSON.parse alone, usage in every chunk';
const OURS_WITH_USAGE = 'ours: readChatChunkBatches, usage in every chunk';

/** Tokens of an answer; a few are not ASCII, as in real answers. */
const WORDS = [
  'The',
  ' request',
  ' returns',
  ' a',
  ' response',
  ' when',
  ' it',
  ' succeeds',
  '.',
  '\n\n',
  '```ts\n',
  'const',
  ' x',
  ' =',
  ' 1',
  ';',
  ' naïve',
  ' café',
  ' —',
  ' →',
  ' 日本',
];

interface ChatStreamFixture {
  bytes: Buffer;
  payloads: string[];
  contentLength: number;
}

export async function streamDecoding(sizes: StreamDecodingSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const fixture = chatStreamFixture(sizes.chunks);
  const withUsage = chatStreamFixture(sizes.chunks, { usageInEveryChunk: true });
  const undiciReads = cut(fixture.bytes, sizes.undiciReadBytes);
  const fetchReads = cut(fixture.bytes, sizes.fetchReadBytes);
  const contestant = (name: string, decode: () => Promise<ChatChunk[]>, decoded = fixture): Contestant => ({
    name,
    run: async () => {
      let chunks: ChatChunk[] = [];
      const time = await timeMs(async () => (chunks = await decode()));
      checkDecoded(chunks, decoded, sizes.chunks);
      return time;
    },
  });
  const contestants = [
    contestant(LIMIT, async () => fixture.payloads.map((p) => JSON.parse(p) as ChatChunk)),
    contestant(OURS, () => decodeWithBatches(Readable.from(undiciReads))),
    contestant(OURS_FETCH_READS, () => decodeWithBatches(webStream(fetchReads))),
    contestant(OURS_ONE_BY_ONE, () => decodeOneByOne(Readable.from(undiciReads))),
    contestant(EVENTSOURCE_PARSER, () => decodeWithEventsourceParser(webStream(fetchReads))),
    contestant(OPENAI, () => decodeWithOpenai(webStream(fetchReads))),
    contestant(LIMIT_WITH_USAGE, async () => withUsage.payloads.map((p) => JSON.parse(p) as ChatChunk), withUsage),
    contestant(OURS_WITH_USAGE, () => decodeWithBatches(Readable.from(cut(withUsage.bytes, sizes.undiciReadBytes))), withUsage),
  ];
  const rows = summarize(await runInterleaved(contestants, sizes.rounds), {
    cpu: { label: 'CPU time', unit: 'ms' },
    wall: { label: 'wall time', unit: 'ms' },
  });
  const ms = (name: string): number => medianOf(rows, name, 'CPU time');
  const openaiRatio = ms(OPENAI) / ms(OURS);
  const limitRatio = ms(OURS) / ms(LIMIT);
  return {
    id: 'stream-decoding',
    title: '1. Stream decoding',
    setup: `${sizes.chunks.toLocaleString('en')} chat chunks (the first sixth reasoning_content, as a reasoning model streams), ${(fixture.bytes.length / 2 ** 20).toFixed(1)} MB of SSE -> chunk objects; each client reads the body its HTTP stack hands it: ours (undici.request) a Node stream of ${sizes.undiciReadBytes / 1000} KB reads, the peers (fetch) a web ReadableStream of ${sizes.fetchReadBytes / 1000} KB reads; ${sizes.rounds} interleaved rounds`,
    rows,
    ratios: [
      { label: 'openai / ours (x faster)', value: openaiRatio },
      { label: 'eventsource-parser / ours (x faster)', value: ms(EVENTSOURCE_PARSER) / ms(OURS) },
      { label: 'ours / JSON.parse alone', value: limitRatio },
      { label: 'ours with fetch-size reads / JSON.parse alone', value: ms(OURS_FETCH_READS) / ms(LIMIT) },
      { label: 'ours one by one / JSON.parse alone', value: ms(OURS_ONE_BY_ONE) / ms(LIMIT) },
      { label: 'usage in every chunk: ours / JSON.parse alone', value: ms(OURS_WITH_USAGE) / ms(LIMIT_WITH_USAGE) },
    ],
    targets: [
      { label: 'ours at least 5x faster than openai', met: openaiRatio >= 5 },
      { label: 'ours within 1.2x of JSON.parse alone', met: limitRatio <= 1.2 },
    ],
    notes: [
      `Ratios use CPU time (process.cpuUsage of this process, which decodes in its main thread; V8's garbage-collector threads count too); a full GC before each run.`,
      'Ours can take less than JSON.parse alone: a chunk whose payload is the previous one with only its text (and OpenAI\'s random obfuscation padding) changed is built from the previous chunk, sharing its unchanged strings instead of parsing and allocating them again (src/gateway/chunkTemplate.ts). A stream whose chunks change otherwise is parsed chunk by chunk: the rows "usage in every chunk" (vLLM\'s continuous_usage_stats) show that case.',
      'A quarter of the chunks carry words that are not ASCII (é, —, →, 日本): the limit parses strings that already exist, every decoder must first make them from bytes, and V8 decodes UTF-8 that is not ASCII several times slower than ASCII.',
      `Read sizes: undici.request and fetch measured on this machine reading a fast local SSE stream (64 KB and about 16.5 KB per read). openai's SSE reader copies the rest of its buffer after each event, so it gets slower with larger reads.`,
    ],
    loadAverage: { before, after: loadAverage() },
  };
}

/** Every contestant must produce the same chunks: their number and content length are compared. */
function checkDecoded(chunks: readonly ChatChunk[], fixture: ChatStreamFixture, expected: number): void {
  const content = chunks.reduce((n, c) => n + (c.choices[0]?.delta.content?.length ?? 0) + (c.choices[0]?.delta.reasoning_content?.length ?? 0), 0);
  if (chunks.length !== expected || content !== fixture.contentLength) {
    throw new Error(`decoded ${chunks.length} chunks with ${content} characters; expected ${expected} with ${fixture.contentLength}`);
  }
}

async function decodeWithBatches(stream: AsyncIterable<Uint8Array>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const batch of readChatChunkBatches(stream)) for (const chunk of batch) chunks.push(chunk);
  return chunks;
}

async function decodeOneByOne(stream: AsyncIterable<Uint8Array>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of readChatChunks(stream)) chunks.push(chunk);
  return chunks;
}

async function decodeWithEventsourceParser(stream: ReadableStream<Uint8Array>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  let done = false;
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === '[DONE]') done = true;
      else if (!done) chunks.push(JSON.parse(event.data) as ChatChunk);
    },
  });
  const decoder = new TextDecoder();
  for await (const read of stream) {
    parser.feed(decoder.decode(read, { stream: true }));
    if (done) break;
  }
  return chunks;
}

async function decodeWithOpenai(stream: ReadableStream<Uint8Array>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  // node:stream/web's ReadableStream is the global one: only their type declarations differ.
  const response = new Response(stream as unknown as globalThis.ReadableStream<Uint8Array>, { headers: { 'content-type': 'text/event-stream' } });
  for await (const chunk of Stream.fromSSEResponse<ChatChunk>(response, new AbortController())) chunks.push(chunk);
  return chunks;
}

/** A fresh web stream of these reads, as fetch's body. */
function webStream(reads: readonly Buffer[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < reads.length) controller.enqueue(reads[next++]!);
      else controller.close();
    },
  });
}

function cut(bytes: Buffer, readBytes: number): Buffer[] {
  const reads: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += readBytes) reads.push(bytes.subarray(at, at + readBytes));
  return reads;
}

/**
 * A chat completion stream as the emulator sends it: role chunk, reasoning
 * then content chunks, finish chunk, a `: ping` every 16 events, [DONE];
 * with `usageInEveryChunk`, each chunk also carries the usage so far.
 */
function chatStreamFixture(count: number, options: { usageInEveryChunk?: boolean } = {}): ChatStreamFixture {
  const payloads: string[] = [];
  let contentLength = 0;
  const chunk = (delta: ChatChunk['choices'][number]['delta'], finish: 'stop' | null = null): string =>
    JSON.stringify({
      ...(options.usageInEveryChunk ? { usage: { prompt_tokens: 12, completion_tokens: payloads.length, total_tokens: 12 + payloads.length } } : {}),
      id: 'chatcmpl-9bench0123456789',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      system_fingerprint: 'fp_0123456789',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  payloads.push(chunk({ role: 'assistant', content: '' }));
  for (let i = 1; i < count - 1; i++) {
    // 8 is prime to the 21 words, so every word occurs (7 picked only three, all ASCII).
    const text = WORDS[(i * 8) % WORDS.length]!;
    contentLength += text.length;
    // A reasoning model thinks first: the first sixth of the text arrives as reasoning (20 KB before 100 KB).
    payloads.push(chunk(i < count / 6 ? { reasoning_content: text } : { content: text }));
  }
  payloads.push(chunk({}, 'stop'));
  const events = payloads.map((payload, i) => `data: ${payload}\n\n${i % 16 === 15 ? ': ping\n\n' : ''}`);
  return { bytes: Buffer.from(`${events.join('')}data: [DONE]\n\n`, 'utf8'), payloads, contentLength };
}
