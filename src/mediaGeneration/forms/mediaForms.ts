/** Which form each model variant has. */
import type { ModelCapability } from '../../gateway/catalog';
import type { ImageCapability, VideoCapability } from '../../gateway/validation';
import type { MediaForm, MediaKind, MediaVariant } from './formFields';
import { imageForm } from './imageForms';
import { videoForm } from './videoForms';

export const VARIANTS_OF_KIND: { readonly image: readonly ImageCapability[]; readonly video: readonly VideoCapability[] } = {
  image: ['image-basic', 'image-4.0', 'image-4.5'],
  video: ['video-v2', 'video-v3', 'video-v3.1'],
};

export function isImageVariant(capability: ModelCapability): capability is ImageCapability {
  return (VARIANTS_OF_KIND.image as readonly ModelCapability[]).includes(capability);
}

export function isVideoVariant(capability: ModelCapability): capability is VideoCapability {
  return (VARIANTS_OF_KIND.video as readonly ModelCapability[]).includes(capability);
}

export function isVariantOf(kind: MediaKind, capability: ModelCapability): capability is MediaVariant {
  return kind === 'image' ? isImageVariant(capability) : isVideoVariant(capability);
}

export function formFor(variant: MediaVariant): MediaForm {
  return isImageVariant(variant) ? imageForm(variant) : videoForm(variant);
}

/** Whether the variant's form has every one of these fields with the values given (e.g. input files). */
export function takesFields(variant: MediaVariant, keys: readonly string[], values: Readonly<Record<string, unknown>> = {}): boolean {
  const fields = formFor(variant)
    .fields(values)
    .map((f) => f.key);
  return keys.every((key) => fields.includes(key));
}
