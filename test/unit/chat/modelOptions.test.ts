import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toModelOptions } from '../../../src/chat/modelOptions';
import { classifyModel } from '../../../src/gateway/catalog';

test('chat models come first, the others after with what they are; none is hidden or repeated', () => {
  const options = toModelOptions(['kokoro', 'gpt-4o', 'bytedance-seedream-4-5', 'my-llm', 'gpt-4o'], (id) => classifyModel(id));
  assert.deepEqual(options, [
    { id: 'gpt-4o', group: 'chat' },
    { id: 'my-llm', group: 'chat' },
    { id: 'kokoro', group: 'other', capability: 'Speech' },
    { id: 'bytedance-seedream-4-5', group: 'other', capability: 'Image (Seedream 4.5)' },
  ]);
});
