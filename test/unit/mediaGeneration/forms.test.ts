import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChoiceField, FormField, FormValues, MediaForm } from '../../../src/mediaGeneration/forms/formFields';
import { describeValue, givenValues, initialValues, rememberable, withValue } from '../../../src/mediaGeneration/forms/formValues';
import { formFor, takesFields } from '../../../src/mediaGeneration/forms/mediaForms';
import {
  IMAGE_BASIC_STYLES,
  IMAGE_RESPONSE_FORMATS,
  IMAGE_SEED,
  IMAGE_SET_MAX,
  SEEDREAM_LIMITS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_COMPRESSION_QUALITIES,
  VIDEO_DURATIONS,
  VIDEO_OUTPUT_FORMATS,
  VIDEO_PERSON_GENERATION,
  VIDEO_RESIZE_MODES,
  VIDEO_SEED,
  VIDEO_V2_N,
  VIDEO_V3_N,
} from '../../../src/gateway/validation/limits';
import { assertRefused } from '../validation/refusal';

const keys = (form: MediaForm, values: FormValues = {}): string[] => form.fields(values).map((f) => f.key);
const field = (form: MediaForm, key: string, values: FormValues = {}): FormField => {
  const found = form.fields(values).find((f) => f.key === key);
  assert.ok(found, `${key} is a field of ${form.variant}`);
  return found;
};
const choice = (form: MediaForm, key: string, values: FormValues = {}): ChoiceField => {
  const found = field(form, key, values);
  assert.equal(found.kind, 'choice');
  return found as ChoiceField;
};
const range = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

test("basic image form: exactly style and response_format, styles from limits.ts, any style of one's own", () => {
  const form = formFor('image-basic');
  assert.deepEqual(keys(form), ['style', 'response_format']);
  const style = choice(form, 'style');
  assert.deepEqual(style.choices, IMAGE_BASIC_STYLES);
  assert.equal(style.default, undefined, 'no style is sent unless chosen');
  assert.equal(style.custom?.check('watercolour'), undefined);
  assert.ok(style.custom?.check('  '));
  assert.deepEqual(choice(form, 'response_format').choices, IMAGE_RESPONSE_FORMATS);
  assert.deepEqual(initialValues(form), {});
  assert.equal(form.needsPrompt({}), true);
});

test('4.0 / 4.5 image forms: their fields with the spec defaults; seed on 4.5 only', () => {
  const v40 = formFor('image-4.0');
  const v45 = formFor('image-4.5');
  assert.deepEqual(keys(v40), ['image', 'sequential_image_generation', 'size', 'watermark', 'response_format']);
  assert.deepEqual(keys(v45), ['image', 'sequential_image_generation', 'size', 'seed', 'watermark', 'response_format']);
  assert.deepEqual(initialValues(v45), { sequential_image_generation: 'disabled', size: '2K', watermark: true, response_format: 'url' });
  assert.deepEqual(choice(v40, 'size').choices, SEEDREAM_LIMITS['image-4.0'].sizes);
  assert.deepEqual(choice(v45, 'size').choices, SEEDREAM_LIMITS['image-4.5'].sizes);
  assert.deepEqual(field(v45, 'seed'), { ...field(v45, 'seed'), min: IMAGE_SEED.min, max: IMAGE_SEED.max });
  const images = field(v45, 'image');
  assert.equal(images.kind === 'files' && images.max, SEEDREAM_LIMITS['image-4.5'].maxReferences);
  assert.ok(images.kind === 'files' && images.mimeTypes.includes('image/webp'));
  const images40 = field(v40, 'image');
  assert.ok(images40.kind === 'files' && images40.max === SEEDREAM_LIMITS['image-4.0'].maxReferences && !images40.mimeTypes.includes('image/webp'));
});

test('4.x: max_images appears with sequential auto; its choices leave room for the input images', () => {
  const form = formFor('image-4.5');
  assert.ok(!keys(form).includes('max_images'));
  const auto = { sequential_image_generation: 'auto' };
  assert.deepEqual(choice(form, 'max_images', auto).choices, range(1, IMAGE_SET_MAX));
  const withInputs = { ...auto, image: ['/a.png', '/b.png', '/c.png'] };
  assert.deepEqual(choice(form, 'max_images', withInputs).choices, range(1, IMAGE_SET_MAX - 3));
  // Turning sequential generation off drops max_images; adding inputs drops a count that no longer fits.
  const set = withValue(form, initialValues(form, auto), 'max_images', 14);
  assert.equal(set.max_images, 14);
  assert.equal(withValue(form, set, 'sequential_image_generation', 'disabled').max_images, undefined);
  assert.equal(withValue(form, set, 'image', ['/a.png', '/b.png']).max_images, undefined);
});

