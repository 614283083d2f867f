import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toModelOptions } from '../../../src/chat/modelOptions';
import { placeModel } from '../../../src/gateway/catalog';
import type { ModelObject } from '../../../src/gateway/types/models';

const listed = (id: string, owned_by = 'gateway'): ModelObject => ({ id, object: 'model', created: 0, owned_by });

test('the chat picker offers chat models, then unknown ones; image, video, speech and embedding models are not offered, none repeated', () => {
  const models = [
    'kokoro',
    'gpt-4o',
    'bytedance-seedream-4-5',
    'my-llm',
    'gpt-4o',
    'dall-e-3',
    'sora-2',
    'seedance-1-0-pro-250528',
    'google-veo-3',
    'tts-1',
    'text-embedding-3-small',
    'claude-sonnet-4-5',
  ].map((id) => listed(id));
  assert.deepEqual(
    toModelOptions(models, (m) => placeModel(m)),
    [
      { id: 'gpt-4o', group: 'chat' },
      { id: 'claude-sonnet-4-5', group: 'chat' },
      { id: 'my-llm', group: 'unknown' },
    ],
  );
});

test("the model list's vendor makes an unfamiliar name a chat model; an override makes it anything", () => {
  const models = [listed('house-special', 'anthropic'), listed('house-painter'), listed('house-voice')];
  assert.deepEqual(
    toModelOptions(models, (m) => placeModel(m, { 'house-painter': 'image-basic', 'house-voice': 'chat' })),
    [
      { id: 'house-special', group: 'chat' },
      { id: 'house-voice', group: 'chat' },
    ],
  );
});
