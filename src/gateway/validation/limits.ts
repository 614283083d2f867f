/**
 * Every limit of gateway-api.md and gaps.md, as data. Validators read them
 * from here only, so a changed limit is changed in one place.
 */
import { t } from '../../l10n/localize';
import type { TaskModelTier } from '../catalog';

export const PROMPT_MAX_CHARS = 4000;

// Chat
export const CHAT_STOP_MAX = 4;
export const CHAT_TEMPERATURE = { min: 0, max: 2 } as const;
export const CHAT_TOP_P = { min: 0, max: 1 } as const;
export const CHAT_PENALTY = { min: -2, max: 2 } as const;
/** OpenAI's rule for function names; the gateway is OpenAI-compatible. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

// Images
export const IMAGE_RESPONSE_FORMATS = ['url', 'b64_json'] as const;
/**
 * The spec does not list the basic model's `style` values (any text passes
 * validation); these are the style presets Stability AI documents for it,
 * offered as choices.
 */
export const IMAGE_BASIC_STYLES = [
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
] as const;
export const IMAGE_SEQUENTIAL_MODES = ['disabled', 'auto'] as const;
/** max_images, and references plus generated images, are both at most this. */
export const IMAGE_SET_MAX = 15;
export const IMAGE_REFERENCE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The spec gives no seed range for 4.5; this is the vendor's documented range
 * (-1 lets the model pick).
 */
export const IMAGE_SEED = { min: -1, max: 2147483647 } as const;
/** Most a `WxH` side ratio may be, either way (upstream: aspect ratio range [1/16, 16]). */
export const IMAGE_MAX_ASPECT = 16;

export interface SeedreamLimits {
  label: string;
  /**
   * Offered in the UI: what both the gateway's spec and the upstream
   * accept. (4.0: the spec's `512x512` is under upstream's minimum; 4.5:
   * the spec lists only 2K and 4K.)
   */
  sizes: readonly string[];
  /** Named sizes accepted: the spec's and the upstream's. */
  namedSizes: readonly string[];
  /** `WxH` sizes the spec lists, accepted even outside the upstream's pixel range. */
  specSizes: readonly string[];
  /** Total pixels of a `WxH` size, as upstream accepts it. */
  pixels: { min: number; max: number };
  maxReferences: number;
  dataUrlTypes: readonly string[];
  takesSeed: boolean;
}

/**
 * Sizes are the union of the spec (gateway-api.md) and the upstream API
 * (gaps.md "Seedream sizes"; BytePlus ModelArk image generation reference,
 * as mirrored in Novita's Seedream 4.0 and 4.5 API pages: 4.0 takes `1K`,
 * `2K`, `4K` or WxH with total pixels in [1024x1024, 4096x4096]; 4.5 takes
 * `2K`, `4K` or WxH with total pixels in [3686400, 16777216]; both an aspect
 * ratio in [1/16, 16]).
 */
export const SEEDREAM_LIMITS: Record<'image-4.0' | 'image-4.5', SeedreamLimits> = {
  'image-4.0': {
    get label() {
      return t('image model 4.0');
    },
    sizes: ['2K', '1024x1024'],
    namedSizes: ['1K', '2K', '4K'],
    specSizes: ['1024x1024', '512x512'],
    pixels: { min: 1024 * 1024, max: 4096 * 4096 },
    maxReferences: 10,
    dataUrlTypes: ['jpeg', 'png'],
    takesSeed: false,
  },
  'image-4.5': {
    get label() {
      return t('image model 4.5');
    },
    sizes: ['2K', '4K'],
    namedSizes: ['2K', '4K'],
    specSizes: [],
    pixels: { min: 2560 * 1440, max: 4096 * 4096 },
    maxReferences: 14,
    dataUrlTypes: ['jpeg', 'png', 'webp', 'bmp', 'tiff', 'gif'],
    takesSeed: true,
  },
};

