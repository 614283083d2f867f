/**
 * The fields of a generation form: what a user can set for one model variant,
 * with the allowed values and defaults of limits.ts. Pure data; the VS Code
 * layer renders it as quick picks and input boxes.
 */
import type { ImageCapability, VideoCapability } from '../../gateway/validation';

export type MediaKind = 'image' | 'video';
export type MediaVariant = ImageCapability | VideoCapability;
export type ChoiceValue = string | number;

/**
 * Field values by key. Values come from the guided form, from remembered
 * choices or from a command's caller, so they are checked, never trusted.
 * Files fields hold absolute paths.
 */
export type FormValues = Readonly<Record<string, unknown>>;

interface FieldBase {
  /** The request field it sets; `max_images` sits inside `sequential_image_generation_options`. */
  readonly key: string;
  readonly label: string;
  /** What it does, one short sentence. */
  readonly help: string;
}

export interface ChoiceField extends FieldBase {
  readonly kind: 'choice';
  readonly choices: readonly ChoiceValue[];
  /** Undefined: nothing is sent unless chosen, and the gateway decides. */
  readonly default?: ChoiceValue;
  /** Also takes a typed value, which `check` accepts (undefined) or refuses (the reason). */
  readonly custom?: { readonly prompt: string; check(value: string): string | undefined };
}

export interface ToggleField extends FieldBase {
  readonly kind: 'toggle';
  readonly default?: boolean;
}

export interface IntegerField extends FieldBase {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
}

export interface TextField extends FieldBase {
  readonly kind: 'text';
}

/** Local files sent inline: as data URLs (images 4.x) or base64 (video). */
export interface FilesField extends FieldBase {
  readonly kind: 'files';
  readonly max: number;
  readonly mimeTypes: readonly string[];
  readonly maxBytes: number;
}

export type FormField = ChoiceField | ToggleField | IntegerField | TextField | FilesField;

/** One model variant's form. */
export interface MediaForm {
  readonly kind: MediaKind;
  readonly variant: MediaVariant;
  /** Of the model variant, e.g. "Video (Veo 3.1)". */
  readonly label: string;
  /** The fields that apply with these values, in the order a user meets them. */
  fields(values: FormValues): readonly FormField[];
  /** Whether these values need a prompt (a video from an image may go without). */
  needsPrompt(values: FormValues): boolean;
}

/** Every integer from `min` to `max`: the choices of a small range. */
export function integerChoices(min: number, max: number): number[] {
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
}

/** The paths a files field holds; [] when it holds nothing or something else. */
export function filePaths(values: FormValues, key: string): string[] {
  const value = values[key];
  return Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : [];
}
