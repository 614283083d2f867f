import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GatewayError } from '../../src/gateway/errors';
import { readChatChunks } from '../../src/gateway/chatStream';
import { SseDecoder, SseErrorField, type SseEvent } from '../../src/gateway/sse';
import type { ChatChunk } from '../../src/gateway/types/chat';
import { everySplit, inPieces } from '../support/splitWrites';

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** The events one push completed. */
function pushed(decoder: SseDecoder, bytes: Uint8Array): SseEvent[] {
  const events: SseEvent[] = [];
  decoder.push(bytes, (event) => events.push(event) > 0);
  return events;
}

/** The event the end of the stream completed, if any. */
function ended(decoder: SseDecoder): SseEvent[] {
  const events: SseEvent[] = [];
  decoder.end((event) => events.push(event) > 0);
  return events;
}

/** Decodes the writes, then ends the stream. */
function decodeWrites(writes: readonly Uint8Array[]): SseEvent[] {
  const decoder = new SseDecoder();
  return [...writes.flatMap((write) => pushed(decoder, write)), ...ended(decoder)];
}

/** Decodes `bytes` pushed in pieces of the given sizes (cycled; 1 byte when empty). */
function decodeInPieces(bytes: Uint8Array, sizes: readonly number[] = []): SseEvent[] {
  return decodeWrites(inPieces(bytes, sizes));
}

function decodeWhole(bytes: Uint8Array): SseEvent[] {
  return decodeWrites([bytes]);
}

/**
 * An independent, naive reading of the WHATWG algorithm, used as the oracle,
 * with this decoder's two additions: the `error` field, and an event whose
 * lines all ended dispatched at end of stream.
 */
function referenceDecode(bytes: Uint8Array): SseEvent[] {
  const lines = new TextDecoder().decode(bytes).split(/\r\n|\r|\n/);
  const unterminated = lines.pop();
  const events: SseEvent[] = [];
  let data: string[] | undefined;
  let error: string[] | undefined;
  const dispatch = (): void => {
    if (error) events.push(new SseErrorField(error.join('\n')));
    else if (data) events.push(data.join('\n'));
    data = error = undefined;
  };
  for (const line of lines) {
    if (line === '') {
      dispatch();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') (data ??= []).push(value);
    if (field === 'error') (error ??= []).push(value);
  }
  if (unterminated === '') dispatch();
  return events;
}

test('events end with LF, CRLF or lone CR line endings alike', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    const stream = `data: one${eol}${eol}data: two${eol}data: three${eol}${eol}`;
    assert.deepEqual(decodeWhole(utf8(stream)), ['one', 'two\nthree'], JSON.stringify(eol));
    assert.deepEqual(decodeInPieces(utf8(stream)), ['one', 'two\nthree'], JSON.stringify(eol));
  }
});

test('mixed line endings in one stream', () => {
  assert.deepEqual(decodeWhole(utf8('data: a\r\ndata: b\rdata: c\n\r\ndata: d\r\r')), ['a\nb\nc', 'd']);
});

test('a CR ending one push and a LF starting the next are one line ending', () => {
  const decoder = new SseDecoder();
  assert.deepEqual(pushed(decoder, utf8('data: a\r')), []);
  assert.deepEqual(pushed(decoder, utf8('\ndata: b\r')), []);
  assert.deepEqual(pushed(decoder, utf8('\n\r')), ['a\nb']);
  assert.deepEqual(pushed(decoder, utf8('\ndata: c\r')), []);
  assert.deepEqual(pushed(decoder, utf8('\r')), ['c']);
});

test('comment lines are ignored, also between the data lines of one event', () => {
  const stream = ': ping\n\ndata: a\n: keep-alive\ndata: b\n\n:\n\n';
  assert.deepEqual(decodeWhole(utf8(stream)), ['a\nb']);
});

test('multi-line data is joined with LF; empty data lines are kept', () => {
  assert.deepEqual(decodeWhole(utf8('data: {"a":\ndata: 1}\n\ndata:\ndata: x\ndata:\n\n')), ['{"a":\n1}', '\nx\n']);
});

test('the space after "data:" is optional and only one is removed', () => {
  assert.deepEqual(decodeWhole(utf8('data:x\n\ndata:  two spaces\n\ndata: \n\n')), ['x', ' two spaces', '']);
});

test('"data" without a colon is a data line with an empty value', () => {
  assert.deepEqual(decodeWhole(utf8('data\n\ndata\ndata: b\n\n')), ['', '\nb']);
});

