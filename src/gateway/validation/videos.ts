/** Validation of POST /v1/videos/generation (V2, V3, V3.1) before sending. */
import { t } from '../../l10n/localize';
import type { ModelCapability } from '../catalog';
import type { VideoRequest } from '../types/videos';
import {
  PROMPT_MAX_CHARS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_COMPRESSION_QUALITIES,
  VIDEO_DURATIONS,
  VIDEO_IMAGE_MIME_TYPES,
  VIDEO_LONGEST_DURATION,
  VIDEO_MAX_REFERENCES,
  VIDEO_OUTPUT_FORMATS,
  VIDEO_PERSON_GENERATION,
  VIDEO_REFERENCE_TYPES,
  VIDEO_RESIZE_MODES,
  VIDEO_RESOLUTIONS,
  VIDEO_SEED,
  VIDEO_V2_N,
  VIDEO_V3_N,
  VIDEO_VIDEO_MIME_TYPES,
} from './limits';
import { mediaObject } from './media';
import { arrayOf, booleanValue, fail, integerInRange, oneOf, onlyKnownFields, requiredObject, text, unsupported, type Fields } from './rules';

export type VideoCapability = Extract<ModelCapability, 'video-v2' | 'video-v3' | 'video-v3.1'>;

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
const V3_1_ONLY_FIELDS = ['last_frame', 'reference_images'];

export function validateVideoRequest(req: VideoRequest, capability: VideoCapability): void {
  const body: Fields = { ...req };
  text('model', body.model, { required: true });
  if (capability === 'video-v2') {
    onlyKnownFields(body, V2_FIELDS, t('video model V2'));
    text('prompt', body.prompt, { required: true, max: PROMPT_MAX_CHARS });
    integerInRange('n', body.n, VIDEO_V2_N.min, VIDEO_V2_N.max);
    booleanValue('enhance_prompt', body.enhance_prompt);
    return;
  }
  const isV31 = capability === 'video-v3.1';
  // Fields of other variants are refused with their own reason before the generic unknown-field message.
  unsupported('enhance_prompt', body.enhance_prompt, t('no {0} on this model', 'enhance_prompt'), t('video model V2 only'));
  if (!isV31) {
    for (const key of V3_1_ONLY_FIELDS) unsupported(key, body[key], t('no {0} on this model', key), t('video model V3.1 only'));
  }
  if (isV31) onlyKnownFields(body, [...V3_FIELDS, ...V3_1_ONLY_FIELDS], t('video model V3.1'));
  else onlyKnownFields(body, V3_FIELDS, t('video model V3'));
  validateInputs(body);
  validateOutput(body);
}

function validateInputs(body: Fields): void {
  const animates = body.image !== undefined || body.video !== undefined;
  text('prompt', body.prompt, { required: !animates, max: PROMPT_MAX_CHARS });
  mediaObject('image', body.image, VIDEO_IMAGE_MIME_TYPES);
  mediaObject('last_frame', body.last_frame, VIDEO_IMAGE_MIME_TYPES);
  if (body.last_frame !== undefined && body.image === undefined) {
    fail('last_frame', body.last_frame, t('last_frame only together with image (the first frame)'));
  }
  mediaObject('video', body.video, VIDEO_VIDEO_MIME_TYPES);
  arrayOf('reference_images', body.reference_images, 1, VIDEO_MAX_REFERENCES)?.forEach((item, i) => {
    const field = `reference_images[${i}]`;
    const reference = requiredObject(field, item, t('an object with image and reference_type'));
    if (reference.image === undefined) fail(`${field}.image`, undefined, t('an image object'));
    mediaObject(`${field}.image`, reference.image, VIDEO_IMAGE_MIME_TYPES);
    oneOf(`${field}.reference_type`, reference.reference_type, VIDEO_REFERENCE_TYPES, { required: true });
  });
  oneOf('resize_mode', body.resize_mode, VIDEO_RESIZE_MODES);
  if (body.resize_mode !== undefined && body.image === undefined) {
    fail('resize_mode', body.resize_mode, t('resize_mode only together with image (image-to-video)'));
  }
}

function validateOutput(body: Fields): void {
  integerInRange('n', body.n, VIDEO_V3_N.min, VIDEO_V3_N.max);
  booleanValue('generate_audio', body.generate_audio);
  oneOf('duration', body.duration, VIDEO_DURATIONS);
  const longest = body.duration === undefined || body.duration === VIDEO_LONGEST_DURATION;
  if (!longest && body.reference_images !== undefined) {
    fail('duration', body.duration, t('{0} (or none) with reference_images', VIDEO_LONGEST_DURATION));
  }
  oneOf('resolution', body.resolution, VIDEO_RESOLUTIONS);
  if (!longest && body.resolution === '1080p') {
    const allowed = t('"720p" at {0} seconds; "1080p" needs duration {1}', String(body.duration), VIDEO_LONGEST_DURATION);
    fail('resolution', body.resolution, allowed);
  }
  oneOf('aspect_ratio', body.aspect_ratio, VIDEO_ASPECT_RATIOS);
  integerInRange('seed', body.seed, VIDEO_SEED.min, VIDEO_SEED.max);
  text('negative_prompt', body.negative_prompt);
  oneOf('person_generation', body.person_generation, VIDEO_PERSON_GENERATION);
  oneOf('compression_quality', body.compression_quality, VIDEO_COMPRESSION_QUALITIES);
  oneOf('output_format', body.output_format, VIDEO_OUTPUT_FORMATS);
}