/** The sizes a refusal lists: names, the spec's sizes, and the WxH range. */
export function describeSeedreamSizes(limits: SeedreamLimits): string {
  const names = [...limits.namedSizes, ...limits.specSizes].map((size) => JSON.stringify(size)).join(', ');
  const smallest = limits.pixels.min === 2560 * 1440 ? '2560x1440' : '1024x1024';
  return t(
    '{0}, or "WxH" of {1} to {2} pixels (from {3} to 4096x4096) with a width:height between 1:{4} and {4}:1',
    names,
    limits.pixels.min,
    limits.pixels.max,
    smallest,
    IMAGE_MAX_ASPECT,
  );
}

// Synchronous video
export const VIDEO_V2_N = { min: 1, max: 10 } as const;
export const VIDEO_V3_N = { min: 1, max: 4 } as const;
export const VIDEO_DURATIONS = [4, 6, 8] as const;
/** 1080p, and reference images, need this duration. */
export const VIDEO_LONGEST_DURATION = 8;
export const VIDEO_RESOLUTIONS = ['720p', '1080p'] as const;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16'] as const;
export const VIDEO_SEED = { min: 0, max: 4294967295 } as const;
export const VIDEO_MAX_REFERENCES = 3;
export const VIDEO_REFERENCE_TYPES = ['subject'] as const;
export const VIDEO_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const VIDEO_VIDEO_MIME_TYPES = ['video/mp4'] as const;
export const VIDEO_PERSON_GENERATION = ['allow_adult', 'allow_all', 'dont_allow'] as const;
export const VIDEO_RESIZE_MODES = ['pad', 'crop'] as const;
export const VIDEO_COMPRESSION_QUALITIES = ['optimized', 'lossless'] as const;
export const VIDEO_OUTPUT_FORMATS = ['base64', 'url'] as const;
/**
 * The spec gives no size limit for the inline (base64) inputs of the video
 * endpoint. Local files are held to these bounds before encoding: an image as
 * large as the image endpoint allows for references, and a video large enough
 * for a generated clip of 1080p, while keeping the JSON body a size a gateway accepts.
 */
export const VIDEO_INPUT_IMAGE_MAX_BYTES = IMAGE_REFERENCE_MAX_BYTES;
export const VIDEO_INPUT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

// Asynchronous video tasks
export type TaskMode = 'text' | 'first-frame' | 'first-last' | 'references';

/** Read when shown, so the display language's bundle applies. */
export const TASK_MODE_LABELS: Readonly<Record<TaskMode, string>> = {
  get text() {
    return t('text only');
  },
  get 'first-frame'() {
    return t('first frame');
  },
  get 'first-last'() {
    return t('first and last frames');
  },
  get references() {
    return t('1 to 4 reference images');
  },
};

export const TASK_ROLES = ['first_frame', 'last_frame', 'reference_image'] as const;
export const TASK_MAX_REFERENCES = 4;
/**
 * Local input images of video tasks, sent as data URLs. gaps.md gives no
 * limits for tasks: these are the formats and the per-image size it gives
 * for image references, which the gateway's upstream shares.
 */
export const TASK_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff', 'image/gif'] as const;
export const TASK_IMAGE_MAX_BYTES = IMAGE_REFERENCE_MAX_BYTES;
export const TASK_SEED = { min: -1, max: 4294967295 } as const;
/** The duration that lets the second-generation model pick the length. */
export const TASK_AUTO_DURATION = -1;

export interface TaskTierLimits {
  label: string;
  modes: readonly TaskMode[];
  resolutions: readonly string[];
  /** Every ratio but `adaptive`, which the next field governs. */
  ratios: readonly string[];
  adaptiveForText: boolean;
  duration: { min: number; max: number; auto: boolean };
  audio: boolean;
  fullHdWithReferences: boolean;
}

const TASK_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'];
const FIRST_GENERATION = {
  resolutions: ['480p', '720p', '1080p'],
  ratios: TASK_RATIOS,
  adaptiveForText: false,
  duration: { min: 2, max: 12, auto: false },
  audio: false,
  fullHdWithReferences: true,
};

