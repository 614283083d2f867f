/** Checks an image generation request per model variant and plans the images to render. */

import { invalidParam } from '../core/errors';
import { Fields, imageReference, list, onlyFields, optBool, optInt, optOneOf, optStr, record, requestBody, str } from '../core/checks';
import { pngSize } from '../media/png';
import { modelFor } from '../models/catalog';

type ImageVariant = 'image-basic' | 'image-4.0' | 'image-4.5';

export interface ImagePlan {
  model: string;
  variant: ImageVariant;
  prompt: string;
  width: number;
  height: number;
  count: number;
  seed?: number;
  responseFormat: 'url' | 'b64_json';
  references: number;
}

const VARIANTS: readonly ImageVariant[] = ['image-basic', 'image-4.0', 'image-4.5'];
const FORMATS = ['url', 'b64_json'] as const;
const BASIC_FIELDS = ['model', 'prompt', 'style', 'response_format'];
const SEEDREAM_FIELDS = [
  'model',
  'prompt',
  'image',
  'sequential_image_generation',
  'sequential_image_generation_options',
  'response_format',
  'size',
  'watermark',
];
/** Stability AI's documented style presets. */
const STYLES = [
  '3d-model',
  'analog-film',
  'anime',
  'cinematic',
  'comic-book',
  'digital-art',
  'enhance',
  'fantasy-art',
  'isometric',
  'line-art',
  'low-poly',
  'modeling-compound',
  'neon-punk',
  'origami',
  'photographic',
  'pixel-art',
  'tile-texture',
  // The gateway vendor's own sample request for the basic model sends "style": "vivid" (issue #18).
  'vivid',
] as const;
const MAX_SET = 15;
/** Images in a sequential set when max_images is not given. */
const DEFAULT_SET_SIZE = 3;

export function parseImageRequest(body: unknown): ImagePlan {
  const fields = requestBody(body);
  const model = str(fields.model, 'model');
  const variant = modelFor(model, VARIANTS, 'image generation');
  const prompt = str(fields.prompt, 'prompt', { max: 4000 });
  if (variant === 'image-basic') {
    onlyFields(fields, BASIC_FIELDS, model);
    optOneOf(fields.style, 'style', STYLES);
    const responseFormat = optOneOf(fields.response_format, 'response_format', FORMATS) ?? 'url';
    return { model, variant, prompt, width: 1024, height: 1024, count: 1, responseFormat, references: 0 };
  }
  onlyFields(fields, variant === 'image-4.5' ? [...SEEDREAM_FIELDS, 'seed'] : SEEDREAM_FIELDS, model);
  const references = readReferences(fields.image, variant);
  const { width, height } = readSize(fields.size, variant);
  const seed = optInt(fields.seed, 'seed', -1, 2147483647);
  optBool(fields.watermark, 'watermark');
  const responseFormat = optOneOf(fields.response_format, 'response_format', FORMATS) ?? 'url';
  const count = readSetSize(fields, references);
  return { model, variant, prompt, width, height, count, responseFormat, references, ...(seed !== undefined && seed >= 0 ? { seed } : {}) };
}

/**
 * Sizes per version, the union of the spec and the upstream API (BytePlus
 * ModelArk, as mirrored in Novita's Seedream 4.0 / 4.5 pages): 4.0 takes
 * 1K/2K/4K, the spec's 1024x1024 and 512x512, or WxH of 1024x1024 to
 * 4096x4096 pixels; 4.5 takes 2K/4K or WxH of 3686400 to 16777216 pixels;
 * both a side ratio of at most 16.
 */
const SIZE_TABLE: Record<'image-4.0' | 'image-4.5', { named: Record<string, number>; spec: string[]; minPixels: number }> = {
  'image-4.0': { named: { '1K': 1024, '2K': 2048, '4K': 4096 }, spec: ['1024x1024', '512x512'], minPixels: 1024 * 1024 },
  'image-4.5': { named: { '2K': 2048, '4K': 4096 }, spec: [], minPixels: 3686400 },
};
const MAX_PIXELS = 4096 * 4096;

function readSize(value: unknown, variant: ImageVariant): { width: number; height: number } {
  const size = optStr(value, 'size') ?? '2K';
  const table = SIZE_TABLE[variant === 'image-4.5' ? 'image-4.5' : 'image-4.0'];
  const side = table.named[size];
  if (side) return { width: side, height: side };
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  const allowed = `${[...Object.keys(table.named), ...table.spec].map((s) => `'${s}'`).join(', ')} or 'WxH' of ${table.minPixels} to ${MAX_PIXELS} pixels`;
  if (!match) throw invalidParam('size', `Invalid value for 'size': ${JSON.stringify(size)}. Supported values are ${allowed}.`);
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (table.spec.includes(size)) return { width, height };
  const pixels = width * height;
  if (pixels < table.minPixels || pixels > MAX_PIXELS || width === 0 || height === 0 || width / height > 16 || height / width > 16) {
    throw invalidParam(
      'size',
      `Invalid size ${size}: the total pixels must be ${table.minPixels}..${MAX_PIXELS} and the aspect ratio at most 16:1. Supported values are ${allowed}.`,
    );
  }
  return { width, height };
}

function readReferences(value: unknown, variant: ImageVariant): number {
  if (value === undefined) return 0;
  const types =
    variant === 'image-4.5'
      ? ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff', 'image/gif']
      : ['image/jpeg', 'image/jpg', 'image/png'];
  const urls = typeof value === 'string' ? [value] : list(value, 'image', 1, variant === 'image-4.5' ? 14 : 10);
  urls.forEach((url, i) => {
    const param = typeof value === 'string' ? 'image' : `image[${i}]`;
    const ref = imageReference(url, param, types);
    if (!ref.bytes) return;
    if (ref.bytes.length > 10 * 1024 * 1024) throw invalidParam(param, 'Reference images must be at most 10 MB.');
    if (ref.mediaType === 'image/png') checkAspect(ref.bytes, param);
  });
  return urls.length;
}

function checkAspect(png: Buffer, param: string): void {
  let size: { width: number; height: number };
  try {
    size = pngSize(png);
  } catch {
    throw invalidParam(param, 'The reference image is not a valid PNG.');
  }
  const ratio = size.width / size.height;
  if (ratio < 1 / 3 || ratio > 3) {
    throw invalidParam(param, `The reference image's aspect ratio ${size.width}x${size.height} is outside 1:3..3:1.`);
  }
}

function readSetSize(fields: Fields, references: number): number {
  const mode = optOneOf(fields.sequential_image_generation, 'sequential_image_generation', ['disabled', 'auto'] as const) ?? 'disabled';
  const options =
    fields.sequential_image_generation_options === undefined ? {} : record(fields.sequential_image_generation_options, 'sequential_image_generation_options');
  onlyFields(options, ['max_images'], 'sequential_image_generation_options', 'sequential_image_generation_options.');
  const maxImages = optInt(options.max_images, 'sequential_image_generation_options.max_images', 1, MAX_SET);
  if (mode === 'disabled') return 1;
  const count = maxImages ?? Math.min(DEFAULT_SET_SIZE, MAX_SET - references);
  if (references + count > MAX_SET) {
    throw invalidParam(
      'sequential_image_generation_options.max_images',
      `Reference images (${references}) plus generated images (${count}) must be at most ${MAX_SET}.`,
    );
  }
  return count;
}
