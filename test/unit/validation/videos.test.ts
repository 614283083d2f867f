import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { VideoRequest } from '../../../src/gateway/types/videos';
import { validateVideoRequest } from '../../../src/gateway/validation';
import { assertRefused, loose } from './refusal';

const IMAGE = { mime_type: 'image/png', url: 'https://example.com/first.png' };
const LAST = { mime_type: 'image/jpeg', base_64_encoded: 'AAAA' };
const CLIP = { mime_type: 'video/mp4', url: 'https://example.com/clip.mp4' };
const REFERENCE = { image: IMAGE, reference_type: 'subject' };

const body = (fields: object): VideoRequest => loose<VideoRequest>({ model: 'google-veo-3-1', prompt: 'A cat surfing', ...fields });
const v2 = (fields: object = {}): void => validateVideoRequest(body(fields), 'video-v2');
const v3 = (fields: object = {}): void => validateVideoRequest(body(fields), 'video-v3');
const v31 = (fields: object = {}): void => validateVideoRequest(body(fields), 'video-v3.1');

test('V2: accepts its fields', () => {
  v2();
  v2({ n: 10, enhance_prompt: true });
});

test('V2: prompt required, at most 4000 characters; model required', () => {
  assertRefused(() => v2({ prompt: undefined }), { param: 'prompt', value: undefined, allowed: 'a non-empty text of at most 4000 characters' });
  assertRefused(() => v2({ prompt: 'x'.repeat(4001) }), { param: 'prompt', allowed: 'at most 4000 characters' });
  assertRefused(() => v2({ model: '' }), { param: 'model', value: '' });
});

test('V2: n from 1 to 10, enhance_prompt a boolean', () => {
  v2({ n: 1 });
  for (const n of [0, 11, 2.5]) assertRefused(() => v2({ n }), { param: 'n', value: n, allowed: 'an integer from 1 to 10' });
  assertRefused(() => v2({ enhance_prompt: 'yes' }), { param: 'enhance_prompt', value: 'yes', allowed: 'true or false' });
});

test('V2: the fields of V3 are refused by name', () => {
  for (const [key, value] of Object.entries({ image: IMAGE, duration: 8, resolution: '720p', seed: 1, output_format: 'url' })) {
    const error = assertRefused(() => v2({ [key]: value }), { param: key, value, allowed: 'model, prompt, n, enhance_prompt' });
    assert.match(error.message, /not a field of video model V2/);
  }
});

test('V3 and V3.1: accept full requests', () => {
  const common = {
    n: 4,
    image: IMAGE,
    generate_audio: false,
    duration: 8,
    resolution: '1080p',
    aspect_ratio: '9:16',
    seed: 4294967295,
    negative_prompt: 'blur',
    person_generation: 'dont_allow',
    resize_mode: 'crop',
    compression_quality: 'lossless',
    output_format: 'url',
  };
  v3(common);
  v31({ ...common, last_frame: LAST });
  v31({ reference_images: [REFERENCE, REFERENCE, REFERENCE], duration: 8 });
  v3({ video: CLIP, prompt: undefined });
});

