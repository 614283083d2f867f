import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextWindowOf } from '../../../src/chat/contextWindow';
import { addRequestUsage, shortTokens } from '../../../src/chat/conversationUsage';
import { newConversation } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';

test("each request adds to the totals; the context is the latest request's prompt and answer", () => {
  const first = addRequestUsage(undefined, { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 });
  const second = addRequestUsage(first, { prompt_tokens: 1600, completion_tokens: 50, total_tokens: 1650 });
  assert.deepEqual(second, { promptTokens: 2800, completionTokens: 350, requests: 2, contextTokens: 1650 });
});

test('counts a gateway sends that are not token numbers count as none', () => {
  const usage = addRequestUsage(undefined, { prompt_tokens: null, completion_tokens: -3, total_tokens: 0 } as never);
  assert.deepEqual(usage, { promptTokens: 0, completionTokens: 0, requests: 1, contextTokens: 0 });
});

test('the usage is kept with the conversation and read back checked', () => {
  const c = newConversation('gpt-4o', '');
  c.usage = { promptTokens: 12_345, completionTokens: 678, requests: 3, contextTokens: 5000 };
  assert.deepEqual(parseConversation(serializeConversation(c)).usage, c.usage);
  const broken = serializeConversation({ ...c, usage: { ...c.usage, requests: 'three' } as never });
  assert.throws(() => parseConversation(broken), /usage\.requests is not a number/);
});

test('a tool call saved while its arguments streamed comes back incomplete', () => {
  const c = newConversation('m', '');
  c.turns.push({
    kind: 'assistant',
    id: 't',
    model: 'm',
    text: '',
    status: 'streaming',
    createdAt: 0,
    toolCalls: [{ id: 'a', name: 'f', arguments: '{"x', status: 'streaming' }],
  });
  const turn = parseConversation(serializeConversation(c)).turns[0];
  assert.equal(turn?.kind === 'assistant' && turn.toolCalls?.[0]?.status, 'incomplete');
});

test('short token counts for the gauge', () => {
  assert.deepEqual([950, 1000, 12_345, 128_000, 1_047_576].map(shortTokens), ['950', '1k', '12.3k', '128k', '1.05M']);
});

test('the context size: the setting first, then a published size, else unknown', () => {
  assert.deepEqual(contextWindowOf('gpt-4o', { 'gpt-4o': { maxInputTokens: 64_000 } }), { tokens: 64_000, source: 'setting' });
  assert.deepEqual(contextWindowOf('gpt-4o-mini', {}), { tokens: 128_000, source: 'published' });
  assert.deepEqual(contextWindowOf('openai/gpt-4.1', {}), { tokens: 1_047_576, source: 'published' });
  assert.equal(contextWindowOf('gpt-4o', { 'gpt-4o': { maxOutputTokens: 100 } })?.source, 'published');
  assert.equal(contextWindowOf('my-local-llama', {}), undefined);
  assert.equal(contextWindowOf('gpt-4oops', {}), undefined);
});
