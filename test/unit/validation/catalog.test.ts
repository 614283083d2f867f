import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CAPABILITY_LABELS,
  MODEL_CAPABILITIES,
  classifyModel,
  modelsOfKind,
  placeModel,
  isModelCapability,
  taskModelTier,
  type ModelCapability,
  type TaskModelTier,
} from '../../../src/gateway/catalog';

const GAPS_IDS: Array<[string, ModelCapability]> = [
  ['stable-image-core-1.1', 'image-basic'],
  ['bytedance-seedream-4', 'image-4.0'],
  ['bytedance-seedream-4-5', 'image-4.5'],
  ['seedream-4-0-250828', 'image-4.0'],
  ['seedream-4-5-251128', 'image-4.5'],
  ['veo-2', 'video-v2'],
  ['google-veo-3', 'video-v3'],
  ['google-veo-3-1', 'video-v3.1'],
  ['seedance-1-0-pro-250528', 'task-gen1'],
  ['seedance-1-0-pro-fast-251015', 'task-gen1'],
  ['seedance-1-0-lite-i2v-250428', 'task-gen1'],
  ['seedance-1-5-pro-251215', 'task-gen2'],
  ['kokoro', 'speech'],
  ['tts-1', 'speech'],
  ['tts-1-hd', 'speech'],
];

for (const [id, capability] of GAPS_IDS) {
  test(`classifies the gateway id ${id} as ${capability}`, () => {
    assert.equal(classifyModel(id), capability);
  });
}

const PATTERN_IDS: Array<[string, ModelCapability]> = [
  ['doubao-seedream-4-0-250828', 'image-4.0'],
  ['Seedream-4.5', 'image-4.5'],
  ['seedream-4-250828', 'image-4.0'],
  ['bytedance/seedream-v4.5', 'image-4.5'],
  ['seedream-3-0-t2i-250415', 'image-basic'],
  ['seedream-5-0-lite', 'image-4.5'],
  ['veo-2.0-generate-001', 'video-v2'],
  ['veo-3.0-generate-preview', 'video-v3'],
  ['veo-3.0-fast-generate-001', 'video-v3'],
  ['veo-3.1-generate-preview', 'video-v3.1'],
  ['veo3.1-fast', 'video-v3.1'],
  ['GOOGLE-VEO-3', 'video-v3'],
  ['seedance-1-0-lite-t2v-250428', 'task-gen1'],
  ['doubao-seedance-1-5-pro-251215', 'task-gen2'],
  ['seedance-2-0', 'task-gen2'],
  ['kokoro-82m', 'speech'],
  ['gpt-4o-mini-tts', 'speech'],
  ['stable-image-ultra', 'image-basic'],
  ['gpt-image-1', 'image-basic'],
  ['dall-e-3', 'image-basic'],
  ['stable-diffusion-xl-1024', 'image-basic'],
];

for (const [id, capability] of PATTERN_IDS) {
  test(`classifies ${id} by pattern as ${capability}`, () => {
    assert.equal(classifyModel(id), capability);
  });
}

for (const id of ['gpt-4o', 'llama-3.1-70b-instruct', 'mistral-large', 'pitts-model', 'corveo-1', 'some-new-model', '']) {
  test(`sends requests to "${id}" as chat`, () => {
    assert.equal(classifyModel(id), 'chat');
  });
}

test('an override wins over known ids and patterns', () => {
  const overrides: Record<string, ModelCapability> = { 'veo-2': 'video-v3', 'my-painter': 'image-4.5' };
  assert.equal(classifyModel('veo-2', overrides), 'video-v3');
  assert.equal(classifyModel('my-painter', overrides), 'image-4.5');
  assert.equal(classifyModel('google-veo-3', overrides), 'video-v3');
});

test('an override naming no capability is ignored', () => {
  const overrides = JSON.parse('{"kokoro": "music"}') as Record<string, ModelCapability>;
  assert.equal(classifyModel('kokoro', overrides), 'speech');
});

