/** The gateway's chat models as VS Code's language model picker describes them. */
import { t } from '../l10n/localize';
import { modelsOfKind, type ModelPlace } from '../gateway/catalog';
import type { ModelObject } from '../gateway/types/models';
import { contextWindowOf } from './contextWindow';

export interface TokenLimits {
  maxInputTokens: number;
  maxOutputTokens: number;
}

/** GET /v1/models says nothing of context sizes: what current chat models commonly allow, unless a setting or the model family's published size says otherwise. */
export const DEFAULT_TOKEN_LIMITS: TokenLimits = { maxInputTokens: 128_000, maxOutputTokens: 16_384 };

/** The fields of vscode.LanguageModelChatInformation, plus `isUserSelectable`. */
export interface ChatModelInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly tooltip: string;
  readonly detail: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: { readonly toolCalling: boolean; readonly imageInput: boolean };
  /**
   * Not in the 1.104 API (it belongs to the proposed chatProvider API), but
   * VS Code reads it from any provider: 1.104 and 1.105 leave a model out of
   * the picker without it.
   */
  readonly isUserSelectable: boolean;
}

/**
 * The chat models, then those whose kind nothing says (tried as chat, and
 * marked so), in the gateway's order; image, video, speech and embedding
 * models are left out. Image input is off: the gateway's chat messages carry text only.
 */
export function chatModelInformation(
  models: readonly ModelObject[],
  placeOf: (model: ModelObject) => ModelPlace,
  limits: Readonly<Record<string, Partial<TokenLimits>>>,
  gatewayHost: string,
): ChatModelInformation[] {
  const { ofKind, other } = modelsOfKind(models, 'chat', placeOf);
  const offered = new Set([...ofKind.map((m) => m.id), ...other]);
  return models
    .filter((model) => offered.delete(model.id))
    .map((model) => ({
      id: model.id,
      name: model.id,
      family: model.id,
      version: versionOf(model),
      tooltip: [
        model.owned_by ? t('{0} on the gateway {1}, by {2}', model.id, gatewayHost, model.owned_by) : t('{0} on the gateway {1}', model.id, gatewayHost),
        other.includes(model.id) ? t('Kind not recognised: tried as a chat model (genaiGateway.modelCapabilities sets it).') : '',
      ]
        .filter(Boolean)
        .join(' '),
      detail: 'GenAI Gateway',
      ...DEFAULT_TOKEN_LIMITS,
      maxInputTokens: contextWindowOf(model.id, limits)?.tokens ?? DEFAULT_TOKEN_LIMITS.maxInputTokens,
      ...limits[model.id],
      capabilities: { toolCalling: true, imageInput: false },
      isUserSelectable: true,
    }));
}

/** The day the gateway says the model was created: all the version information it gives. */
function versionOf(model: ModelObject): string {
  return Number.isFinite(model.created) && model.created > 0 ? new Date(model.created * 1000).toISOString().slice(0, 10) : 'unknown';
}