export const TASK_TIER_LIMITS: Record<TaskModelTier, TaskTierLimits> = {
  pro: { ...FIRST_GENERATION, label: '1.0 pro', modes: ['text', 'first-frame', 'first-last'] },
  // not shown translated: the tiers' labels are the names of Seedance models
  'pro-fast': { ...FIRST_GENERATION, label: '1.0 pro fast', modes: ['text', 'first-frame'] },
  'lite-i2v': {
    ...FIRST_GENERATION,
    label: '1.0 lite i2v',
    modes: ['first-frame', 'first-last', 'references'],
    fullHdWithReferences: false,
  },
  'pro-1.5': {
    label: '1.5 pro',
    modes: ['text', 'first-frame', 'first-last'],
    resolutions: ['480p', '720p'],
    ratios: TASK_RATIOS,
    adaptiveForText: true,
    duration: { min: 4, max: 12, auto: true },
    audio: true,
    fullHdWithReferences: true,
  },
};

/** For a task model of no known tier: the union of the tiers, so nothing valid is refused. */
export const TASK_ANY_TIER_LIMITS: TaskTierLimits = {
  get label() {
    return t('this task model');
  },
  modes: ['text', 'first-frame', 'first-last', 'references'],
  resolutions: ['480p', '720p', '1080p'],
  ratios: TASK_RATIOS,
  adaptiveForText: true,
  duration: { min: 2, max: 12, auto: true },
  audio: true,
  fullHdWithReferences: true,
};

// Speech
export const SPEECH_INPUT_MAX_CHARS = 4096;
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export const SPEECH_SPEED = { min: 0.25, max: 4 } as const;

export interface Voice {
  id: string;
  language: string;
  /** `other` for a listed voice whose id does not say (not in the spec's table). */
  gender: 'female' | 'male' | 'other';
}

/** The voice table of the spec, language by language. */
const VOICE_TABLE: ReadonlyArray<{ language: string; female: string[]; male: string[] }> = [
  {
    language: 'English (American)',
    female: [
      'af_alloy',
      'af_aoede',
      'af_bella',
      'af_heart',
      'af_jadzia',
      'af_jessica',
      'af_kore',
      'af_nicole',
      'af_nova',
      'af_river',
      'af_sarah',
      'af_sky',
      'af_v0',
      'af_v0bella',
      'af_v0irulan',
      'af_v0nicole',
      'af_v0sarah',
      'af_v0sky',
    ],
    male: ['am_adam', 'am_echo', 'am_eric', 'am_fenrir', 'am_liam', 'am_michael', 'am_onyx', 'am_puck', 'am_santa', 'am_v0adam', 'am_v0gurney', 'am_v0michael'],
  },
  {
    language: 'English (British)',
    female: ['bf_alice', 'bf_emma', 'bf_lily', 'bf_v0emma', 'bf_v0isabella'],
    male: ['bm_daniel', 'bm_fable', 'bm_george', 'bm_lewis', 'bm_v0george', 'bm_v0lewis'],
  },
  { language: 'French', female: ['ff_siwis'], male: [] },
  { language: 'German/European', female: ['ef_dora'], male: ['em_alex', 'em_santa'] },
  { language: 'Hindi', female: ['hf_alpha', 'hf_beta'], male: ['hm_omega', 'hm_psi'] },
  { language: 'Italian', female: ['if_sara'], male: ['im_nicola'] },
  { language: 'Japanese', female: ['jf_alpha', 'jf_gongitsune', 'jf_nezumi', 'jf_tebukuro'], male: ['jm_kumo'] },
  { language: 'Portuguese', female: ['pf_dora'], male: ['pm_alex', 'pm_santa'] },
  {
    language: 'Chinese',
    female: ['zf_xiaobei', 'zf_xiaoni', 'zf_xiaoxiao', 'zf_xiaoyi'],
    male: ['zm_yunjian', 'zm_yunxi', 'zm_yunxia', 'zm_yunyang'],
  },
];

export const VOICES: ReadonlyArray<Voice> = VOICE_TABLE.flatMap(({ language, female, male }) => [
  ...female.map((id): Voice => ({ id, language, gender: 'female' })),
  ...male.map((id): Voice => ({ id, language, gender: 'male' })),
]);
