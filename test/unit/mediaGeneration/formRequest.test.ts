import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FilesField, FormValues, MediaVariant } from '../../../src/mediaGeneration/forms/formFields';
import { type EncodedInput, buildRequest, formProblem } from '../../../src/mediaGeneration/forms/formRequest';
import { givenValues, initialValues } from '../../../src/mediaGeneration/forms/formValues';
import { formFor } from '../../../src/mediaGeneration/forms/mediaForms';
import { assertRefused } from '../validation/refusal';

/** Encodes a path as base64 of its own text, with the first type the field allows. */
const encode = (path: string, field: FilesField): EncodedInput => ({ path, mimeType: field.mimeTypes[0], base64: Buffer.from(path).toString('base64') });
const b64 = (path: string): string => Buffer.from(path).toString('base64');

function request(variant: MediaVariant, values: FormValues, prompt = 'a lighthouse at dawn', model = 'some-model'): unknown {
  const form = formFor(variant);
  return buildRequest(form, model, prompt, givenValues(form, values), encode).request;
}

test('basic: style and response_format as chosen; nothing else', () => {
  assert.deepEqual(request('image-basic', {}), { model: 'some-model', prompt: 'a lighthouse at dawn' });
  assert.deepEqual(request('image-basic', { style: 'anime', response_format: 'b64_json' }), {
    model: 'some-model',
    prompt: 'a lighthouse at dawn',
    style: 'anime',
    response_format: 'b64_json',
  });
});

test('4.0: one input image is edited through a data URL; defaults are sent explicitly', () => {
  assert.deepEqual(request('image-4.0', { image: ['/w/cat.png'], size: '1024x1024', watermark: false, response_format: 'b64_json' }), {
    model: 'some-model',
    prompt: 'a lighthouse at dawn',
    image: `data:image/jpeg;base64,${b64('/w/cat.png')}`,
    sequential_image_generation: 'disabled',
    size: '1024x1024',
    watermark: false,
    response_format: 'b64_json',
  });
});

test('4.5: several input images are references; sequential set with max_images; seed; custom size', () => {
  assert.deepEqual(
    request('image-4.5', {
      image: ['/w/a.png', '/w/b.png'],
      sequential_image_generation: 'auto',
      max_images: 4,
      seed: 7,
      size: '2560x1440',
    }),
    {
      model: 'some-model',
      prompt: 'a lighthouse at dawn',
      image: [`data:image/jpeg;base64,${b64('/w/a.png')}`, `data:image/jpeg;base64,${b64('/w/b.png')}`],
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 4 },
      size: '2560x1440',
      seed: 7,
      watermark: true,
      response_format: 'url',
    },
  );
});

test('video V2: n and enhance_prompt', () => {
  assert.deepEqual(request('video-v2', { n: 3, enhance_prompt: true }), { model: 'some-model', prompt: 'a lighthouse at dawn', n: 3, enhance_prompt: true });
});

test('video V3: a first frame with resize mode, a video to extend, every output option; no prompt needed', () => {
  const values = {
    image: ['/w/first.png'],
    video: ['/w/clip.mp4'],
    n: 2,
    generate_audio: false,
    duration: 6,
    resolution: '720p',
    aspect_ratio: '9:16',
    seed: 4294967295,
    negative_prompt: 'people',
    person_generation: 'dont_allow',
    resize_mode: 'crop',
    compression_quality: 'lossless',
    output_format: 'url',
  };
  assert.deepEqual(request('video-v3', values, ''), {
    model: 'some-model',
    n: 2,
    image: { mime_type: 'image/jpeg', base_64_encoded: b64('/w/first.png') },
    video: { mime_type: 'video/mp4', base_64_encoded: b64('/w/clip.mp4') },
    generate_audio: false,
    duration: 6,
    resolution: '720p',
    aspect_ratio: '9:16',
    seed: 4294967295,
    negative_prompt: 'people',
    person_generation: 'dont_allow',
    resize_mode: 'crop',
    compression_quality: 'lossless',
    output_format: 'url',
  });
});

test('video V3.1: first and last frame, subject reference images, 1080p at 8 seconds', () => {
  const built = request('video-v3.1', {
    image: ['/w/first.png'],
    last_frame: ['/w/last.png'],
    reference_images: ['/w/r1.png', '/w/r2.png'],
    resolution: '1080p',
  }) as Record<string, unknown>;
  assert.deepEqual(built.last_frame, { mime_type: 'image/jpeg', base_64_encoded: b64('/w/last.png') });
  assert.deepEqual(built.reference_images, [
    { image: { mime_type: 'image/jpeg', base_64_encoded: b64('/w/r1.png') }, reference_type: 'subject' },
    { image: { mime_type: 'image/jpeg', base_64_encoded: b64('/w/r2.png') }, reference_type: 'subject' },
  ]);
  assert.equal(built.duration, 8);
  assert.equal(built.resolution, '1080p');
  assert.equal(built.resize_mode, 'pad');
  assert.equal(built.prompt, 'a lighthouse at dawn');
});

test('refusals: the client validators judge the values, naming the field and what is allowed', () => {
  assertRefused(() => request('image-4.5', {}, ''), { param: 'prompt', allowed: 'a non-empty text' });
  assertRefused(() => request('image-4.5', {}, 'x'.repeat(4001)), { param: 'prompt', allowed: 'at most 4000 characters' });
  assertRefused(() => request('image-4.0', { size: '1280x720' }), { param: 'size', value: '1280x720' });
  assertRefused(() => request('image-4.5', { seed: -2 }), { param: 'seed', value: -2 });
  assertRefused(() => request('image-4.5', { sequential_image_generation: 'auto', max_images: 16 }), {
    param: 'sequential_image_generation_options.max_images',
    value: 16,
  });
  assertRefused(() => request('image-4.5', { image: Array.from({ length: 15 }, (_, i) => `/w/${i}.png`) }), {
    param: 'image',
    value: 15,
    allowed: 'at most 14 files',
  });
  assertRefused(() => request('video-v2', { n: 11 }), { param: 'n', value: 11, allowed: 'an integer from 1 to 10' });
  assertRefused(() => request('video-v3', { n: 5 }), { param: 'n', value: 5, allowed: 'an integer from 1 to 4' });
  assertRefused(() => request('video-v3', { duration: 5 }), { param: 'duration', value: 5 });
  assertRefused(() => request('video-v3', { duration: 4, resolution: '1080p' }), { param: 'resolution', value: '1080p' });
  assertRefused(() => request('video-v3', { seed: 4294967296 }), { param: 'seed', value: 4294967296 });
  assertRefused(() => request('video-v3', { image: ['/w/a.png', '/w/b.png'] }), { param: 'image', value: 2, allowed: 'at most 1 files' });
  assertRefused(() => request('video-v3', {}, ''), { param: 'prompt' });
  assertRefused(() => request('video-v3', { video: ['/w/clip.mp4'] }, ' '), { param: 'prompt', allowed: 'a non-empty text' });
  assertRefused(() => request('video-v3.1', { reference_images: ['/w/r.png'], duration: 6 }), { param: 'duration', value: 6 });
});

test('formProblem: the first problem as a sentence, checked without reading any file', () => {
  const form = formFor('video-v3.1');
  const values = initialValues(form, { image: ['/nowhere/first.png'] });
  assert.equal(formProblem(form, 'google-veo-3-1', '', values), undefined, 'the file is not read; no prompt is needed with a first frame');
  assert.match(formProblem(formFor('video-v3'), 'google-veo-3', '', initialValues(formFor('video-v3'))) ?? '', /^Invalid "prompt"/);
});
