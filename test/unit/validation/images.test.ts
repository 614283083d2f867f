import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BasicImageRequest, SeedreamImageRequest } from '../../../src/gateway/types/images';
import { validateImageRequest } from '../../../src/gateway/validation';
import { assertRefused, dataUrl, loose } from './refusal';

const URL = 'https://example.com/ref.png';
const TEN_MB = 10 * 1024 * 1024;

function basic(fields: object = {}): BasicImageRequest {
  return loose<BasicImageRequest>({ model: 'stable-image-core-1.1', prompt: 'A red fox', ...fields });
}

function seedream(fields: object = {}): SeedreamImageRequest {
  return loose<SeedreamImageRequest>({ model: 'bytedance-seedream-4-5', prompt: 'A red fox', ...fields });
}

const v40 = (fields: object = {}): void => validateImageRequest(seedream(fields), 'image-4.0');
const v45 = (fields: object = {}): void => validateImageRequest(seedream(fields), 'image-4.5');

test('accepts minimal and full requests of each variant', () => {
  validateImageRequest(basic({ style: 'photographic', response_format: 'b64_json' }), 'image-basic');
  const full = {
    image: [URL, dataUrl('png', 10)],
    sequential_image_generation: 'auto',
    sequential_image_generation_options: { max_images: 13 },
    response_format: 'url',
    size: '2K',
    watermark: false,
  };
  v40(full);
  v45({ ...full, size: '4K', seed: 2147483647 });
});

for (const capability of ['image-basic', 'image-4.0', 'image-4.5'] as const) {
  test(`${capability}: prompt required, at most 4000 characters`, () => {
    validateImageRequest(seedream({ prompt: 'x'.repeat(4000) }), capability);
    assertRefused(() => validateImageRequest(seedream({ prompt: 'x'.repeat(4001) }), capability), {
      param: 'prompt',
      value: 'x'.repeat(4001),
      allowed: 'at most 4000 characters',
    });
    assertRefused(() => validateImageRequest(seedream({ prompt: '' }), capability), { param: 'prompt', value: '' });
    assertRefused(() => validateImageRequest(seedream({ prompt: undefined }), capability), { param: 'prompt', value: undefined });
  });

  test(`${capability}: model required, response_format url or b64_json`, () => {
    assertRefused(() => validateImageRequest(seedream({ model: '' }), capability), { param: 'model', value: '' });
    assertRefused(() => validateImageRequest(seedream({ response_format: 'png' }), capability), {
      param: 'response_format',
      value: 'png',
      allowed: '"url" or "b64_json"',
    });
  });
}

test('basic: the fields of versions 4.x are refused by name', () => {
  for (const [key, value] of Object.entries({ size: '2K', seed: 1, image: URL, watermark: true, sequential_image_generation: 'auto' })) {
    assertRefused(() => validateImageRequest(basic({ [key]: value }), 'image-basic'), {
      param: key,
      value,
      allowed: 'model, prompt, style, response_format',
    });
  }
  assertRefused(() => validateImageRequest(basic({ style: 3 }), 'image-basic'), { param: 'style', value: 3, allowed: 'a text' });
});

test('4.x: style, a basic-only field, is refused', () => {
  assertRefused(() => v45({ style: 'anime' }), { param: 'style', value: 'anime', allowed: 'only the fields of image model 4.5' });
});

// Issue #18: the union of the spec's sizes and the upstream's (1K/4K and WxH from 1024x1024 pixels on 4.0; from 3686400 pixels on 4.5).
test("4.0 sizes: 1K, 2K, 4K, the spec's 1024x1024 and 512x512, and WxH of 1024x1024 to 4096x4096 pixels", () => {
  for (const size of ['1K', '2K', '4K', '1024x1024', '512x512', '2048x2048', '4096x4096', '2560x1440', '4096x256', '1280x960']) v40({ size });
  for (const size of ['256x256', '1280x720', '4097x4096', '8192x256', '1024*1024', '2k', '8K', 1024]) {
    assertRefused(() => v40({ size }), {
      param: 'size',
      value: size,
      allowed:
        '"1K", "2K", "4K", "1024x1024", "512x512", or "WxH" of 1048576 to 16777216 pixels (from 1024x1024 to 4096x4096) with a width:height between 1:16 and 16:1',
    });
  }
});

test('4.5 sizes: 2K, 4K, and WxH of 3686400 to 16777216 pixels (no 1024x1024)', () => {
  for (const size of ['2K', '4K', '2560x1440', '1440x2560', '2048x2048', '4096x4096']) v45({ size });
  for (const size of ['1024', '1K', '8K', '1024x1024', '2048x1152', '100x100', '16384x16384']) {
    assertRefused(() => v45({ size }), {
      param: 'size',
      value: size,
      allowed: '"2K", "4K", or "WxH" of 3686400 to 16777216 pixels (from 2560x1440 to 4096x4096) with a width:height between 1:16 and 16:1',
    });
  }
});

