import { t } from '../l10n/localize';
import { ListedModel, ModelCapability, ModelPlace, classifyModel, placeModel } from './catalog';
import { validationError } from './errors';

/** Maps a model id to its capability, with the user's overrides applied. */
export type CapabilityResolver = (model: string) => ModelCapability;

export function capabilityResolver(overrides: Record<string, ModelCapability> = {}): CapabilityResolver {
  return (model) => classifyModel(model, overrides);
}

/** Maps a listed model to what it is for, with the user's overrides applied. */
export type PlaceResolver = (model: ListedModel) => ModelPlace;

export function placeResolver(overrides: Record<string, ModelCapability> = {}): PlaceResolver {
  return (model) => placeModel(model, overrides);
}

/** The capability of `model`, which must be one of `expected`: the variant decides which fields are valid. */
export function requireCapability<C extends ModelCapability>(resolve: CapabilityResolver, model: string, expected: readonly C[], what: string): C {
  const capability = resolve(model);
  if ((expected as readonly ModelCapability[]).includes(capability)) return capability as C;
  throw validationError(
    'model',
    model,
    t('{0} ({1}); map other ids in the setting genaiGateway.modelCapabilities', what, expected.join(', ')),
    t('classified as {0}', capability),
  );
}
