import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ChunkTemplate } from '../../../src/gateway/chunkTemplate';
import { readChatChunks } from '../../../src/gateway/chatStream';
import type { ChatChunk } from '../../../src/gateway/types/chat';
import { bodyOf, inPieces } from '../../support/splitWrites';

type Chunk = Record<string, unknown>;

/** What the chat stream does with each payload: the template's chunk, else JSON.parse's, learned for the next. */
function readAll(payloads: readonly string[]): { chunks: unknown[]; fromTemplate: boolean[] } {
  const template = new ChunkTemplate<Chunk>();
  const chunks: unknown[] = [];
  const fromTemplate: boolean[] = [];
  for (const payload of payloads) {
    const known = template.read(payload);
    fromTemplate.push(known !== undefined);
    if (known !== undefined) {
      chunks.push(known);
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      chunks.push('invalid');
      continue;
    }
    template.learn(payload, parsed as Chunk);
    chunks.push(parsed);
  }
  return { chunks, fromTemplate };
}

/** JSON.parse of each payload: the oracle. */
function parsedEach(payloads: readonly string[]): unknown[] {
  return payloads.map((payload) => {
    try {
      return JSON.parse(payload) as unknown;
    } catch {
      return 'invalid';
    }
  });
}

/** Equal to the oracle, key order included. */
function assertSameAsJsonParse(payloads: readonly string[]): boolean[] {
  const { chunks, fromTemplate } = readAll(payloads);
  const expected = parsedEach(payloads);
  assert.deepStrictEqual(chunks, expected);
  assert.deepEqual(
    chunks.map((chunk) => JSON.stringify(chunk)),
    expected.map((chunk) => JSON.stringify(chunk)),
  );
  return fromTemplate;
}

const openAiChunk = (delta: object, extra: object = {}): string =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-4o-mini',
    system_fingerprint: 'fp_1',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });

test('a chunk that differs from the one before only in its text is read from the template, equal to JSON.parse', () => {
  const payloads = [
    openAiChunk({ role: 'assistant', content: '' }),
    ...['Hel', 'lo', ' wörld', ' 日本 😀', '"quoted"\n', 'back\\slash'].map((text) => openAiChunk({ content: text })),
  ];
  const fromTemplate = assertSameAsJsonParse(payloads);
  // The role chunk and the first content chunk are parsed; the plain texts after them are not; escapes are read by JSON.parse.
  assert.deepEqual(fromTemplate, [false, false, true, true, true, true, true]);
});

test('the text field that streams is followed from content to reasoning and back, in each server’s key order', () => {
  const gemini = (content: string): string =>
    JSON.stringify({ choices: [{ delta: { content, role: 'assistant' }, index: 0 }], created: 1, id: 'x', model: 'g', object: 'chat.completion.chunk' });
  const deepSeek = (reasoning: string | null, content: string | null): string => openAiChunk({ content, reasoning_content: reasoning });
  const vllm = (reasoning: string): string => openAiChunk({ reasoning });
  const payloads = [deepSeek('Let', null), deepSeek(' me', null), deepSeek(null, 'So'), deepSeek(null, ' yes'), vllm('a'), vllm('b'), gemini('c'), gemini('d')];
  assert.deepEqual(assertSameAsJsonParse(payloads), [false, true, false, true, false, true, false, true]);
});

test('a changed id, model, finish reason or added field is parsed, not taken from the template', () => {
  const payloads = [
    openAiChunk({ content: 'a' }),
    openAiChunk({ content: 'b' }),
    openAiChunk({ content: 'c' }).replace('chatcmpl-1', 'chatcmpl-2'),
    openAiChunk({ content: 'd' }).replace('"finish_reason":null', '"finish_reason":"stop"'),
    openAiChunk({ content: 'e' }, { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }),
    openAiChunk({ content: 'f' }, { obfuscation: 'x1' }),
  ];
  assert.deepEqual(assertSameAsJsonParse(payloads), [false, true, false, false, false, false]);
});

test('what is not one plain string literal in the text’s place is parsed as a whole (duplicate keys, raw control characters, whitespace, other values)', () => {
  const base = openAiChunk({ content: 'a' });
  const withText = (literal: string): string => base.replace('"content":"a"', `"content":${literal}`);
  assertSameAsJsonParse([
    base,
    base,
    withText('"x","content":"y"'),
    withText('"tab\there"'),
    withText('"b" '),
    withText('null'),
    withText('42'),
    withText('"ok"'),
  ]);
  assert.deepEqual(assertSameAsJsonParse([base, base, withText('"\\u00e9\\/"')]), [false, true, true], 'a literal with escapes is still one string');
});

test('a text that also stands as another field’s value is not mistaken for the delta’s', () => {
  // The delta's "x" is written with an escape, so the only `"content":"x"` in the first payload is the top-level field's.
  const payload = (top: string, text: string): string => `{"content":"${top}","choices":[{"index":0,"delta":{"content":${text}}}]}`;
  const escapedX = '"\\u0078"';
  assertSameAsJsonParse([payload('x', escapedX), payload('q', escapedX), payload('x', '"y"'), payload('x', '"z"')]);
});

test('a chunk handed out and changed by its reader does not change the chunks after it', () => {
  const template = new ChunkTemplate<Chunk>();
  const first = openAiChunk({ content: 'a' });
  const learned = JSON.parse(first) as Chunk;
  template.learn(first, learned);
  learned.model = 'changed';
  const second = template.read(openAiChunk({ content: 'b' }))!;
  (second.choices as Chunk[])[0]!.index = 7;
  second.id = 'changed';
  const third = template.read(openAiChunk({ content: 'c' }));
  assert.deepStrictEqual(third, JSON.parse(openAiChunk({ content: 'c' })));
});