test('seed: 4.5 only, an integer from -1 to 2147483647', () => {
  v45({ seed: -1 });
  v45({ seed: 0 });
  const error = assertRefused(() => v40({ seed: 42 }), { param: 'seed', value: 42 });
  assert.match(error.message, /4\.5 only/);
  for (const seed of [-2, 2147483648, 1.5, '42']) {
    assertRefused(() => v45({ seed }), { param: 'seed', value: seed, allowed: 'an integer from -1 to 2147483647' });
  }
});

test('image: one URL, or 1 to 10 (4.0) / 14 (4.5) references', () => {
  v40({ image: URL });
  v40({ image: Array(10).fill(URL) });
  v45({ image: Array(14).fill(URL) });
  assertRefused(() => v40({ image: Array(11).fill(URL) }), { param: 'image', allowed: 'a list of 1 to 10 items' });
  assertRefused(() => v45({ image: Array(15).fill(URL) }), { param: 'image', allowed: 'a list of 1 to 14 items' });
  assertRefused(() => v45({ image: [] }), { param: 'image', value: [] });
  assertRefused(() => v45({ image: { url: URL } }), { param: 'image', value: { url: URL }, allowed: 'an image URL, or a list' });
});

test('each reference is an http(s) URL or a data URL, named by its index', () => {
  assertRefused(() => v45({ image: [URL, URL, URL, 'file:///tmp/a.png'] }), {
    param: 'image[3]',
    value: 'file:///tmp/a.png',
    allowed: 'an http(s) URL or a data:image/',
  });
  assertRefused(() => v45({ image: 'ftp://example.com/a.png' }), { param: 'image', value: 'ftp://example.com/a.png' });
  assertRefused(() => v45({ image: [URL, 5] }), { param: 'image[1]', value: 5 });
});

test('data URL types: jpeg/png on 4.0; also webp, bmp, tiff, gif on 4.5', () => {
  for (const type of ['jpeg', 'png']) v40({ image: dataUrl(type, 30) });
  for (const type of ['jpeg', 'png', 'webp', 'bmp', 'tiff', 'gif']) v45({ image: [dataUrl(type, 30)] });
  for (const type of ['webp', 'gif']) {
    assertRefused(() => v40({ image: [URL, dataUrl(type, 30)] }), { param: 'image[1]', value: dataUrl(type, 30), allowed: 'data:image/jpeg|png;base64' });
  }
  assertRefused(() => v45({ image: dataUrl('svg+xml', 30) }), { param: 'image', allowed: 'data:image/jpeg|png|webp|bmp|tiff|gif;base64' });
  assertRefused(() => v45({ image: 'data:image/png;base64,not base64!' }), { param: 'image', value: 'data:image/png;base64,not base64!' });
});

test('a data URL decodes to at most 10 MB', () => {
  v45({ image: dataUrl('png', TEN_MB) });
  const error = assertRefused(() => v45({ image: [dataUrl('png', TEN_MB + 1)] }), { param: 'image[0]', allowed: 'of at most 10 MB' });
  assert.match(error.message, /10\.0 MB decoded/);
});

test('sequential_image_generation is disabled or auto', () => {
  v45({ sequential_image_generation: 'disabled' });
  assertRefused(() => v45({ sequential_image_generation: 'on' }), {
    param: 'sequential_image_generation',
    value: 'on',
    allowed: '"disabled" or "auto"',
  });
});

test('max_images is 1 to 15, and references plus max_images at most 15', () => {
  v45({ sequential_image_generation_options: { max_images: 15 } });
  v45({ sequential_image_generation_options: {} });
  v45({ image: Array(5).fill(URL), sequential_image_generation_options: { max_images: 10 } });
  for (const max of [0, 16, 2.5]) {
    assertRefused(() => v45({ sequential_image_generation_options: { max_images: max } }), {
      param: 'sequential_image_generation_options.max_images',
      value: max,
      allowed: 'an integer from 1 to 15',
    });
  }
  assertRefused(() => v45({ image: Array(5).fill(URL), sequential_image_generation_options: { max_images: 11 } }), {
    param: 'sequential_image_generation_options.max_images',
    value: 11,
    allowed: 'at most 10 with 5 reference images',
  });
  assertRefused(() => v45({ image: URL, sequential_image_generation_options: { max_images: 15 } }), {
    param: 'sequential_image_generation_options.max_images',
    value: 15,
    allowed: 'at most 14 with 1 reference images',
  });
  assertRefused(() => v45({ sequential_image_generation_options: 4 }), { param: 'sequential_image_generation_options', value: 4 });
});

test('watermark is a boolean', () => {
  v40({ watermark: true });
  assertRefused(() => v40({ watermark: 'no' }), { param: 'watermark', value: 'no', allowed: 'true or false' });
});

test('an unknown field is refused by name', () => {
  assertRefused(() => v40({ n: 2 }), { param: 'n', value: 2, allowed: 'only the fields of image model 4.0' });
});
