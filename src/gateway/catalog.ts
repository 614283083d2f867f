/**
 * What each model id can do. GET /v1/models says nothing about capabilities,
 * so ids are classified by the known ids of gaps.md, then by name patterns;
 * an id nothing matches is offered as a chat model, never hidden.
 */
import { t } from '../l10n/localize';

export type ModelCapability =
  'chat' | 'image-basic' | 'image-4.0' | 'image-4.5' | 'video-v2' | 'video-v3' | 'video-v3.1' | 'task-gen1' | 'task-gen2' | 'speech';

/** The tiers of the video task models, whose rules differ (gaps.md table). */
export type TaskModelTier = 'pro' | 'pro-fast' | 'lite-i2v' | 'pro-1.5';

/** Every capability, in the order a model picker shows them. */
export const MODEL_CAPABILITIES: readonly ModelCapability[] = [
  'chat',
  'image-basic',
  'image-4.0',
  'image-4.5',
  'video-v2',
  'video-v3',
  'video-v3.1',
  'task-gen1',
  'task-gen2',
  'speech',
];

/** What each capability is called in the UI; read when shown, so the display language's bundle applies. */
export const CAPABILITY_LABELS: Readonly<Record<ModelCapability, string>> = {
  get chat() {
    return t('Chat');
  },
  get 'image-basic'() {
    return t('Image (basic)');
  },
  get 'image-4.0'() {
    return t('Image (Seedream 4.0)');
  },
  get 'image-4.5'() {
    return t('Image (Seedream 4.5)');
  },
  get 'video-v2'() {
    return t('Video (Veo 2)');
  },
  get 'video-v3'() {
    return t('Video (Veo 3)');
  },
  get 'video-v3.1'() {
    return t('Video (Veo 3.1)');
  },
  get 'task-gen1'() {
    return t('Video task (Seedance 1.0)');
  },
  get 'task-gen2'() {
    return t('Video task (Seedance 1.5 Pro, with audio)');
  },
  get speech() {
    return t('Speech');
  },
};

/** The ids the real gateway lists (gaps.md), with the upstream ids it forwards to. */
const KNOWN_MODELS: Readonly<Record<string, ModelCapability>> = {
  'stable-image-core-1.1': 'image-basic',
  'bytedance-seedream-4': 'image-4.0',
  'seedream-4-0-250828': 'image-4.0',
  'bytedance-seedream-4-5': 'image-4.5',
  'seedream-4-5-251128': 'image-4.5',
  'veo-2': 'video-v2',
  'google-veo-3': 'video-v3',
  'google-veo-3-1': 'video-v3.1',
  'seedance-1-0-pro-250528': 'task-gen1',
  'seedance-1-0-pro-fast-251015': 'task-gen1',
  'seedance-1-0-lite-i2v-250428': 'task-gen1',
  'seedance-1-5-pro-251215': 'task-gen2',
  kokoro: 'speech',
  'tts-1': 'speech',
  'tts-1-hd': 'speech',
};

export function isModelCapability(x: string): x is ModelCapability {
  return (MODEL_CAPABILITIES as readonly string[]).includes(x);
}

export function classifyModel(id: string, overrides?: Record<string, ModelCapability>): ModelCapability {
  const override = overrides?.[id];
  if (override !== undefined && isModelCapability(override)) return override;
  const lower = id.trim().toLowerCase();
  return KNOWN_MODELS[lower] ?? classifyByPattern(lower);
}

/**
 * Whether the id's capability is known (an override, a known id, or a name
 * pattern) rather than the chat fallback of an id nothing matched. Pickers
 * of other kinds offer unclassified ids under "Other" so none is hidden.
 */
export function isClassified(id: string, overrides?: Record<string, ModelCapability>): boolean {
  const override = overrides?.[id];
  if (override !== undefined && isModelCapability(override)) return true;
  const lower = id.trim().toLowerCase();
  return KNOWN_MODELS[lower] !== undefined || classifyByPattern(lower) !== 'chat';
}

export function taskModelTier(id: string): TaskModelTier | undefined {
  const lower = id.toLowerCase();
  const version = familyVersion(lower, 'seedance');
  if (version === undefined) return undefined;
  if (version.major === 1 && version.minor === 5) return /pro/.test(lower) ? 'pro-1.5' : undefined;
  if (version.major !== 1 || version.minor !== 0) return undefined;
  if (/pro[-_]?fast/.test(lower)) return 'pro-fast';
  if (/lite/.test(lower) && /i2v/.test(lower)) return 'lite-i2v';
  if (/pro/.test(lower)) return 'pro';
  return undefined;
}

/** Ids grouped by capability, groups in MODEL_CAPABILITIES order, ids in input order without repeats. */
export function groupByCapability(ids: string[], overrides?: Record<string, ModelCapability>): Map<ModelCapability, string[]> {
  const byCapability = new Map<ModelCapability, string[]>();
  for (const id of new Set(ids)) {
    const capability = classifyModel(id, overrides);
    byCapability.set(capability, [...(byCapability.get(capability) ?? []), id]);
  }
  const ordered = new Map<ModelCapability, string[]>();
  for (const capability of MODEL_CAPABILITIES) {
    const group = byCapability.get(capability);
    if (group) ordered.set(capability, group);
  }
  return ordered;
}

interface Version {
  major: number;
  /** 0 when the id gives only a major version, as in `bytedance-seedream-4`. */
  minor: number;
  explicit: boolean;
}

/**
 * The version after a family name: `seedream-4-5-251128` gives 4.5,
 * `veo-3.0-generate` 3.0, `seedream-4-250828` 4.0 (a minor version is one
 * digit, so a date suffix is not taken for one). Undefined when no word of
 * the id starts with the family name; `explicit` is false when it carries no number.
 */
function familyVersion(id: string, family: string): Version | undefined {
  const found = new RegExp(`(?:^|[^a-z])${family}`).exec(id);
  if (!found) return undefined;
  const match = /^[-_ .]?v?(\d+)(?:[-_.](\d)(?!\d))?/.exec(id.slice(found.index + found[0].length));
  if (!match) return { major: 0, minor: 0, explicit: false };
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), explicit: true };
}

function atLeast(version: Version, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}

/** An unversioned or newer-than-known id gets the newest rules of its family. */
function classifyByPattern(id: string): ModelCapability {
  const seedance = familyVersion(id, 'seedance');
  if (seedance) return !seedance.explicit || atLeast(seedance, 1, 5) ? 'task-gen2' : 'task-gen1';
  const veo = familyVersion(id, 'veo');
  if (veo) {
    if (!veo.explicit || atLeast(veo, 3, 1)) return 'video-v3.1';
    return veo.major >= 3 ? 'video-v3' : 'video-v2';
  }
  const seedream = familyVersion(id, 'seedream');
  if (seedream) {
    if (!seedream.explicit || atLeast(seedream, 4, 5)) return 'image-4.5';
    return seedream.major === 4 ? 'image-4.0' : 'image-basic';
  }
  if (/kokoro|(^|[^a-z])tts([^a-z]|$)/.test(id)) return 'speech';
  if (/image|stable-diffusion|sdxl|dall-e|flux/.test(id)) return 'image-basic';
  return 'chat';
}