test('event, id, retry and unknown fields are parsed and ignored', () => {
  const stream = 'event: message\nid: 7\nretry: 1000\ndata: a\n\nevent: only\nid: 8\n\n' + 'datax: no\nData: no\n data: no\nfoo: data: no\ndat\ndata: yes\n\n';
  assert.deepEqual(decodeWhole(utf8(stream)), ['a', 'yes']);
});

test('an event without data lines produces nothing', () => {
  assert.deepEqual(decodeWhole(utf8('event: ping\n\n\n\n: c\n\n')), []);
});

test('a BOM at stream start is skipped, even split byte by byte', () => {
  const stream = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('data: a\n\n')]);
  assert.deepEqual(decodeWhole(stream), ['a']);
  assert.deepEqual(decodeInPieces(stream), ['a']);
});

test('a BOM is skipped only at stream start', () => {
  const stream = new Uint8Array([...utf8('data: a\n\n'), 0xef, 0xbb, 0xbf, ...utf8('data: b\n\ndata: \uFEFFc\n\n')]);
  assert.deepEqual(decodeWhole(stream), ['a', '\uFEFFc']);
});

test('UTF-8 characters split at every byte decode whole (emoji, CJK, accents)', () => {
  const text = '😀 你好, naïve 𝄞 ok';
  const stream = utf8(`data: {"content":"${text}"}\n\ndata: ${text}\ndata: ascii\n\n`);
  const expected = [`{"content":"${text}"}`, `${text}\nascii`];
  for (let size = 1; size <= 7; size++) assert.deepEqual(decodeInPieces(stream, [size]), expected, `pieces of ${size}`);
  for (const { name, writes } of everySplit(stream)) assert.deepEqual(decodeWrites(writes), expected, name);
});

test('ASCII and non-ASCII payloads in one push each decode correctly', () => {
  const events = ['{"c":"a"}', '{"c":"é"}', '{"c":"b"}', '{"c":"你"}', '{"c":"c"}'];
  assert.deepEqual(decodeWhole(utf8(events.map((e) => `data: ${e}\n\n`).join(''))), events);
});

test('invalid UTF-8 becomes U+FFFD, as when decoding the whole stream', () => {
  const stream = new Uint8Array([...utf8('data: a'), 0xff, 0xe4, 0xbd, ...utf8('\n\ndata: '), 0x80, ...utf8('b\n\n')]);
  assert.deepEqual(decodeWhole(stream), ['a\uFFFD\uFFFD', '\uFFFDb']);
  assert.deepEqual(decodeInPieces(stream), decodeWhole(stream));
});

test('at end of stream, an event whose lines all ended is dispatched without its blank line (llama.cpp ends so)', () => {
  const decoder = new SseDecoder();
  assert.deepEqual(pushed(decoder, utf8('data: a\n\ndata: [DONE]\n')), ['a']);
  assert.deepEqual(ended(decoder), ['[DONE]']);
  for (const eol of ['\n', '\r\n', '\r']) {
    const stream = utf8(`data: a${eol}${eol}data: b${eol}data: c${eol}`);
    for (const { name, writes } of everySplit(stream)) assert.deepEqual(decodeWrites(writes), ['a', 'b\nc'], `${JSON.stringify(eol)}, ${name}`);
  }
});

test('at end of stream, an unterminated last line is discarded with its event', () => {
  const stream = utf8('data: a\n\ndata: b\ndata: [DO');
  for (const { name, writes } of everySplit(stream)) assert.deepEqual(decodeWrites(writes), ['a'], name);
  assert.deepEqual(decodeWhole(utf8('data: a\n\n: comment')), ['a']);
});

test('an error field (llama.cpp) is an event of its own kind, also without a blank line at the end', () => {
  const error = '{"code":500,"message":"the request exceeds the available context size","type":"server_error"}';
  const stream = utf8(`data: a\n\nerror: ${error}\n\ndata: [DONE]\n\nerror:x\nerror\n`);
  for (const { name, writes } of everySplit(stream)) {
    assert.deepEqual(decodeWrites(writes), ['a', new SseErrorField(error), '[DONE]', new SseErrorField('x\n')], name);
  }
  assert.deepEqual(decodeWhole(utf8('data: a\nerror: e\n\nerrors: no\n\nError: no\n\n')), [new SseErrorField('e')]);
});

