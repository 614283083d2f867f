import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordedRequest, sidecarContent } from '../../../src/mediaGeneration/generation/sidecar';

const BIG = Buffer.alloc(300_000, 7).toString('base64');
const SMALL = Buffer.from('png bytes').toString('base64');
const inputs = [
  { path: '/work/space/photos/cat.png', mimeType: 'image/png', base64: BIG },
  { path: '/work/space/dog.jpg', mimeType: 'image/jpeg', base64: SMALL },
];
const shownAs = (file: string): string => file.replace('/work/space/', '');

test('the recorded request names each input file instead of holding its data URL or base64', () => {
  const images = recordedRequest(
    { model: 'm', prompt: 'p', image: [`data:image/png;base64,${BIG}`, `data:image/jpeg;base64,${SMALL}`], size: '2K' },
    inputs,
    shownAs,
  );
  assert.deepEqual(images, { model: 'm', prompt: 'p', image: [{ file: 'photos/cat.png' }, { file: 'dog.jpg' }], size: '2K' });
  const video = recordedRequest(
    {
      model: 'm',
      image: { mime_type: 'image/png', base_64_encoded: BIG },
      reference_images: [{ image: { mime_type: 'image/jpeg', base_64_encoded: SMALL }, reference_type: 'subject' }],
      seed: 3,
      watermark: true,
    },
    inputs,
    shownAs,
  );
  assert.deepEqual(video, {
    model: 'm',
    image: { mime_type: 'image/png', base_64_encoded: { file: 'photos/cat.png' } },
    reference_images: [{ image: { mime_type: 'image/jpeg', base_64_encoded: { file: 'dog.jpg' } }, reference_type: 'subject' }],
    seed: 3,
    watermark: true,
  });
  assert.ok(JSON.stringify(video).length < 400, 'no input bytes in the record');
});

test('the sidecar holds the request, model, seed, revised prompt, usage and the member of a set', () => {
  const at = new Date('2026-01-02T03:04:05Z');
  const content = sidecarContent({
    endpoint: '/v1/images/generations',
    model: 'bytedance-seedream-4-5',
    variant: 'image-4.5',
    prompt: 'a cat',
    request: { model: 'bytedance-seedream-4-5', prompt: 'a cat', seed: 9 },
    inputs: { image: ['photos/cat.png'] },
    seed: 9,
    revisedPrompt: 'a cat, detailed',
    usage: { total_tokens: 10 },
    member: { index: 2, of: 3 },
    requestId: 'req_1',
    createdAt: at,
  });
  assert.deepEqual(content, {
    generator: 'GenAI Gateway for VS Code',
    created_at: '2026-01-02T03:04:05.000Z',
    endpoint: '/v1/images/generations',
    model: 'bytedance-seedream-4-5',
    variant: 'image-4.5',
    prompt: 'a cat',
    seed: 9,
    revised_prompt: 'a cat, detailed',
    usage: { total_tokens: 10 },
    member: { index: 2, of: 3 },
    inputs: { image: ['photos/cat.png'] },
    request: { model: 'bytedance-seedream-4-5', prompt: 'a cat', seed: 9 },
    request_id: 'req_1',
  });
  const single = sidecarContent({
    endpoint: '/v1/videos/generation',
    model: 'veo-2',
    variant: 'video-v2',
    prompt: 'p',
    request: {},
    inputs: {},
    createdAt: at,
  });
  assert.deepEqual(['member' in single, (single as Record<string, unknown>).seed, (single as Record<string, unknown>).revised_prompt], [false, null, null]);
});
