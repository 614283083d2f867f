/**
 * How many images a media tool asks for: `n` above 1 becomes a set (models
 * 4.0 and 4.5: `sequential_image_generation: "auto"` with `max_images`),
 * checked against the model and the input images before anything is sent,
 * and said to the user who approves the paid call. Pure.
 */
import type { ModelCapability } from '../gateway/catalog';
import { validationError } from '../gateway/errors';
import { IMAGE_SET_MAX } from '../gateway/validation/limits';
import { t } from '../l10n/localize';

/**
 * The request fields (as the Generate Image command takes them) for `n` images.
 * @param references how many input images the request carries.
 * @throws GatewayError kind 'validation' naming `n` and the values this model and these inputs allow.
 */
export function imageSetFields(n: number | undefined, references: number, capability: ModelCapability): Record<string, unknown> {
  if (n === undefined) return {};
  if (capability === 'image-basic') {
    if (n === 1) return {};
    throw validationError('n', n, t('1 on the basic image model, which makes one image per request (1 to {0} on image models 4.0 and 4.5)', IMAGE_SET_MAX));
  }
  // More references than a set may hold are refused with the images' own message.
  const most = Math.max(1, IMAGE_SET_MAX - references);
  if (!Number.isInteger(n) || n < 1 || n > most) {
    const allowed = references > 0 ? t('an integer from 1 to {0} with {1} input images', most, references) : t('an integer from 1 to {0}', IMAGE_SET_MAX);
    const reason = Number.isInteger(n) && n > most && references > 0 ? t('input and generated images are at most {0} together', IMAGE_SET_MAX) : undefined;
    throw validationError('n', n, allowed, reason);
  }
  return n === 1 ? {} : { sequential_image_generation: 'auto', max_images: n };
}

/** What the user is told a call makes: "an image", or "up to 4 images (a set; each image is billed)". */
export function imagesAsked(n: number | undefined): string {
  return n !== undefined && n > 1 ? t('up to {0} images (a set; each image is billed)', n) : t('an image');
}