test('a key named __proto__ stays an own property, as JSON.parse makes it', () => {
  const payloads = ['a', 'b', 'c'].map((text) =>
    openAiChunk({ content: text }).replace('{"id"', '{"__proto__":{"polluted":1},"id"').replace('"index":0', '"__proto__":1,"index":0'),
  );
  const withPrimitiveProto = ['a', 'b'].map((text) => openAiChunk({ content: text }).replace('{"id"', '{"__proto__":"x","id"'));
  assertSameAsJsonParse(payloads);
  const fromTemplate = assertSameAsJsonParse(withPrimitiveProto);
  assert.deepEqual(fromTemplate, [false, true]);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('a chunk that already holds a probe’s text (behind a duplicate key, under another key) is not learned as a template', () => {
  const probe = '"\\u0001probe"';
  const probeSpeltOtherwise = '"\\u0001\\u0070robe"';
  const delta = (inner: string): string => `{"choices":[{"delta":{${inner}}}]}`;
  // The learned text's literal is not the one that stands in the chunk: a later duplicate key or the key `"content` holds the chunk's text.
  assertSameAsJsonParse([delta(`"content":${probe},"content":${probeSpeltOtherwise}`), delta(`"content":"hi","content":${probeSpeltOtherwise}`)]);
  assertSameAsJsonParse([delta(`"\\"content":${probe},"content":${probeSpeltOtherwise}`), delta(`"\\"content":"hi","content":${probeSpeltOtherwise}`)]);
  // The padding's literal at the end is another key's value.
  const padded = (text: string, last: string): string => `{"choices":[{"delta":{"content":"${text}"}}],"obfuscation":"\\u0001padding","zz":${last}}`;
  assertSameAsJsonParse([padded('a', '"\\u0001padding"'), padded('b', '"abc"')]);
});

test('OpenAI’s random padding, different in every chunk, is read beside the text', () => {
  const padded = (text: string, padding: string): string => openAiChunk({ content: text }, { obfuscation: padding });
  const payloads = [
    padded('a', 'Xy'),
    padded('b', 'q'),
    padded('c', 'a"b\\'),
    padded('d', ''),
    padded('e\nf', 'lo"ng padding'),
    padded('g', 'x').replace('"x"}', '"x" }'),
    openAiChunk({ content: 'h' }),
  ];
  assert.deepEqual(assertSameAsJsonParse(payloads), [false, true, true, true, true, false, false]);
});

test('chunks with a field that changes every time stay right, and a template is learned again once they stop changing', () => {
  const numbered = Array.from({ length: 300 }, (_, i) => openAiChunk({ content: `t${i}` }, { sequence: i }));
  const plain = Array.from({ length: 100 }, (_, i) => openAiChunk({ content: `u${i}` }));
  const fromTemplate = assertSameAsJsonParse([...numbered, ...plain]);
  assert.ok(!fromTemplate.slice(0, 300).includes(true));
  assert.ok(fromTemplate.slice(300 + 66).every(Boolean), 'learned again within the back-off');
});

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', '"', '\\', '\n', '</think>', '\u2028', '\ud800'),
);
const deltaOf = fc.oneof(
  text.map((content) => ({ content })),
  text.map((reasoning_content) => ({ content: null, reasoning_content })),
  text.map((reasoning) => ({ reasoning })),
  text.map((content) => ({ role: 'assistant', content })),
  text.map((content) => ({ content, tool_calls: [] })),
  text.map((args) => ({ tool_calls: [{ index: 0, function: { arguments: args } }] })),
);
const payloadOf = fc.record({
  delta: deltaOf,
  id: fc.constantFrom('a', 'b', '"content":"x"'),
  finish: fc.constantFrom(null, 'stop'),
  spaced: fc.boolean(),
  padding: fc.option(fc.constantFrom('', 'ab', 'a"b', '\u0001x'), { nil: undefined }),
  damaged: fc.constantFrom(0, 0, 0, 0, 1, 2),
});

test('property: every stream of chunks reads exactly as JSON.parse reads each payload', () => {
  fc.assert(
    fc.property(fc.array(payloadOf, { maxLength: 40 }), (chunks) => {
      const payloads = chunks.map(({ delta, id, finish, spaced, padding, damaged }) => {
        const value = {
          id,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta, finish_reason: finish }],
          ...(padding === undefined ? {} : { obfuscation: padding }),
        };
        let payload = spaced ? JSON.stringify(value, null, 1) : JSON.stringify(value);
        if (damaged === 1) payload = payload.replace(/"(content|reasoning(_content)?)":"/, '"$1":"\t');
        if (damaged === 2) payload = payload.slice(0, -1);
        return payload;
      });
      assertSameAsJsonParse(payloads);
    }),
    { numRuns: 2000 },
  );
});

test('the chat stream reads templated chunks equal to JSON.parse, whatever the network reads', async () => {
  const payloads = Array.from({ length: 60 }, (_, i) =>
    openAiChunk(i < 20 ? { reasoning_content: `r${i} é` } : { content: i % 7 === 0 ? `line\n${i}` : ` wörd ${i}` }),
  );
  const bytes = Buffer.from(`${payloads.map((p) => `data: ${p}\n\n`).join('')}data: [DONE]\n\n`);
  for (const sizes of [[1], [7, 3], [4096]]) {
    const chunks: ChatChunk[] = [];
    for await (const chunk of readChatChunks(bodyOf(inPieces(bytes, sizes)))) chunks.push(chunk);
    assert.deepStrictEqual(chunks, parsedEach(payloads));
  }
});
