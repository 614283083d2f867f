/** The chat's model picker entries: the gateway's chat models, then those of unknown kind; image, video and speech models are not offered. */
import { modelsOfKind, type ModelPlace } from '../gateway/catalog';
import type { ModelObject } from '../gateway/types/models';

export interface ModelOption {
  id: string;
  /** `unknown`: nothing says what the model is (offered under "Other", as the user may know it chats). */
  group: 'chat' | 'unknown';
}

export function toModelOptions(models: readonly ModelObject[], placeOf: (model: ModelObject) => ModelPlace): ModelOption[] {
  const { ofKind, other } = modelsOfKind(models, 'chat', placeOf);
  return [...ofKind.map(({ id }): ModelOption => ({ id, group: 'chat' })), ...other.map((id): ModelOption => ({ id, group: 'unknown' }))];
}
