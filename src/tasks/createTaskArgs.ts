/**
 * The argument object of "Create Video Task", for callers without UI
 * (tests, chat tools): turned into a recipe. Values are passed on as given;
 * the request validation of the client refuses what a model does not take.
 */
import type { TaskMode } from '../gateway/validation/limits';
import type { TaskRecipe, TaskSettingChoices } from './taskEntry';
import { imageInputsFor } from './taskRecipe';

export interface CreateVideoTaskArgs extends TaskSettingChoices {
  /** Default: the videoTask model setting. */
  model?: string;
  prompt?: string;
  /** Default: text only without images, first frame with one, references with more. */
  mode?: TaskMode;
  /** Workspace-relative or absolute paths of image files, or http(s) URLs. */
  images?: string[];
  generateAudio?: boolean;
  /** True: the last frame is asked for (`return_last_frame`) and downloaded with the video. Default false: the field is not sent. */
  returnLastFrame?: boolean;
  /** Default 'body'. */
  settingsAs?: 'body' | 'flags';
  /** Throw a failure to the caller instead of showing it (callers that report it themselves, e.g. chat tools). */
  throwErrors?: boolean;
}

const MODES: readonly TaskMode[] = ['text', 'first-frame', 'first-last', 'references'];

/** A caller's argument object, as opposed to what menus pass (a file Uri from the editor menu, or nothing). */
export function isCreateTaskArgs(value: unknown): value is CreateVideoTaskArgs {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const args = value as Record<string, unknown>;
  const images = args.images;
  return (
    (typeof args.prompt === 'string' || Array.isArray(images)) &&
    (images === undefined || (Array.isArray(images) && images.every((i) => typeof i === 'string'))) &&
    (args.mode === undefined || MODES.includes(args.mode as TaskMode))
  );
}

export function recipeFromArgs(args: CreateVideoTaskArgs, defaultModel: string): TaskRecipe {
  const images = args.images ?? [];
  const mode = args.mode ?? (images.length === 0 ? 'text' : images.length === 1 ? 'first-frame' : 'references');
  const settings: TaskSettingChoices = {
    ratio: args.ratio,
    duration: args.duration,
    resolution: args.resolution,
    camerafixed: args.camerafixed,
    seed: args.seed,
    watermark: args.watermark,
  };
  return {
    model: args.model ?? defaultModel,
    prompt: args.prompt ?? '',
    images: imageInputsFor(mode, images),
    settings: Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
    settingsAs: args.settingsAs ?? 'body',
    ...(args.generateAudio !== undefined ? { generateAudio: args.generateAudio } : {}),
    ...(args.returnLastFrame ? { returnLastFrame: true } : {}),
  };
}