const TIERS: Array<[string, TaskModelTier | undefined]> = [
  ['seedance-1-0-pro-250528', 'pro'],
  ['seedance-1-0-pro-fast-251015', 'pro-fast'],
  ['seedance-1-0-lite-i2v-250428', 'lite-i2v'],
  ['seedance-1-5-pro-251215', 'pro-1.5'],
  ['Doubao-Seedance-1.0-Pro', 'pro'],
  ['seedance-1-0-lite-t2v-250428', undefined],
  ['seedance-2-0-pro', undefined],
  ['seedance', undefined],
  ['veo-2', undefined],
  ['gpt-4o', undefined],
];

for (const [id, tier] of TIERS) {
  test(`task tier of ${id} is ${tier ?? 'unknown'}`, () => {
    assert.equal(taskModelTier(id), tier);
  });
}

test('modelsOfKind: the kind in list order without repeats, unknown ids under other, other kinds left out', () => {
  const ids = ['kokoro', 'veo-2', 'gpt-4o', 'bytedance-seedream-4-5', 'claude-3-haiku', 'tts-1', 'gpt-4o', 'house-model', 'text-embedding-3-small'];
  const place = (id: string) => placeModel(id);
  assert.deepEqual(modelsOfKind(ids, 'chat', place), {
    ofKind: [
      { id: 'gpt-4o', capability: 'chat' },
      { id: 'claude-3-haiku', capability: 'chat' },
    ],
    other: ['house-model'],
  });
  assert.deepEqual(
    modelsOfKind(ids, 'speech', place).ofKind.map((m) => m.id),
    ['kokoro', 'tts-1'],
  );
  assert.deepEqual(
    modelsOfKind(ids, 'speech', (id) => placeModel(id, { 'house-model': 'speech' })),
    {
      ofKind: [
        { id: 'kokoro', capability: 'speech' },
        { id: 'tts-1', capability: 'speech' },
        { id: 'house-model', capability: 'speech' },
      ],
      other: [],
    },
  );
});

test('the video pickers: tasks offer task models, Generate Video the Veo variants; both offer unknown ids and video families of unknown fields under other, never chat, image or speech models', () => {
  const ids = ['gpt-4o', 'llama-3.1-70b-instruct', 'dall-e-3', 'kokoro', 'google-veo-3-1', 'seedance-1-0-pro-250528', 'sora-2', 'kling-v2-1', 'house-model'];
  const place = (id: string) => placeModel(id);
  assert.deepEqual(modelsOfKind(ids, 'videoTask', place), {
    ofKind: [{ id: 'seedance-1-0-pro-250528', capability: 'task-gen1' }],
    other: ['sora-2', 'kling-v2-1', 'house-model'],
  });
  assert.deepEqual(modelsOfKind(ids, 'video', place), {
    ofKind: [{ id: 'google-veo-3-1', capability: 'video-v3.1' }],
    other: ['sora-2', 'kling-v2-1', 'house-model'],
  });
  assert.deepEqual(modelsOfKind(ids, 'image', place), { ofKind: [{ id: 'dall-e-3', capability: 'image-basic' }], other: ['house-model'] });
  assert.deepEqual(
    modelsOfKind(ids, 'videoTask', (id) => placeModel(id, { 'sora-2': 'task-gen2' })).ofKind.map((m) => m.id),
    ['seedance-1-0-pro-250528', 'sora-2'],
  );
});

test('every capability has a human label', () => {
  for (const capability of MODEL_CAPABILITIES) assert.ok(CAPABILITY_LABELS[capability].length > 0);
  assert.equal(CAPABILITY_LABELS['image-4.5'], 'Image (Seedream 4.5)');
  assert.equal(new Set(Object.values(CAPABILITY_LABELS)).size, MODEL_CAPABILITIES.length);
});

test('isModelCapability accepts exactly the capabilities', () => {
  for (const capability of MODEL_CAPABILITIES) assert.ok(isModelCapability(capability));
  for (const other of ['', 'Chat', 'image', 'video-v4', 'task']) assert.equal(isModelCapability(other), false);
});
