import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageModelResponseParts, type LanguageModelResponsePart } from '../../../src/chat/languageModelResponse';
import { isGatewayError } from '../../../src/gateway/errors';
import type { ChatChunk, FinishReason } from '../../../src/gateway/types/chat';

type Delta = ChatChunk['choices'][number]['delta'];

const chunk = (delta: Delta, finish: FinishReason | null = null): ChatChunk => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

async function* batches(...list: ChatChunk[][]): AsyncGenerator<ChatChunk[]> {
  for (const batch of list) yield batch;
}

async function collect(parts: AsyncIterable<LanguageModelResponsePart>): Promise<LanguageModelResponsePart[]> {
  const out: LanguageModelResponsePart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

test('text: one part per batch with text, as it arrives; empty deltas and batches give none', async () => {
  const parts = await collect(
    languageModelResponseParts(
      batches(
        [chunk({ role: 'assistant', content: '' }), chunk({ content: 'echo' })],
        [chunk({ content: ': ' }), chunk({ content: 'hi' })],
        [chunk({}, 'stop')],
      ),
    ),
  );
  assert.deepEqual(parts, [
    { kind: 'text', text: 'echo' },
    { kind: 'text', text: ': hi' },
  ]);
});

test('tool calls streamed in fragments come whole, in index order, after the text, with parsed input', async () => {
  const parts = await collect(
    languageModelResponseParts(
      batches(
        [chunk({ content: 'Let me check.' })],
        [chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'b', arguments: '' } }] })],
        [chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'a', arguments: '{"x"' } }] })],
        [chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }), chunk({}, 'tool_calls')],
      ),
    ),
  );
  assert.deepEqual(parts, [
    { kind: 'text', text: 'Let me check.' },
    { kind: 'toolCall', callId: 'call_a', name: 'a', input: { x: 1 } },
    { kind: 'toolCall', callId: 'call_b', name: 'b', input: {} },
  ]);
});

test('arguments that are not a JSON object fail as a stream error naming the tool', async () => {
  for (const args of ['{"city": "Paris",', '[1, 2]', '"text"']) {
    const run = collect(
      languageModelResponseParts(
        batches([chunk({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'get_weather', arguments: args } }] })]),
      ),
    );
    await assert.rejects(run, (e: unknown) => isGatewayError(e) && e.kind === 'stream' && /"get_weather".*not a JSON object/.test(e.message));
  }
});

test('a failing stream fails the parts after the text that came before it', async () => {
  async function* broken(): AsyncGenerator<ChatChunk[]> {
    yield [chunk({ content: 'partial' })];
    throw new Error('cut');
  }
  const seen: LanguageModelResponsePart[] = [];
  await assert.rejects(async () => {
    for await (const part of languageModelResponseParts(broken())) seen.push(part);
  }, /cut/);
  assert.deepEqual(seen, [{ kind: 'text', text: 'partial' }]);
});

test("reasoning (either name, counted once) comes as thinking before the batch's text; a refusal comes as text", async () => {
  const parts = await collect(
    languageModelResponseParts(
      batches(
        [chunk({ reasoning_content: 'Hm', reasoning: 'Hm' }), chunk({ reasoning: '…' })],
        [chunk({ reasoning: ' ok.' }), chunk({ content: 'Yes.' })],
        [chunk({ refusal: 'No more.' }, 'stop')],
      ),
    ),
  );
  assert.deepEqual(parts, [
    { kind: 'thinking', text: 'Hm…' },
    { kind: 'thinking', text: ' ok.' },
    { kind: 'text', text: 'Yes.' },
    { kind: 'text', text: 'No more.' },
  ]);
});
