import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGeneratedImages } from '../../../src/gateway/mediaUsage';

test('count, distinct sizes and output tokens, from usage and data where the answer has them', () => {
  const answer = {
    data: [
      { url: 'u', size: '2048x2048' },
      { url: 'v', size: '2048x2048' },
      { url: 'w', size: '1024x1024' },
    ],
    usage: { input_tokens: 12, output_tokens: 40960, total_tokens: 40972, generated_images: 3 },
  };
  assert.equal(describeGeneratedImages(answer), '3 images, 2048×2048, 1024×1024, 40,960 output tokens');
  assert.equal(describeGeneratedImages({ data: [{ size: '512x512' }], usage: { generated_images: 1 } }), '1 image, 512×512');
  assert.equal(describeGeneratedImages({ usage: { total_tokens: 7 } }), '7 tokens');
});

test('an answer that says nothing, or says it in shapes not understood, gives nothing', () => {
  assert.equal(describeGeneratedImages({}), undefined);
  assert.equal(describeGeneratedImages({ data: 'x', usage: null }), undefined);
  assert.equal(describeGeneratedImages({ data: [{ size: '<b>huge</b>' }, null, 3], usage: { generated_images: -1, output_tokens: 'many' } }), undefined);
});
