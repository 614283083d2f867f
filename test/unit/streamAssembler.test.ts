import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChatStreamAssembler, collectChat, type AssembledMessage } from '../../src/chat/streamAssembler';
import { readChatChunks } from '../../src/gateway/chatStream';
import type { ChatChunk, ChatUsage, FinishReason, ToolCallDelta } from '../../src/gateway/types/chat';
import { bodyOf, inPieces } from '../support/splitWrites';

type Delta = ChatChunk['choices'][number]['delta'];

function chunk(delta: Delta, finish: FinishReason | null = null, extra: Partial<ChatChunk> = {}): ChatChunk {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-x',
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...extra,
  };
}

const call = (index: number, fields: Omit<ToolCallDelta, 'index'>): Delta => ({ tool_calls: [{ index, ...fields }] });
const USAGE: ChatUsage = { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 };
const usageChunk: ChatChunk = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [], usage: USAGE };

function assemble(chunks: ChatChunk[]): AssembledMessage {
  const assembler = new ChatStreamAssembler();
  for (const c of chunks) assembler.add(c);
  return assembler.result();
}

test('text stream: role chunk, content pieces, empty final delta with finish_reason', () => {
  const message = assemble([chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hel' }), chunk({ content: 'lo!' }), chunk({}, 'stop')]);
  assert.deepEqual(message, { role: 'assistant', content: 'Hello!', toolCalls: [], finishReason: 'stop', id: 'chatcmpl-1', model: 'gpt-x' });
});

test('add() reports what each chunk added', () => {
  const assembler = new ChatStreamAssembler();
  const nothing = { text: '', reasoning: '', refusal: '', toolCalls: [], finishReason: null, usage: undefined };
  assert.deepEqual(assembler.add(chunk({ role: 'assistant', content: '' })), nothing);
  assert.deepEqual(assembler.add(chunk({ content: 'Hi' })), { ...nothing, text: 'Hi' });
  assert.deepEqual(assembler.add(chunk({ reasoning_content: 'Hm' })), { ...nothing, reasoning: 'Hm' });
  assert.deepEqual(assembler.add(chunk({ refusal: 'No' })), { ...nothing, refusal: 'No' });
  assert.deepEqual(assembler.add(chunk({}, 'length')), { ...nothing, finishReason: 'length' });
  assert.deepEqual(assembler.add(usageChunk), { ...nothing, usage: USAGE });
  const started = assembler.add(chunk(call(0, { id: 'call_a', type: 'function', function: { name: 'f', arguments: '' } })));
  assert.deepEqual(started.toolCalls, [{ index: 0, id: 'call_a', name: 'f', arguments: '' }]);
  const more = assembler.add(chunk(call(0, { id: 'call_a', function: { arguments: '{"x"' } })));
  assert.deepEqual(more.toolCalls, [{ index: 0, arguments: '{"x"' }]);
});

test('tool call in fragments: id, type and name first, then argument pieces; content stays null', () => {
  const message = assemble([
    chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
    chunk(call(0, { function: { arguments: '{"ci' } })),
    chunk(call(0, { function: { arguments: 'ty":"Paris"}' } })),
    chunk({}, 'tool_calls'),
  ]);
  assert.equal(message.content, null);
  assert.equal(message.finishReason, 'tool_calls');
  assert.deepEqual(message.toolCalls, [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
});

test('tool call whose every fragment repeats the id, type and name', () => {
  const fragment = (args: string): Delta => call(0, { id: 'call_1', type: 'function', function: { name: 'f', arguments: args } });
  const message = assemble([chunk(fragment('{"a"')), chunk(fragment(':1}')), chunk({}, 'tool_calls')]);
  assert.deepEqual(message.toolCalls, [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }]);
});

test('whole tool calls in one chunk, several in parallel', () => {
  const message = assemble([
    chunk(
      {
        role: 'assistant',
        tool_calls: [
          { index: 0, id: 'call_a', type: 'function', function: { name: 'f', arguments: '{"n":1}' } },
          { index: 1, id: 'call_b', type: 'function', function: { name: 'g', arguments: '{}' } },
        ],
      },
      'tool_calls',
    ),
  ]);
  assert.deepEqual(
    message.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments]),
    [
      ['call_a', 'f', '{"n":1}'],
      ['call_b', 'g', '{}'],
    ],
  );
});

test('parallel calls streamed one after the other (index 0, then 1, then 2)', () => {
  const chunks: ChatChunk[] = [];
  for (const [index, name] of ['a', 'b', 'c'].entries()) {
    chunks.push(chunk(call(index, { id: `call_${name}`, type: 'function', function: { name, arguments: '' } })));
    chunks.push(chunk(call(index, { function: { arguments: `{"${name}":` } })), chunk(call(index, { function: { arguments: `${index}}` } })));
  }
  const message = assemble([...chunks, chunk({}, 'tool_calls')]);
  assert.deepEqual(
    message.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments]),
    [
      ['call_a', 'a', '{"a":0}'],
      ['call_b', 'b', '{"b":1}'],
      ['call_c', 'c', '{"c":2}'],
    ],
  );
});

