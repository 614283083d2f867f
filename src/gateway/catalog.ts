/**
 * What each model id can do. GET /v1/models says nothing about capabilities,
 * so ids are classified by their names (modelNames.ts) and the user's
 * overrides; an id nothing matches is offered under "Other", never hidden.
 */
import { t } from '../l10n/localize';
import { familyVersion, KIND_OF_CAPABILITY, recogniseModel, type ModelKind, type Recognition } from './modelNames';
import type { ModelObject } from './types/models';

export { KIND_OF_CAPABILITY, type ModelKind } from './modelNames';

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

export function isModelCapability(x: string): x is ModelCapability {
  return (MODEL_CAPABILITIES as readonly string[]).includes(x);
}

/** Every kind of work, in the order a model picker shows them. */
export const MODEL_KINDS: readonly ModelKind[] = ['chat', 'image', 'video', 'videoTask', 'speech'];

/** A listed model: its id, and the vendor the model list names. */
export type ListedModel = string | Pick<ModelObject, 'id' | 'owned_by'>;

/** What a listed model is for; `unknown` when nothing says (offered under "Other" by the pickers, never hidden). */
export type ModelPlace = Recognition | { kind: 'unknown'; capability?: undefined };

/** The user's override (genaiGateway.modelCapabilities) first, then what the name rules recognise. */
export function placeModel(model: ListedModel, overrides?: Record<string, ModelCapability>): ModelPlace {
  const id = typeof model === 'string' ? model : model.id;
  const override = overrides?.[id];
  if (override !== undefined && isModelCapability(override)) return { kind: KIND_OF_CAPABILITY[override], capability: override };
  const ownedBy = typeof model === 'string' || typeof model.owned_by !== 'string' ? undefined : model.owned_by;
  return recogniseModel(id, ownedBy) ?? { kind: 'unknown' };
}

/** The capability a request to `id` is sent with: what it is recognised as, else chat (an unknown id is tried as a chat model). */
export function classifyModel(id: string, overrides?: Record<string, ModelCapability>): ModelCapability {
  return placeModel(id, overrides).capability ?? 'chat';
}

/** What a picker of one kind offers: the models of the kind with their variant, and those it may be that nothing says so. */
export interface KindModels {
  ofKind: Array<{ id: string; capability: ModelCapability }>;
  /**
   * Shown under "Other", choosing one asks its variant: models of unknown
   * kind and, for the video pickers, video models of a family whose fields are
   * not known (Sora, Kling...). Models of other kinds are left out.
   */
  other: string[];
}

export function modelsOfKind<M extends ListedModel>(models: readonly M[], kind: ModelKind, placeOf: (model: M) => ModelPlace): KindModels {
  const result: KindModels = { ofKind: [], other: [] };
  const seen = new Set<string>();
  for (const model of models) {
    const id = typeof model === 'string' ? model : model.id;
    if (seen.has(id)) continue;
    seen.add(id);
    const place = placeOf(model);
    if (place.capability !== undefined && place.kind === kind) result.ofKind.push({ id, capability: place.capability });
    else if (place.kind === 'unknown' || (place.kind === 'video' && place.capability === undefined && (kind === 'video' || kind === 'videoTask')))
      result.other.push(id);
  }
  return result;
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
