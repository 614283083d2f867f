/** Checks a synchronous video request per model variant (V2, V3, V3.1). */

import { invalidParam } from '../core/errors';
import { list, num, oneOf, onlyFields, optBool, optInt, optOneOf, optStr, record, requestBody, str } from '../core/checks';
import { modelFor } from '../models/catalog';

type VideoVariant = 'video-v2' | 'video-v3' | 'video-v3.1';

export interface VideoPlan {
  model: string;
  prompt: string;
  count: number;
  seconds: number;
  aspectRatio: '16:9' | '9:16';
  outputFormat: 'base64' | 'url';
}

const VARIANTS: readonly VideoVariant[] = ['video-v2', 'video-v3', 'video-v3.1'];
const V2_FIELDS = ['model', 'prompt', 'n', 'enhance_prompt'];
const V3_FIELDS = [
  'model',
  'prompt',
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
  'resize_mode',
  'compression_quality',
  'output_format',
];
const V31_ONLY = ['last_frame', 'reference_images'];
/** Seconds a video extension adds. */
const EXTENSION_SECONDS = 7;

export function parseVideoRequest(body: unknown): VideoPlan {
  const fields = requestBody(body);
  const model = str(fields.model, 'model');
  const variant = modelFor(model, VARIANTS, 'synchronous video generation');
  if (variant === 'video-v2') {
    onlyFields(fields, V2_FIELDS, model);
    optBool(fields.enhance_prompt, 'enhance_prompt');
    const prompt = str(fields.prompt, 'prompt', { max: 4000 });
    const count = optInt(fields.n, 'n', 1, 10) ?? 1;
    return { model, prompt, count, seconds: 8, aspectRatio: '16:9', outputFormat: 'base64' };
  }
  if (fields.enhance_prompt !== undefined) {
    throw invalidParam('enhance_prompt', `enhance_prompt is not supported by ${model}.`, 'unsupported_parameter');
  }
  onlyFields(fields, variant === 'video-v3.1' ? [...V3_FIELDS, ...V31_ONLY] : V3_FIELDS, model);
  const hasImage = fields.image !== undefined;
  if (hasImage) readMedia(fields.image, 'image', ['image/jpeg', 'image/png']);
  if (fields.last_frame !== undefined) {
    if (!hasImage) throw invalidParam('last_frame', 'last_frame needs image (the first frame).');
    readMedia(fields.last_frame, 'last_frame', ['image/jpeg', 'image/png']);
  }
  const references = readReferences(fields.reference_images);
  const extending = fields.video !== undefined;
  if (extending) readMedia(fields.video, 'video', ['video/mp4']);
  const prompt = hasImage ? (optStr(fields.prompt, 'prompt', { max: 4000 }) ?? '') : str(fields.prompt, 'prompt', { max: 4000 });
  const count = optInt(fields.n, 'n', 1, 4) ?? 1;
  const duration = fields.duration === undefined ? 8 : num(fields.duration, 'duration', 4, 8, true);
  if (duration !== 4 && duration !== 6 && duration !== 8) {
    throw invalidParam('duration', `Invalid value for 'duration': ${duration}. Supported values are 4, 6 and 8.`);
  }
  if (references > 0 && duration !== 8) throw invalidParam('duration', 'With reference_images the duration must be 8.');
  const resolution = optOneOf(fields.resolution, 'resolution', ['720p', '1080p'] as const) ?? '720p';
  if (resolution === '1080p' && duration !== 8) throw invalidParam('resolution', '1080p is only offered with a duration of 8 seconds.');
  const aspectRatio = optOneOf(fields.aspect_ratio, 'aspect_ratio', ['16:9', '9:16'] as const) ?? '16:9';
  optBool(fields.generate_audio, 'generate_audio');
  optInt(fields.seed, 'seed', 0, 4294967295);
  optStr(fields.negative_prompt, 'negative_prompt', { min: 0 });
  optOneOf(fields.person_generation, 'person_generation', ['allow_adult', 'allow_all', 'dont_allow'] as const);
  if (fields.resize_mode !== undefined && !hasImage) throw invalidParam('resize_mode', 'resize_mode applies to image-to-video only.');
  optOneOf(fields.resize_mode, 'resize_mode', ['pad', 'crop'] as const);
  optOneOf(fields.compression_quality, 'compression_quality', ['optimized', 'lossless'] as const);
  const outputFormat = optOneOf(fields.output_format, 'output_format', ['base64', 'url'] as const) ?? 'base64';
  return { model, prompt, count, seconds: extending ? duration + EXTENSION_SECONDS : duration, aspectRatio, outputFormat };
}

function readReferences(value: unknown): number {
  if (value === undefined) return 0;
  return list(value, 'reference_images', 1, 3).map((raw, i) => {
    const param = `reference_images[${i}]`;
    const ref = record(raw, param);
    onlyFields(ref, ['image', 'reference_type'], 'reference images', `${param}.`);
    readMedia(ref.image, `${param}.image`, ['image/jpeg', 'image/png']);
    if (ref.reference_type === 'style') {
      throw invalidParam(`${param}.reference_type`, "reference_type 'style' is not supported; use 'subject'.", 'unsupported_value');
    }
    return oneOf(ref.reference_type, `${param}.reference_type`, ['subject'] as const);
  }).length;
}

/** `{mime_type, url | base_64_encoded}` with exactly one of the two sources. */
function readMedia(value: unknown, param: string, mimeTypes: readonly string[]): void {
  const media = record(value, param);
  onlyFields(media, ['mime_type', 'url', 'base_64_encoded'], param, `${param}.`);
  oneOf(media.mime_type, `${param}.mime_type`, mimeTypes);
  const sources = ['url', 'base_64_encoded'].filter((k) => media[k] !== undefined);
  if (sources.length !== 1) throw invalidParam(param, `'${param}' needs exactly one of url or base_64_encoded.`);
  if (media.url !== undefined && !/^(https?|gs):\/\/\S+$/i.test(str(media.url, `${param}.url`))) {
    throw invalidParam(`${param}.url`, `'${param}.url' must be an http(s) or gs:// URL.`);
  }
  if (media.base_64_encoded !== undefined && !/^[A-Za-z0-9+/]+={0,2}$/.test(str(media.base_64_encoded, `${param}.base_64_encoded`))) {
    throw invalidParam(`${param}.base_64_encoded`, `'${param}.base_64_encoded' is not valid base64.`);
  }
}
