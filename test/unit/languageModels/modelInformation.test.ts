import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatModelInformation, DEFAULT_TOKEN_LIMITS } from '../../../src/chat/languageModelInformation';
import { placeModel } from '../../../src/gateway/catalog';
import type { ModelObject } from '../../../src/gateway/types/models';

const model = (id: string, created = 1715367049, owned_by = 'openai'): ModelObject => ({ id, object: 'model', created, owned_by });

test('only chat models (and unknown ones, marked) are offered, in the gateway order, with tool calling, no image input, user-selectable', () => {
  const models = [
    model('gpt-4o'),
    model('bytedance-seedream-4-5'),
    model('kokoro'),
    model('seedance-1-0-pro-250528'),
    model('my-model', 0, ''),
    model('dall-e-3'),
    model('gpt-image-1'),
    model('sora-2'),
    model('gpt-4o-mini-tts'),
    model('text-embedding-3-large'),
    model('whisper-1'),
  ];
  const info = chatModelInformation(models, (m) => placeModel(m), {}, 'gateway.example.com');
  assert.deepEqual(
    info.map((m) => m.id),
    ['gpt-4o', 'my-model'],
  );
  assert.deepEqual(info[0], {
    id: 'gpt-4o',
    name: 'gpt-4o',
    family: 'gpt-4o',
    version: '2024-05-10',
    tooltip: 'gpt-4o on the gateway gateway.example.com, by openai',
    detail: 'GenAI Gateway',
    maxInputTokens: DEFAULT_TOKEN_LIMITS.maxInputTokens,
    maxOutputTokens: DEFAULT_TOKEN_LIMITS.maxOutputTokens,
    capabilities: { toolCalling: true, imageInput: false },
    isUserSelectable: true,
  });
  assert.equal(info[1].version, 'unknown');
  assert.equal(
    info[1].tooltip,
    'my-model on the gateway gateway.example.com Kind not recognised: tried as a chat model (genaiGateway.modelCapabilities sets it).',
  );
});

test('token limits from the setting replace the defaults field by field; the capability map decides what is chat', () => {
  const info = chatModelInformation(
    [model('gpt-4o'), model('gpt-4o-mini')],
    (m) => placeModel(m, { 'gpt-4o-mini': 'speech' }),
    { 'gpt-4o': { maxInputTokens: 8000 } },
    'h',
  );
  assert.deepEqual(
    info.map((m) => [m.id, m.maxInputTokens, m.maxOutputTokens]),
    [['gpt-4o', 8000, DEFAULT_TOKEN_LIMITS.maxOutputTokens]],
  );
});

test("a well-known family's published context size replaces the default; a model unknown to the table keeps it", () => {
  const info = chatModelInformation(
    [model('claude-sonnet-4'), model('openrouter/google/gemini-2.5-pro'), model('my-model')],
    () => ({ kind: 'chat', capability: 'chat' }),
    {},
    'h',
  );
  assert.deepEqual(
    info.map((m) => [m.id, m.maxInputTokens]),
    [
      ['claude-sonnet-4', 200_000],
      ['openrouter/google/gemini-2.5-pro', 1_048_576],
      ['my-model', DEFAULT_TOKEN_LIMITS.maxInputTokens],
    ],
  );
});
