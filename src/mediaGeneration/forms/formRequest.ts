/** From a form's values to the request body, checked by the client's own validators. */
import { validationError } from '../../gateway/errors';
import type { ImageRequest } from '../../gateway/types/images';
import type { VideoRequest } from '../../gateway/types/videos';
import { validateImageRequest, validateVideoRequest } from '../../gateway/validation';
import { PROMPT_MAX_CHARS, VIDEO_REFERENCE_TYPES } from '../../gateway/validation/limits';
import { text } from '../../gateway/validation/rules';
import { type FilesField, type FormValues, type MediaForm, filePaths } from './formFields';
import { isImageVariant } from './mediaForms';
import { refusalOf } from './refusal';
import { t } from '../../l10n/localize';

/** A local input file, read and encoded. */
export interface EncodedInput {
  path: string;
  mimeType: string;
  base64: string;
}

export type InputEncoder = (path: string, field: FilesField) => EncodedInput;

export type GenerationRequest = { kind: 'image'; request: ImageRequest } | { kind: 'video'; request: VideoRequest };

/**
 * The prompt may be left out only where the form allows it (a video from an
 * image); where it needs one, the form is stricter than the client, which
 * also lets a video to extend go without.
 */
function promptField(form: MediaForm, prompt: string, values: FormValues): { prompt?: string } {
  if (!form.needsPrompt(values)) return prompt.trim() === '' ? {} : { prompt };
  text('prompt', prompt, { required: true, max: PROMPT_MAX_CHARS });
  return { prompt };
}

/**
 * The request for these values; throws the validation error of the first
 * rule it breaks. Input files come from `encode`.
 */
export function buildRequest(form: MediaForm, model: string, prompt: string, values: FormValues, encode: InputEncoder): GenerationRequest {
  const body: Record<string, unknown> = { model, ...promptField(form, prompt, values) };
  for (const field of form.fields(values)) {
    const value = values[field.key];
    if (value === undefined) continue;
    if (field.kind === 'files') {
      const paths = filePaths(values, field.key);
      if (paths.length > field.max) throw validationError(field.key, paths.length, t('at most {0} files', field.max), t('{0} files given', paths.length));
      const inputs = paths.map((path) => encode(path, field));
      if (inputs.length > 0) body[field.key] = form.kind === 'image' ? imageUrls(inputs) : videoInputs(field.key, inputs);
    } else if (field.key === 'max_images') {
      body.sequential_image_generation_options = { max_images: value };
    } else {
      body[field.key] = value;
    }
  }
  // The body is assembled from checked-but-untyped values; the validators below refuse whatever the wire type would not allow.
  const variant = form.variant;
  if (isImageVariant(variant)) {
    const request = body as unknown as ImageRequest;
    validateImageRequest(request, variant);
    return { kind: 'image', request };
  }
  const request = body as unknown as VideoRequest;
  validateVideoRequest(request, variant);
  return { kind: 'video', request };
}

/** Throws the validation error of these values, checked before any file is read (files stand in unread). */
export function checkRequest(form: MediaForm, model: string, prompt: string, values: FormValues): void {
  buildRequest(form, model, prompt, values, placeholderInput);
}

/** Why these values cannot be sent (see checkRequest); undefined when they can. */
export function formProblem(form: MediaForm, model: string, prompt: string, values: FormValues): string | undefined {
  return refusalOf(() => checkRequest(form, model, prompt, values));
}

/** Stands in for a file not read yet: the smallest valid base64 of an allowed type. */
function placeholderInput(path: string, field: FilesField): EncodedInput {
  return { path, mimeType: field.mimeTypes[0], base64: 'AAAA' };
}

/** Images 4.x: one data URL edits an image; a list gives references. */
function imageUrls(inputs: EncodedInput[]): string | string[] {
  const urls = inputs.map((input) => `data:${input.mimeType};base64,${input.base64}`);
  return urls.length === 1 ? urls[0] : urls;
}

function videoInputs(key: string, inputs: EncodedInput[]): unknown {
  const media = inputs.map((input) => ({ mime_type: input.mimeType, base_64_encoded: input.base64 }));
  if (key === 'reference_images') return media.map((image) => ({ image, reference_type: VIDEO_REFERENCE_TYPES[0] }));
  return media[0];
}
