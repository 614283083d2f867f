/** The model picker's entries: the gateway's chat models first, every other model after them. */
import { CAPABILITY_LABELS, type ModelCapability } from '../gateway/catalog';

export interface ModelOption {
  id: string;
  group: 'chat' | 'other';
  /** What a model outside the chat group is classified as, e.g. "Speech". */
  capability?: string;
}

export function toModelOptions(ids: readonly string[], capabilityOf: (id: string) => ModelCapability): ModelOption[] {
  const chat: ModelOption[] = [];
  const other: ModelOption[] = [];
  for (const id of new Set(ids)) {
    const capability = capabilityOf(id);
    if (capability === 'chat') chat.push({ id, group: 'chat' });
    else other.push({ id, group: 'other', capability: CAPABILITY_LABELS[capability] });
  }
  return [...chat, ...other];
}
