/**
 * Turns a task recipe into the request body of POST /contents/generations/tasks,
 * with the settings as body fields or as inline flags of the text item.
 */
import { appendTaskFlags, type TaskFlags } from '../gateway/taskFlags';
import type { TaskContentItem, TaskCreateRequest, TaskImageRole } from '../gateway/types/tasks';
import { TASK_MAX_REFERENCES, type TaskMode } from '../gateway/validation/limits';
import { isHttpUrl } from '../gateway/validation/media';
import type { TaskImageInput, TaskRecipe } from './taskEntry';

/** The URL to send for an input image: the http(s) URL itself, or a data URL of the file. */
export type ImageUrlResolver = (input: TaskImageInput, index: number) => Promise<string>;

export async function buildTaskRequest(recipe: TaskRecipe, imageUrlOf: ImageUrlResolver): Promise<TaskCreateRequest> {
  const { settings } = recipe;
  const text = recipe.settingsAs === 'flags' ? appendTaskFlags(recipe.prompt, toFlags(settings)) : recipe.prompt.trim();
  const content: TaskContentItem[] = text === '' ? [] : [{ type: 'text', text }];
  for (const [index, input] of recipe.images.entries()) {
    const url = await imageUrlOf(input, index);
    content.push(input.role ? { type: 'image_url', image_url: { url }, role: input.role } : { type: 'image_url', image_url: { url } });
  }
  const request: TaskCreateRequest = { model: recipe.model, content };
  if (recipe.settingsAs === 'body') Object.assign(request, definedOnly({ ...settings }));
  if (recipe.generateAudio !== undefined) request.generate_audio = recipe.generateAudio;
  // Only when the last frame is wanted: the spec's task fields do not list it, and a strict gateway refuses it (gaps.md).
  if (recipe.returnLastFrame) request.return_last_frame = true;
  return request;
}

/**
 * The request as Show Request displays it: exactly what is sent, except
 * that a workspace image reads `<data URL of images/cat.png>` instead of
 * megabytes of base64.
 */
export async function describeTaskRequest(recipe: TaskRecipe): Promise<TaskCreateRequest> {
  return buildTaskRequest(recipe, async (input) => (isHttpUrl(input.source) ? input.source : `<data URL of ${input.source}>`));
}

/**
 * The image inputs of a mode: one image without a role animates it; first
 * and last frames take their roles in that order; references all take
 * `reference_image`.
 */
export function imageInputsFor(mode: TaskMode, sources: readonly string[]): TaskImageInput[] {
  const roleAt = (index: number): TaskImageRole | undefined => {
    if (mode === 'references') return 'reference_image';
    if (mode === 'first-last') return index === 0 ? 'first_frame' : 'last_frame';
    return undefined;
  };
  return sources.map((source, index) => {
    const role = roleAt(index);
    return role ? { source, role } : { source };
  });
}

/** How many images a mode takes. */
export function imageCountOf(mode: TaskMode): { min: number; max: number } {
  if (mode === 'text') return { min: 0, max: 0 };
  if (mode === 'first-frame') return { min: 1, max: 1 };
  if (mode === 'first-last') return { min: 2, max: 2 };
  return { min: 1, max: TASK_MAX_REFERENCES };
}

function toFlags(settings: TaskRecipe['settings']): TaskFlags {
  return definedOnly({
    resolution: settings.resolution,
    ratio: settings.ratio,
    duration: settings.duration,
    camerafixed: settings.camerafixed,
    seed: settings.seed,
    watermark: settings.watermark,
  });
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
