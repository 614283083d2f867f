/** Validation of POST /v1/images/generations (basic, 4.0 and 4.5 variants) before sending. */
import { t } from '../../l10n/localize';
import type { ModelCapability } from '../catalog';
import type { ImageRequest } from '../types/images';
import {
  describeSeedreamSizes,
  IMAGE_MAX_ASPECT,
  IMAGE_REFERENCE_MAX_BYTES,
  IMAGE_RESPONSE_FORMATS,
  IMAGE_SEED,
  IMAGE_SEQUENTIAL_MODES,
  IMAGE_SET_MAX,
  PROMPT_MAX_CHARS,
  SEEDREAM_LIMITS,
  type SeedreamLimits,
} from './limits';
import { imageUrl } from './media';
import { arrayOf, booleanValue, fail, integerInRange, objectValue, oneOf, onlyKnownFields, text, unsupported, type Fields } from './rules';

export type ImageCapability = Extract<ModelCapability, 'image-basic' | 'image-4.0' | 'image-4.5'>;

const BASIC_FIELDS = ['model', 'prompt', 'style', 'response_format'];
const SEEDREAM_FIELDS = [
  'model',
  'prompt',
  'image',
  'sequential_image_generation',
  'sequential_image_generation_options',
  'response_format',
  'size',
  'seed',
  'watermark',
];

export function validateImageRequest(req: ImageRequest, capability: ImageCapability): void {
  const body: Fields = { ...req };
  text('model', body.model, { required: true });
  text('prompt', body.prompt, { required: true, max: PROMPT_MAX_CHARS });
  oneOf('response_format', body.response_format, IMAGE_RESPONSE_FORMATS);
  if (capability === 'image-basic') {
    onlyKnownFields(body, BASIC_FIELDS, t('the basic image model'));
    text('style', body.style);
    return;
  }
  const limits = SEEDREAM_LIMITS[capability];
  // The seed is refused with its own reason before the generic unknown-field message.
  if (!limits.takesSeed) unsupported('seed', body.seed, t('no {0} on this model', 'seed'), t('seed is for image model 4.5 only'));
  onlyKnownFields(body, SEEDREAM_FIELDS, limits.label);
  validateSize(body.size, limits);
  integerInRange('seed', body.seed, IMAGE_SEED.min, IMAGE_SEED.max);
  const references = validateReferences(body.image, limits);
  oneOf('sequential_image_generation', body.sequential_image_generation, IMAGE_SEQUENTIAL_MODES);
  validateMaxImages(body.sequential_image_generation_options, references);
  booleanValue('watermark', body.watermark);
}

function validateSize(size: unknown, limits: SeedreamLimits): void {
  if (size === undefined) return;
  const allowed = describeSeedreamSizes(limits);
  if (typeof size !== 'string') fail('size', size, allowed);
  if (limits.namedSizes.includes(size) || limits.specSizes.includes(size)) return;
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  if (!match) fail('size', size, allowed);
  const [width, height] = [Number(match[1]), Number(match[2])];
  const pixels = width * height;
  if (width === 0 || height === 0) fail('size', size, allowed);
  if (pixels < limits.pixels.min || pixels > limits.pixels.max) {
    const detail =
      pixels < limits.pixels.min ? t('{0} pixels, fewer than {1} takes', pixels, limits.label) : t('{0} pixels, more than {1} takes', pixels, limits.label);
    fail('size', size, allowed, detail);
  }
  if (Math.max(width / height, height / width) > IMAGE_MAX_ASPECT) fail('size', size, allowed, t('too elongated'));
}

/** Checks `image`; returns how many reference images it gives. */
function validateReferences(image: unknown, limits: SeedreamLimits): number {
  const rule = { types: limits.dataUrlTypes, maxBytes: IMAGE_REFERENCE_MAX_BYTES };
  if (image === undefined) return 0;
  if (typeof image === 'string') {
    imageUrl('image', image, rule);
    return 1;
  }
  if (!Array.isArray(image)) fail('image', image, t('an image URL, or a list of 1 to {0} image URLs', limits.maxReferences));
  arrayOf('image', image, 1, limits.maxReferences);
  image.forEach((url, i) => imageUrl(`image[${i}]`, url, rule));
  return image.length;
}

function validateMaxImages(options: unknown, references: number): void {
  const field = 'sequential_image_generation_options.max_images';
  const holder = objectValue('sequential_image_generation_options', options, t('an object holding max_images'));
  const maxImages = holder?.max_images;
  integerInRange(field, maxImages, 1, IMAGE_SET_MAX);
  if (typeof maxImages === 'number' && references + maxImages > IMAGE_SET_MAX) {
    fail(
      field,
      maxImages,
      t('at most {0} with {1} reference images', IMAGE_SET_MAX - references, references),
      t('reference and generated images together are at most {0}', IMAGE_SET_MAX),
    );
  }
}
