/** The models the emulated gateway offers: the real ids of gaps.md plus chat models. */

import type { ModelObject } from '../../../src/gateway/types/models';
import { ApiError, modelNotFound } from '../core/errors';

export type Capability =
  | 'chat'
  | 'image-basic'
  | 'image-4.0'
  | 'image-4.5'
  | 'video-v2'
  | 'video-v3'
  | 'video-v3.1'
  | 'task-1.0-pro'
  | 'task-1.0-pro-fast'
  | 'task-1.0-lite-i2v'
  | 'task-1.5-pro'
  | 'speech';

interface CatalogEntry {
  id: string;
  ownedBy: string;
  created: number;
  capability: Capability;
}

const CATALOG: readonly CatalogEntry[] = [
  { id: 'gpt-4o-mini', ownedBy: 'openai', created: 1721172741, capability: 'chat' },
  { id: 'gpt-4o', ownedBy: 'openai', created: 1715367049, capability: 'chat' },
  { id: 'llama-3.1-70b-instruct', ownedBy: 'meta', created: 1721692800, capability: 'chat' },
  { id: 'stable-image-core-1.1', ownedBy: 'stability-ai', created: 1727740800, capability: 'image-basic' },
  { id: 'bytedance-seedream-4', ownedBy: 'bytedance', created: 1756339200, capability: 'image-4.0' },
  { id: 'bytedance-seedream-4-5', ownedBy: 'bytedance', created: 1764288000, capability: 'image-4.5' },
  { id: 'veo-2', ownedBy: 'google', created: 1733961600, capability: 'video-v2' },
  { id: 'google-veo-3', ownedBy: 'google', created: 1747699200, capability: 'video-v3' },
  { id: 'google-veo-3-1', ownedBy: 'google', created: 1760486400, capability: 'video-v3.1' },
  { id: 'seedance-1-0-pro-250528', ownedBy: 'bytedance', created: 1748390400, capability: 'task-1.0-pro' },
  { id: 'seedance-1-0-pro-fast-251015', ownedBy: 'bytedance', created: 1760486400, capability: 'task-1.0-pro-fast' },
  { id: 'seedance-1-0-lite-i2v-250428', ownedBy: 'bytedance', created: 1745798400, capability: 'task-1.0-lite-i2v' },
  { id: 'seedance-1-5-pro-251215', ownedBy: 'bytedance', created: 1765756800, capability: 'task-1.5-pro' },
  { id: 'kokoro', ownedBy: 'hexgrad', created: 1735689600, capability: 'speech' },
];

/** Accepted by the speech server without being listed. */
const UNLISTED: readonly CatalogEntry[] = [
  { id: 'tts-1', ownedBy: 'openai', created: 1699046015, capability: 'speech' },
  { id: 'tts-1-hd', ownedBy: 'openai', created: 1699046015, capability: 'speech' },
];

export function listModels(): ModelObject[] {
  return CATALOG.map((m) => ({ id: m.id, object: 'model', created: m.created, owned_by: m.ownedBy }));
}

/**
 * The capability of `model` among `accepted`: 404 model_not_found for an
 * unknown id, 400 for a known model used on the wrong endpoint.
 */
export function modelFor<C extends Capability>(model: string, accepted: readonly C[], endpoint: string): C {
  const entry = [...CATALOG, ...UNLISTED].find((m) => m.id === model);
  if (!entry) throw modelNotFound(model);
  if (!(accepted as readonly Capability[]).includes(entry.capability)) {
    throw new ApiError(400, `The model \`${model}\` does not support ${endpoint}.`, 'model_not_supported', 'model');
  }
  return entry.capability as C;
}