test('end() resets the decoder for a new stream', () => {
  const decoder = new SseDecoder();
  pushed(decoder, utf8('data: cut'));
  ended(decoder);
  assert.deepEqual(pushed(decoder, utf8('\uFEFFdata: fresh\n\n')), ['fresh']);
});

test('the caller may reuse its buffer after push', () => {
  const decoder = new SseDecoder();
  const buffer = utf8('data: abc');
  pushed(decoder, buffer);
  buffer.fill(0x78);
  assert.deepEqual(pushed(decoder, utf8('\n\n')), ['abc']);
});

test('plain Uint8Array and Buffer input give the same result', () => {
  const text = 'data: x\n\ndata: 😀\n\n';
  assert.deepEqual(decodeWhole(Buffer.from(text)), decodeWhole(utf8(text)));
});

test('a long event arriving in many small pushes is decoded in linear time', () => {
  const payload = 'x'.repeat(2_000_000);
  const stream = utf8(`data: ${payload}\n\n`);
  const started = Date.now();
  assert.deepEqual(decodeInPieces(stream, [100]), [payload]);
  assert.ok(Date.now() - started < 5_000);
});

const lineEnding = fc.constantFrom('\n', '\r\n', '\r');
const value = fc.string({ unit: 'binary', maxLength: 24 }).map((s) => s.replace(/[\r\n]/g, ''));
const line = fc.oneof(
  value.map((v) => `data: ${v}`),
  value.map((v) => `data:${v}`),
  fc.constant('data'),
  value.map((v) => `:${v}`),
  value.map((v) => `event: ${v}`),
  value.map((v) => `id: ${v}`),
  fc.nat().map((n) => `retry: ${n}`),
  value,
);
const sseEvent = fc
  .tuple(fc.array(fc.tuple(line, lineEnding), { maxLength: 5 }), lineEnding)
  .map(([lines, end]) => lines.map(([l, e]) => l + e).join('') + end);
const eventStream = fc
  .tuple(fc.boolean(), fc.array(sseEvent, { maxLength: 8 }), fc.oneof(fc.constant(''), line))
  .map(([bom, events, unterminated]) => utf8(`${bom ? '\uFEFF' : ''}${events.join('')}${unterminated}`));
const pieceSizes = fc.oneof(fc.constant([]), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }));

test('property: any chunking of an event stream decodes like one push and like the reference', () => {
  fc.assert(
    fc.property(eventStream, pieceSizes, (bytes, sizes) => {
      const whole = decodeWhole(bytes);
      assert.deepEqual(decodeInPieces(bytes, sizes), whole);
      assert.deepEqual(whole, referenceDecode(bytes));
    }),
    { numRuns: 500 },
  );
});

const byteSoup = fc
  .array(fc.constantFrom('\n', '\r', ':', ' ', 'data', 'data:', 'x', '\uFEFF', '你', '😀', '\x80', '\xff', '\xe4\xbd'), { maxLength: 60 })
  // Parts in the latin1 range are raw bytes (so '\xe4\xbd' is a cut-off CJK character); the others are UTF-8.
  .map((parts) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p, /^[\x00-\xff]+$/.test(p) ? 'latin1' : 'utf8')))));

test('property: any chunking of arbitrary bytes (invalid UTF-8 included) decodes like one push and like the reference', () => {
  fc.assert(
    fc.property(byteSoup, pieceSizes, (bytes, sizes) => {
      const whole = decodeWhole(bytes);
      assert.deepEqual(decodeInPieces(bytes, sizes), whole);
      assert.deepEqual(whole, referenceDecode(bytes));
    }),
    { numRuns: 500 },
  );
});

const CHUNK = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] };
const event = (payload: unknown): string => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;

/** A body yielding `pieces` as bytes; records whether the reader let it go early. */
function body(pieces: readonly string[]): AsyncIterable<Uint8Array> & { released: boolean } {
  const source = {
    released: false,
    async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      try {
        for (const piece of pieces) yield utf8(piece);
      } finally {
        source.released = true;
      }
    },
  };
  return source;
}

async function readAll(source: AsyncIterable<Uint8Array>, signal?: AbortSignal): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of readChatChunks(source, signal)) chunks.push(chunk);
  return chunks;
}

function streamError(pattern: RegExp): (e: unknown) => boolean {
  return (e) => e instanceof GatewayError && e.kind === 'stream' && pattern.test(e.message);
}

