/** The name rules on real model ids, as gateways list them (with vendor prefixes and date suffixes). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recogniseModel } from '../../../src/gateway/modelNames';

type Expected = 'chat' | 'image' | 'video' | 'videoTask' | 'speech' | 'unused' | 'unknown';

const NAMES: Record<Expected, string[]> = {
  chat: [
    // OpenAI
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4o-2024-08-06',
    'chatgpt-4o-latest',
    'gpt-4-turbo',
    'gpt-4.1',
    'gpt-4.1-nano',
    'gpt-4.5-preview',
    'gpt-3.5-turbo',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-codex',
    'gpt-oss-120b',
    'openai/gpt-oss-20b',
    'o1',
    'o1-mini',
    'o1-preview',
    'o3',
    'o3-mini',
    'o3-pro',
    'o4-mini',
    'o4-mini-2025-04-16',
    'codex-mini-latest',
    'gpt-4o-audio-preview',
    // Anthropic
    'claude-3-5-sonnet-20241022',
    'claude-3-haiku-20240307',
    'claude-3-opus-latest',
    'claude-sonnet-4-5',
    'claude-opus-4-1-20250805',
    'anthropic.claude-3-7-sonnet-20250219-v1:0',
    'anthropic/claude-haiku-4.5',
    // Google
    'gemini-1.5-pro',
    'gemini-2.0-flash',
    'gemini-2.5-pro',
    'gemini-2.5-flash-lite',
    'models/gemini-2.5-flash',
    'google/gemma-3-27b-it',
    'gemma2-9b-it',
    // Meta Llama
    'llama-3.1-70b-instruct',
    'llama-3.3-70b-versatile',
    'meta-llama/Llama-3.1-8B-Instruct',
    'meta-llama/llama-4-maverick-17b-128e-instruct',
    'Meta-Llama-3.1-405B-Instruct-Turbo',
    'llama3.2-vision',
    'codellama-34b-instruct',
    'llama-guard-3-8b',
    // Mistral
    'mistral-large-latest',
    'mistral-small-2503',
    'open-mistral-nemo',
    'mixtral-8x7b-32768',
    'codestral-latest',
    'ministral-8b-latest',
    'magistral-medium-2506',
    'pixtral-large-latest',
    'devstral-small-2505',
    'mistralai/Mistral-7B-Instruct-v0.3',
    // Qwen
    'qwen-max',
    'qwen-plus',
    'qwen2.5-72b-instruct',
    'Qwen/Qwen3-235B-A22B',
    'qwen3-coder-480b-a35b-instruct',
    'qwq-32b',
    'qwen2.5-vl-72b-instruct',
    // DeepSeek
    'deepseek-chat',
    'deepseek-reasoner',
    'deepseek-r1',
    'deepseek-ai/DeepSeek-V3.1',
    'deepseek-coder-v2',
    // Others
    'grok-4',
    'grok-3-mini',
    'command-r-plus',
    'command-a-03-2025',
    'phi-4',
    'microsoft/Phi-3.5-mini-instruct',
    'glm-4.5',
    'kimi-k2-instruct',
    'moonshot-v1-8k',
    'sonar-pro',
    'nvidia/llama-3.1-nemotron-70b-instruct',
    'ibm-granite/granite-3.3-8b-instruct',
    'doubao-seed-1-6-250615',
    'MiniMax-M1',
    'jamba-1.5-large',
    'some-model-instruct',
  ],
  image: [
    'dall-e-2',
    'dall-e-3',
    'gpt-image-1',
    'black-forest-labs/FLUX.1-schnell',
    'flux-pro-1.1',
    'flux-kontext-pro',
    'stable-diffusion-xl-1024-v1-0',
    'stabilityai/stable-diffusion-3.5-large',
    'sd3.5-large',
    'sdxl-turbo',
    'stable-image-ultra',
    'stable-image-core-1.1',
    'imagen-3.0-generate-002',
    'imagen-4.0-ultra-generate-001',
    'gemini-2.5-flash-image-preview',
    'gemini-2.0-flash-preview-image-generation',
    'grok-2-image-1212',
    'qwen-image',
    'ideogram-v3',
    'recraft-v3',
    'midjourney',
    'bytedance-seedream-4',
    'doubao-seedream-4-0-250828',
  ],
  video: [
    'sora',
    'sora-2',
    'sora-2-pro',
    'veo-2',
    'veo-3.0-generate-001',
    'google-veo-3-1',
    'kling-v2-1',
    'kling-v1-6-pro',
    'klingai/kling-video-v2',
    'runway-gen4-turbo',
    'gen4_turbo',
    'gen3a_turbo',
    'wan2.1-t2v-turbo',
    'wan-2.2-i2v',
    'Wan-AI/Wan2.2-T2V-A14B',
    'wanx2.1-t2v-plus',
    'hailuo-02',
    'MiniMax-Hailuo-02',
    'minimax-video-01',
    'hunyuan-video',
    'luma-ray-2',
    'ray-2',
    'pika-2.2',
    'ltx-video',
  ],
  videoTask: ['seedance-1-0-pro-250528', 'seedance-1-5-pro-251215', 'doubao-seedance-1-0-lite-t2v-250428'],
  speech: [
    'tts-1',
    'tts-1-hd',
    'gpt-4o-mini-tts',
    'kokoro',
    'hexgrad/Kokoro-82M',
    'eleven_multilingual_v2',
    'eleven-turbo-v2.5',
    'elevenlabs/eleven_v3',
    'gemini-2.5-flash-preview-tts',
    'speech-02-hd',
    'MiniMax-Speech-02-Turbo',
    'sonic-2',
    'canopylabs/orpheus-3b-0.1-ft',
  ],
  unused: [
    'text-embedding-3-small',
    'text-embedding-ada-002',
    'gemini-embedding-001',
    'mistral-embed',
    'nomic-embed-text',
    'BAAI/bge-m3',
    'intfloat/multilingual-e5-large',
    'voyage-3-large',
    'cohere-rerank-v3.5',
    'omni-moderation-latest',
    'text-moderation-stable',
    'whisper-1',
    'gpt-4o-transcribe',
    'gpt-4o-mini-transcribe',
    'gpt-4o-realtime-preview',
  ],
  unknown: ['acme-render-v2', 'house-model', 'pitts-model', 'corveo-1', 'babbage-002', 'some-new-model', ''],
};

for (const [expected, ids] of Object.entries(NAMES) as Array<[Expected, string[]]>) {
  for (const id of ids) {
    test(`${id || '(empty)'} is ${expected}`, () => {
      assert.equal(recogniseModel(id)?.kind ?? 'unknown', expected);
    });
  }
}

test('a chat model is sent as chat, a named image family as the basic variant; a video family whose fields are not known has no variant', () => {
  assert.deepEqual(recogniseModel('gpt-4o'), { kind: 'chat', capability: 'chat' });
  assert.deepEqual(recogniseModel('dall-e-3'), { kind: 'image', capability: 'image-basic' });
  assert.deepEqual(recogniseModel('sora-2'), { kind: 'video' });
  assert.deepEqual(recogniseModel('google-veo-3'), { kind: 'video', capability: 'video-v3' });
});

test("the model list's owned_by makes a name no rule knows chat when the vendor offers only chat models, never over a rule", () => {
  assert.equal(recogniseModel('house-special', 'anthropic')?.kind, 'chat');
  assert.equal(recogniseModel('house-special', 'Mistralai')?.kind, 'chat');
  assert.equal(recogniseModel('house-special', 'openai'), undefined, 'OpenAI also makes image, speech and video models');
  assert.equal(recogniseModel('house-special', 'google'), undefined);
  assert.equal(recogniseModel('mistral-embed', 'mistralai')?.kind, 'unused');
  assert.equal(recogniseModel('grok-2-image-1212', 'xai')?.kind, 'image');
});