test('fragments interleaved across indexes, and a later index arriving first', () => {
  const message = assemble([
    chunk(call(1, { id: 'call_b', type: 'function', function: { name: 'g', arguments: '[' } })),
    chunk(call(0, { id: 'call_a', type: 'function', function: { name: 'f', arguments: '{' } })),
    chunk({
      tool_calls: [
        { index: 1, function: { arguments: '2' } },
        { index: 0, function: { arguments: '}' } },
      ],
    }),
    chunk(call(1, { function: { arguments: ']' } }), 'tool_calls'),
  ]);
  assert.deepEqual(
    message.toolCalls.map((c) => [c.id, c.function.arguments]),
    [
      ['call_a', '{}'],
      ['call_b', '[2]'],
    ],
  );
});

test('null content, empty deltas, usage null and logprobs null change nothing', () => {
  const message = assemble([
    chunk({ role: 'assistant', content: null }, null, { usage: null }),
    chunk({}, null, { usage: null }),
    chunk({ content: null }),
    chunk({ content: 'ok' }),
    chunk({}, 'stop', { usage: null }),
  ]);
  assert.deepEqual(message, { role: 'assistant', content: 'ok', toolCalls: [], finishReason: 'stop', id: 'chatcmpl-1', model: 'gpt-x' });
});

test('the include_usage chunk with "choices": [] gives the usage and keeps the finish reason', () => {
  const message = assemble([chunk({ content: 'x' }), chunk({}, 'stop'), usageChunk]);
  assert.equal(message.finishReason, 'stop');
  assert.deepEqual(message.usage, USAGE);
  assert.equal(message.content, 'x');
});

test('each finish reason is kept; none when the stream had no final chunk', () => {
  for (const reason of ['stop', 'length', 'content_filter', 'tool_calls'] as const) {
    assert.equal(assemble([chunk({ content: 'a' }), chunk({}, reason)]).finishReason, reason);
  }
  assert.equal(assemble([chunk({ content: 'a' })]).finishReason, null);
});

test('no text at all gives null content, e.g. a filtered answer', () => {
  const message = assemble([chunk({ role: 'assistant', content: '' }), chunk({}, 'content_filter')]);
  assert.equal(message.content, null);
  assert.equal(message.finishReason, 'content_filter');
});

test('text and tool calls in one message are both kept', () => {
  const message = assemble([
    chunk({ content: 'Let me check.' }),
    chunk(call(0, { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } })),
    chunk({}, 'tool_calls'),
  ]);
  assert.equal(message.content, 'Let me check.');
  assert.equal(message.toolCalls.length, 1);
});

test('without index, a new id starts a call, a known id continues it, no id continues the latest; a missing id gets a stable one', () => {
  const message = assemble([
    chunk({
      tool_calls: [
        { id: 'A', function: { name: 'f', arguments: '{"x"' } },
        { id: 'B', function: { name: 'g', arguments: '{' } },
      ],
    }),
    chunk({ tool_calls: [{ id: 'A', function: { arguments: ':1}' } }] }),
    chunk({ tool_calls: [{ id: 'B', function: { arguments: '"y"' } }, { function: { arguments: ':2}' } }] }),
  ]);
  assert.deepEqual(
    message.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments]),
    [
      ['A', 'f', '{"x":1}'],
      ['B', 'g', '{"y":2}'],
    ],
  );
  const anonymous = assemble([chunk({ tool_calls: [{ function: { name: 'h', arguments: '[' } }] }), chunk({ tool_calls: [{ function: { arguments: ']' } }] })]);
  assert.deepEqual(anonymous.toolCalls, [{ id: 'call_0', type: 'function', function: { name: 'h', arguments: '[]' } }]);
});