test('readChatChunks parses each event and stops at [DONE], letting the body go', async () => {
  const source = body([': ping\n\n', event(CHUNK).slice(0, 20), event(CHUNK).slice(20) + event(CHUNK), 'data: [DONE]\n\n', event(CHUNK)]);
  assert.deepEqual(await readAll(source), [CHUNK, CHUNK]);
  assert.equal(source.released, true);
});

test('readChatChunks: a body ending without [DONE] is a stream error', async () => {
  await assert.rejects(readAll(body([event(CHUNK)])), streamError(/ended without \[DONE\] after 1 event/));
  await assert.rejects(readAll(body([event(CHUNK), 'data: {"id":"c1","cho'])), streamError(/without \[DONE\]/));
  await assert.rejects(readAll(body([])), streamError(/without \[DONE\]/));
});

test('readChatChunks: malformed JSON is a stream error naming the event with an excerpt', async () => {
  const broken = `{"id":"c1","choices":[{"delta":{"content":"${'x'.repeat(200)}`;
  await assert.rejects(readAll(body([event(CHUNK), event(broken), 'data: [DONE]\n\n'])), (e: unknown) => {
    assert.ok(e instanceof GatewayError && e.kind === 'stream');
    assert.match(e.message, /event 2 is not valid JSON/);
    assert.match(e.message, /\{\\"id\\":\\"c1\\",\\"choices/);
    assert.ok(e.message.length < 300, e.message);
    return true;
  });
});

test('readChatChunks: a payload that is not a chunk object is a stream error', async () => {
  await assert.rejects(readAll(body([event('[1,2]')])), streamError(/event 1 is not a JSON object/));
  await assert.rejects(readAll(body([event('42')])), streamError(/not a JSON object/));
  await assert.rejects(readAll(body([event({ choices: 'no' })])), streamError(/no "choices" array/));
});

test('readChatChunks: an error object mid-stream is an http error with its details', async () => {
  const error = { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null, status_code: 429 } };
  await assert.rejects(readAll(body([event(CHUNK), event(error)])), (e: unknown) => {
    assert.ok(e instanceof GatewayError);
    assert.equal(e.kind, 'http');
    assert.equal(e.message, 'Rate limit reached');
    assert.equal(e.code, 'rate_limit_exceeded');
    assert.equal(e.type, 'requests');
    assert.equal(e.status, 429);
    return true;
  });
  await assert.rejects(
    readAll(body([event({ error: 'overloaded' })])),
    (e: unknown) => e instanceof GatewayError && e.kind === 'http' && e.message === 'overloaded',
  );
  await assert.rejects(
    readAll(body([event({ error: { code: 500 } })])),
    (e: unknown) => e instanceof GatewayError && e.code === '500' && /middle of the chat stream/.test(e.message),
  );
});

test('readChatChunks tolerates empty events, "error": null and a usage chunk without choices', async () => {
  const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };
  const chunks = await readAll(body(['data:\n\n', event({ ...CHUNK, error: null }), event({ id: 'c1', usage }), 'data: [DONE]\n\n']));
  assert.equal(chunks.length, 2);
  assert.deepEqual(chunks[1].choices, []);
  assert.deepEqual(chunks[1].usage, usage);
});

test('readChatChunks: an interrupted body is a stream error keeping the cause', async () => {
  const reset = new Error('socket hang up');
  const source: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      yield utf8(event(CHUNK));
      throw reset;
    },
  };
  await assert.rejects(
    readAll(source),
    (e: unknown) => e instanceof GatewayError && e.kind === 'stream' && e.cause === reset && /interrupted: socket hang up/.test(e.message),
  );
});

/** A body that sends one event, then waits forever. */
function stalledBody(): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator]() {
      let sent = false;
      return {
        next: () => {
          if (sent) return new Promise<IteratorResult<Uint8Array>>(() => undefined);
          sent = true;
          return Promise.resolve({ done: false, value: utf8(event(CHUNK)) });
        },
      };
    },
  };
}

test('readChatChunks: aborting while the body stalls ends with an aborted error', async () => {
  const abort = new AbortController();
  const chunks: ChatChunk[] = [];
  await assert.rejects(
    (async () => {
      for await (const chunk of readChatChunks(stalledBody(), abort.signal)) {
        chunks.push(chunk);
        setTimeout(() => abort.abort(), 5);
      }
    })(),
    (e: unknown) => e instanceof GatewayError && e.kind === 'aborted',
  );
  assert.equal(chunks.length, 1);
});