test('size: a named size, or WxH within the limits the client validates', () => {
  const size = choice(formFor('image-4.0'), 'size');
  assert.equal(size.default, '2K');
  // Issue #18: offered only what both the spec and the upstream take; typed sizes are checked against their union.
  assert.deepEqual(size.choices, ['2K', '1024x1024']);
  assert.deepEqual(choice(formFor('image-4.5'), 'size').choices, ['2K', '4K']);
  assert.equal(size.custom?.check('1280x960'), undefined);
  assert.match(size.custom?.check('1280x720') ?? '', /Invalid "size"/);
  assert.match(size.custom?.check('10x10') ?? '', /Invalid "size"/);
  assert.match(size.custom?.check('big') ?? '', /WxH/);
  assert.match(choice(formFor('image-4.5'), 'size').custom?.check('1024x1024') ?? '', /from 2560x1440/);
  const form = formFor('image-4.0');
  assert.equal(withValue(form, initialValues(form), 'size', '1280x960').size, '1280x960');
  assert.equal(withValue(form, initialValues(form), 'size', '640x480').size, '2K', '640x480 is not a 4.0 size: back to the default');
});

test('video V2 form: n from 1 to 10 (default 1) and enhance_prompt (not sent unless chosen)', () => {
  const form = formFor('video-v2');
  assert.deepEqual(keys(form), ['n', 'enhance_prompt']);
  assert.deepEqual(choice(form, 'n').choices, range(VIDEO_V2_N.min, VIDEO_V2_N.max));
  assert.deepEqual(initialValues(form), { n: 1 });
  assert.deepEqual(withValue(form, { n: 1 }, 'enhance_prompt', true), { n: 1, enhance_prompt: true });
});

test('video V3 form: its fields, defaults from the spec, no V3.1 fields', () => {
  const form = formFor('video-v3');
  assert.deepEqual(keys(form), [
    'n',
    'image',
    'video',
    'generate_audio',
    'duration',
    'resolution',
    'aspect_ratio',
    'seed',
    'negative_prompt',
    'person_generation',
    'compression_quality',
    'output_format',
  ]);
  assert.deepEqual(initialValues(form), {
    n: 1,
    generate_audio: true,
    duration: 8,
    resolution: '720p',
    aspect_ratio: '16:9',
    person_generation: 'allow_adult',
    compression_quality: 'optimized',
    output_format: 'base64',
  });
  assert.deepEqual(choice(form, 'n').choices, range(VIDEO_V3_N.min, VIDEO_V3_N.max));
  assert.deepEqual(choice(form, 'duration').choices, VIDEO_DURATIONS);
  assert.deepEqual(choice(form, 'aspect_ratio').choices, VIDEO_ASPECT_RATIOS);
  assert.deepEqual(choice(form, 'person_generation').choices, VIDEO_PERSON_GENERATION);
  assert.deepEqual(choice(form, 'compression_quality').choices, VIDEO_COMPRESSION_QUALITIES);
  assert.deepEqual(choice(form, 'output_format').choices, VIDEO_OUTPUT_FORMATS);
  assert.deepEqual(field(form, 'seed'), { ...field(form, 'seed'), min: VIDEO_SEED.min, max: VIDEO_SEED.max });
  assert.equal(form.needsPrompt({}), true);
  assert.equal(form.needsPrompt({ image: ['/first.png'] }), false, 'image-to-video may go without a prompt');
  assert.equal(form.needsPrompt({ video: ['/clip.mp4'] }), true, 'extending a video is no image-to-video: the prompt says how it goes on');
});

test('video V3.1: last frame and resize mode only with a first frame; references force 8 seconds', () => {
  const form = formFor('video-v3.1');
  assert.ok(keys(form).includes('reference_images') && !keys(form).includes('last_frame') && !keys(form).includes('resize_mode'));
  const withImage = { image: ['/first.png'] };
  assert.ok(keys(form, withImage).includes('last_frame'));
  assert.deepEqual(choice(form, 'resize_mode', withImage).choices, VIDEO_RESIZE_MODES);
  assert.equal(initialValues(form, withImage).resize_mode, 'pad');
  const references = field(form, 'reference_images');
  assert.equal(references.kind === 'files' && references.max, 3);
  assert.deepEqual(choice(form, 'duration', { reference_images: ['/r.png'] }).choices, [8]);
  const short = withValue(form, initialValues(form), 'duration', 6);
  assert.equal(withValue(form, short, 'reference_images', ['/r.png']).duration, 8, 'adding references puts the duration back to 8');
  // Removing the first frame removes the last frame and the resize mode that depend on it.
  const both = initialValues(form, { image: ['/first.png'], last_frame: ['/last.png'], resize_mode: 'crop' });
  assert.deepEqual([both.last_frame, both.resize_mode], [['/last.png'], 'crop']);
  const none = withValue(form, both, 'image', undefined);
  assert.deepEqual([none.image, none.last_frame, none.resize_mode], [undefined, undefined, undefined]);
});