for (const [name, run] of [
  ['V3', v3],
  ['V3.1', v31],
] as const) {
  test(`${name}: prompt required for text-to-video only, at most 4000 characters`, () => {
    run({ prompt: undefined, image: IMAGE });
    run({ prompt: undefined, video: CLIP });
    assertRefused(() => run({ prompt: undefined }), { param: 'prompt', value: undefined, allowed: 'a non-empty text' });
    assertRefused(() => run({ prompt: 'x'.repeat(4001), image: IMAGE }), { param: 'prompt', allowed: 'at most 4000 characters' });
  });

  test(`${name}: n from 1 to 4`, () => {
    for (const n of [0, 5]) assertRefused(() => run({ n }), { param: 'n', value: n, allowed: 'an integer from 1 to 4' });
  });

  test(`${name}: enhance_prompt is refused as V2 only`, () => {
    const error = assertRefused(() => run({ enhance_prompt: true }), { param: 'enhance_prompt', value: true });
    assert.match(error.message, /V2 only/);
  });

  test(`${name}: image is a jpeg/png object with exactly one of url / base_64_encoded`, () => {
    run({ image: { mime_type: 'image/jpeg', base_64_encoded: 'AAAA' } });
    assertRefused(() => run({ image: { ...IMAGE, mime_type: 'image/gif' } }), {
      param: 'image.mime_type',
      value: 'image/gif',
      allowed: '"image/jpeg" or "image/png"',
    });
    assertRefused(() => run({ image: { ...IMAGE, base_64_encoded: 'AAAA' } }), {
      param: 'image',
      allowed: 'exactly one of url / base_64_encoded',
    });
    assertRefused(() => run({ image: { mime_type: 'image/png' } }), { param: 'image', allowed: 'exactly one of url / base_64_encoded' });
    assertRefused(() => run({ image: { mime_type: 'image/png', url: 'gs://bucket/a.png' } }), {
      param: 'image.url',
      value: 'gs://bucket/a.png',
      allowed: 'an http(s) URL',
    });
    assertRefused(() => run({ image: { mime_type: 'image/png', base_64_encoded: '!!' } }), {
      param: 'image.base_64_encoded',
      value: '!!',
      allowed: 'non-empty base64',
    });
  });

  test(`${name}: video is an mp4 object with exactly one of url / base_64_encoded`, () => {
    assertRefused(() => run({ video: { ...CLIP, mime_type: 'video/webm' } }), {
      param: 'video.mime_type',
      value: 'video/webm',
      allowed: '"video/mp4"',
    });
    assertRefused(() => run({ video: { mime_type: 'video/mp4' } }), { param: 'video', allowed: 'exactly one of' });
  });

  test(`${name}: duration 4, 6 or 8; 1080p only at 8 seconds`, () => {
    run({ duration: 4, resolution: '720p' });
    run({ resolution: '1080p' });
    for (const duration of [5, 10, '8']) {
      assertRefused(() => run({ duration }), { param: 'duration', value: duration, allowed: '4, 6 or 8' });
    }
    assertRefused(() => run({ duration: 6, resolution: '1080p' }), {
      param: 'resolution',
      value: '1080p',
      allowed: '"1080p" needs duration 8',
    });
    assertRefused(() => run({ resolution: '4k' }), { param: 'resolution', value: '4k', allowed: '"720p" or "1080p"' });
  });

  test(`${name}: enums of aspect_ratio, person_generation, resize_mode, compression_quality, output_format`, () => {
    const cases: Array<[string, string, string]> = [
      ['aspect_ratio', '1:1', '"16:9" or "9:16"'],
      ['person_generation', 'allow_kids', '"allow_adult", "allow_all" or "dont_allow"'],
      ['compression_quality', 'high', '"optimized" or "lossless"'],
      ['output_format', 'mp4', '"base64" or "url"'],
    ];
    for (const [field, value, allowed] of cases) assertRefused(() => run({ [field]: value }), { param: field, value, allowed });
    assertRefused(() => run({ image: IMAGE, resize_mode: 'stretch' }), { param: 'resize_mode', value: 'stretch', allowed: '"pad" or "crop"' });
  });

  test(`${name}: resize_mode only with an input image`, () => {
    run({ image: IMAGE, resize_mode: 'pad' });
    assertRefused(() => run({ resize_mode: 'pad' }), { param: 'resize_mode', value: 'pad', allowed: 'only together with image' });
  });

  test(`${name}: seed an integer from 0 to 4294967295`, () => {
    run({ seed: 0 });
    for (const seed of [-1, 4294967296, 0.5]) {
      assertRefused(() => run({ seed }), { param: 'seed', value: seed, allowed: 'an integer from 0 to 4294967295' });
    }
  });

  test(`${name}: generate_audio a boolean, negative_prompt a text`, () => {
    assertRefused(() => run({ generate_audio: 1 }), { param: 'generate_audio', value: 1, allowed: 'true or false' });
    assertRefused(() => run({ negative_prompt: ['blur'] }), { param: 'negative_prompt', value: ['blur'], allowed: 'a text' });
  });
}

test('V3: last_frame and reference_images are refused as V3.1 only', () => {
  for (const [key, value] of Object.entries({ last_frame: LAST, reference_images: [REFERENCE] })) {
    const error = assertRefused(() => v3({ image: IMAGE, [key]: value }), { param: key, value });
    assert.match(error.message, /V3\.1 only/);
  }
});

test('V3.1: last_frame needs image', () => {
  assertRefused(() => v31({ last_frame: LAST }), { param: 'last_frame', value: LAST, allowed: 'only together with image' });
  assertRefused(() => v31({ image: IMAGE, last_frame: { ...LAST, mime_type: 'image/webp' } }), {
    param: 'last_frame.mime_type',
    value: 'image/webp',
  });
});

test('V3.1: 1 to 3 reference_images of type subject, each with an image object', () => {
  assertRefused(() => v31({ reference_images: [REFERENCE, REFERENCE, REFERENCE, REFERENCE] }), {
    param: 'reference_images',
    allowed: 'a list of 1 to 3 items',
  });
  assertRefused(() => v31({ reference_images: [] }), { param: 'reference_images', value: [] });
  assertRefused(() => v31({ reference_images: [REFERENCE, { ...REFERENCE, reference_type: 'style' }] }), {
    param: 'reference_images[1].reference_type',
    value: 'style',
    allowed: '"subject"',
  });
  assertRefused(() => v31({ reference_images: [{ reference_type: 'subject' }] }), {
    param: 'reference_images[0].image',
    value: undefined,
    allowed: 'an image object',
  });
  assertRefused(() => v31({ reference_images: [{ ...REFERENCE, image: { mime_type: 'image/png' } }] }), {
    param: 'reference_images[0].image',
    allowed: 'exactly one of url / base_64_encoded',
  });
  assertRefused(() => v31({ reference_images: ['https://example.com/a.png'] }), {
    param: 'reference_images[0]',
    value: 'https://example.com/a.png',
  });
});

test('V3.1: reference_images need duration 8', () => {
  v31({ reference_images: [REFERENCE] });
  assertRefused(() => v31({ reference_images: [REFERENCE], duration: 6 }), {
    param: 'duration',
    value: 6,
    allowed: '8 (or none) with reference_images',
  });
});

test('V3 and V3.1: an unknown field is refused by name', () => {
  assertRefused(() => v31({ fps: 30 }), { param: 'fps', value: 30, allowed: 'only the fields of video model V3.1' });
  assertRefused(() => v3({ fps: 30 }), { param: 'fps', value: 30, allowed: 'only the fields of video model V3' });
});