test('a call without index after calls with one takes the next position', () => {
  const message = assemble([
    chunk(call(0, { id: 'A', function: { name: 'f', arguments: '{}' } })),
    chunk(call(2, { id: 'C', function: { name: 'h', arguments: '{}' } })),
    chunk({ tool_calls: [{ id: 'D', function: { name: 'k', arguments: '{}' } }] }),
  ]);
  assert.deepEqual(
    message.toolCalls.map((c) => c.id),
    ['A', 'C', 'D'],
  );
});

test('reasoning under either name, counted once when a delta carries both; refusal; both kept beside the content', () => {
  const message = assemble([
    chunk({ reasoning_content: 'Let me ', reasoning: 'Let me ' }),
    chunk({ reasoning: 'think.' }),
    chunk({ reasoning_content: null, reasoning: '', content: 'Answer' }),
    chunk({ refusal: 'I cannot ' }),
    chunk({ refusal: 'do that.' }, 'stop'),
  ]);
  assert.equal(message.reasoning, 'Let me think.');
  assert.equal(message.refusal, 'I cannot do that.');
  assert.equal(message.content, 'Answer');
  assert.equal('reasoning' in assemble([chunk({ content: 'x' })]), false);
});

test('a choice without index counts as choice 0', () => {
  const noIndex: ChatChunk = { ...chunk({}), choices: [{ delta: { content: 'A' }, finish_reason: 'stop' }] };
  assert.equal(assemble([noIndex]).content, 'A');
});

test("usage: the last one sent wins; Groq's x_groq.usage only when no top-level usage came", () => {
  const other: ChatUsage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  assert.deepEqual(assemble([{ ...usageChunk, usage: other }, usageChunk, { ...usageChunk, usage: null }]).usage, USAGE);
  assert.deepEqual(assemble([chunk({ content: 'x' }, 'stop', { x_groq: { usage: USAGE } })]).usage, USAGE);
  assert.deepEqual(assemble([{ ...usageChunk, usage: other }, chunk({}, 'stop', { x_groq: { usage: USAGE } })]).usage, other);
});

test('choices other than index 0 are ignored', () => {
  const other: ChatChunk = { ...chunk({ content: 'B' }), choices: [{ index: 1, delta: { content: 'B' }, finish_reason: 'length' }] };
  assert.deepEqual(assemble([chunk({ content: 'A' }), other, chunk({}, 'stop')]).content, 'A');
});

test('result() can be taken mid-stream and again later', () => {
  const assembler = new ChatStreamAssembler();
  assembler.add(chunk({ content: 'a' }));
  assembler.add(chunk({ content: 'b' }));
  assert.equal(assembler.result().content, 'ab');
  assert.equal(assembler.result().content, 'ab');
  assembler.add(chunk({ content: 'c' }));
  assert.equal(assembler.result().content, 'abc');
});

test('many small chunks assemble in linear time', () => {
  const assembler = new ChatStreamAssembler();
  const piece = chunk({ content: 'word ' });
  for (let i = 0; i < 200_000; i++) assembler.add(piece);
  assert.equal(assembler.result().content?.length, 1_000_000);
});

test('collectChat assembles the chunks read from SSE bytes', async () => {
  const events = [
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: 'Bonjour 😀' }),
    chunk(call(0, { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } })),
    chunk(call(0, { function: { arguments: '1}' } })),
    chunk({}, 'tool_calls'),
    usageChunk,
  ];
  const bytes = Buffer.from(`${events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(': ping\r\n\r\n')}data: [DONE]\r\n\r\n`);
  assert.deepEqual(await collectChat(readChatChunks(bodyOf(inPieces(bytes, [7])))), {
    role: 'assistant',
    content: 'Bonjour 😀',
    toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
    finishReason: 'tool_calls',
    usage: USAGE,
    id: 'chatcmpl-1',
    model: 'gpt-x',
  });
});