test('readChatChunks: an already aborted signal, or one aborted between chunks, stops reading', async () => {
  await assert.rejects(readAll(body([event(CHUNK)]), AbortSignal.abort()), (e: unknown) => e instanceof GatewayError && e.kind === 'aborted');
  const abort = new AbortController();
  const source = body([event(CHUNK) + event(CHUNK) + event(CHUNK), 'data: [DONE]\n\n']);
  let seen = 0;
  await assert.rejects(
    (async () => {
      for await (const chunk of readChatChunks(source, abort.signal)) {
        assert.ok(chunk);
        if (++seen === 1) abort.abort();
      }
    })(),
    (e: unknown) => e instanceof GatewayError && e.kind === 'aborted',
  );
  assert.equal(seen, 1);
  assert.equal(source.released, true);
});

test('readChatChunks: an abort reason that is a GatewayError (e.g. a timeout) is thrown as is', async () => {
  const timeout = new GatewayError({ kind: 'timeout', message: 'idle' });
  await assert.rejects(readAll(stalledBody(), AbortSignal.abort(timeout)), (e: unknown) => e === timeout);
});

test('readChatChunks: next() calls made without waiting are answered in order', async () => {
  const reader = readChatChunks(body([event({ ...CHUNK, id: 'a' }), event({ ...CHUNK, id: 'b' }), 'data: [DONE]\n\n']));
  const [a, b, end] = await Promise.all([reader.next(), reader.next(), reader.next()]);
  assert.deepEqual([a.value?.id, b.value?.id, end.done], ['a', 'b', true]);
});

test('readChatChunks: return() or a break lets the body go and ends the iteration', async () => {
  const source = body([event(CHUNK) + event(CHUNK), event(CHUNK), 'data: [DONE]\n\n']);
  const reader = readChatChunks(source);
  assert.equal((await reader.next()).done, false);
  assert.deepEqual(await reader.return(undefined), { done: true, value: undefined });
  assert.equal(source.released, true);
  assert.equal((await reader.next()).done, true);
  const broken = body([event(CHUNK), event(CHUNK), 'data: [DONE]\n\n']);
  for await (const chunk of readChatChunks(broken)) if (chunk) break;
  assert.equal(broken.released, true);
});

test('readChatChunks: throw() ends the iteration with that error', async () => {
  const source = body([event(CHUNK), event(CHUNK), 'data: [DONE]\n\n']);
  const reader = readChatChunks(source);
  await reader.next();
  const stop = new Error('stop');
  await assert.rejects(reader.throw(stop), (e: unknown) => e === stop);
  assert.equal(source.released, true);
  assert.equal((await reader.next()).done, true);
});

test('an event larger than the cap is refused instead of growing memory', () => {
  const decoder = new SseDecoder();
  const piece = Buffer.alloc(1024 * 1024, 0x61);
  assert.throws(
    () => {
      pushed(decoder, Buffer.from('data: '));
      for (let i = 0; i < 20; i++) pushed(decoder, piece);
    },
    (e: unknown) => e instanceof GatewayError && e.kind === 'stream' && /larger than 16 MB/.test(e.message),
  );
});

test('a data line larger than the cap arriving in one push is refused', () => {
  const line = Buffer.concat([Buffer.from('data: '), Buffer.alloc(17 * 1024 * 1024, 0x61), Buffer.from('\n\n')]);
  assert.throws(
    () => pushed(new SseDecoder(), line),
    (e: unknown) => e instanceof GatewayError && e.kind === 'stream' && /larger than 16 MB/.test(e.message),
  );
});

test('a handler returning false stops the reading: no later event of that push is handed out', () => {
  for (const ending of ['\n', '\r\n']) {
    const bytes = utf8(['data: a', '', 'data: stop', '', 'data: b', '', 'error: c', '', ''].join(ending));
    const seen: SseEvent[] = [];
    new SseDecoder().push(bytes, (event) => {
      seen.push(event);
      return event !== 'stop';
    });
    assert.deepEqual(seen, ['a', 'stop'], JSON.stringify(ending));
  }
});

test('readChatChunks: nothing after [DONE] is parsed, even in the same read', async () => {
  const chunks: ChatChunk[] = [];
  for await (const chunk of readChatChunks(body([event(CHUNK) + 'data: [DONE]\n\ndata: {not json\n\n']))) chunks.push(chunk);
  assert.equal(chunks.length, 1);
});