test('video: 1080p only at 8 seconds; a shorter duration sets the resolution back to 720p', () => {
  const form = formFor('video-v3');
  assert.deepEqual(choice(form, 'resolution').choices, ['720p', '1080p']);
  assert.deepEqual(choice(form, 'resolution', { duration: 4 }).choices, ['720p']);
  const fullHd = withValue(form, initialValues(form), 'resolution', '1080p');
  assert.equal(fullHd.resolution, '1080p');
  assert.deepEqual(withValue(form, fullHd, 'duration', 4), { ...fullHd, duration: 4, resolution: '720p' });
});

test('remembered choices: kept when valid for the variant, dropped otherwise; input files are not remembered', () => {
  const form = formFor('video-v3.1');
  const remembered = { n: 3, duration: 6, resolution: '1080p', seed: 42, aspect_ratio: '4:3', enhance_prompt: true, image: ['/old.png'] };
  const values = initialValues(form, remembered, { image: ['/new.png'] });
  assert.equal(values.n, 3);
  assert.equal(values.duration, 6);
  assert.equal(values.resolution, '720p', '1080p does not go with 6 seconds');
  assert.equal(values.seed, 42);
  assert.equal(values.aspect_ratio, '16:9', 'an unknown ratio falls back to the default');
  assert.equal(values.enhance_prompt, undefined, 'not a field of V3.1');
  assert.deepEqual(values.image, ['/new.png'], 'the later layer wins');
  const kept = rememberable(form, values);
  assert.equal(kept.image, undefined);
  assert.equal(kept.seed, 42);
  assert.equal(initialValues(form, { seed: -1, n: 9, negative_prompt: '  ' }).seed, undefined, 'out-of-range and blank values are dropped');
});

test('given values (no guided form): defaults of the applicable fields under the values given, unknown fields refused', () => {
  const form = formFor('image-4.5');
  assert.deepEqual(givenValues(form, { size: '4K', seed: 5 }), {
    sequential_image_generation: 'disabled',
    size: '4K',
    seed: 5,
    watermark: true,
    response_format: 'url',
  });
  assertRefused(() => givenValues(form, { style: 'anime' }), { param: 'style', value: 'anime', allowed: 'a field of Image (Seedream 4.5)' });
  assertRefused(() => givenValues(form, { max_images: 3 }), { param: 'max_images', value: 3 });
  assert.equal(givenValues(form, { sequential_image_generation: 'auto', max_images: 3 }).max_images, 3);
  // Values are passed on as given, for the request validation to judge.
  assert.equal(givenValues(formFor('video-v3'), { duration: 5 }).duration, 5);
});

test('which variants take which input files', () => {
  assert.equal(takesFields('image-basic', ['image']), false);
  assert.equal(takesFields('image-4.0', ['image']), true);
  assert.equal(takesFields('video-v2', ['image']), false);
  assert.equal(takesFields('video-v3', ['image', 'video']), true);
  assert.equal(takesFields('video-v3', ['image', 'last_frame'], { image: ['/a.png'] }), false);
  assert.equal(takesFields('video-v3.1', ['image', 'last_frame'], { image: ['/a.png'] }), true);
});

test('how values read in the form', () => {
  const form = formFor('video-v3.1');
  assert.equal(describeValue(field(form, 'generate_audio'), true), 'on');
  assert.equal(describeValue(field(form, 'generate_audio'), false), 'off');
  assert.equal(describeValue(field(form, 'seed'), undefined), 'not set');
  assert.equal(describeValue(field(form, 'reference_images'), undefined), 'none');
  assert.equal(
    describeValue(field(form, 'reference_images'), ['/w/a.png', '/w/b.png'], (p) => p.replace('/w/', '')),
    'a.png, b.png',
  );
  assert.equal(describeValue(field(form, 'duration'), 8), '8');
});
