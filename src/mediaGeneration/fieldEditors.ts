/** One quick pick or input box per kind of field, plus the prompt and the model. */
import * as vscode from 'vscode';
import { CAPABILITY_LABELS } from '../gateway/catalog';
import { PROMPT_MAX_CHARS } from '../gateway/validation/limits';
import { type ChoiceField, type FormField, type IntegerField, type MediaKind, type MediaVariant, filePaths } from './forms/formFields';
import { accepts } from './forms/formValues';
import { VARIANTS_OF_KIND } from './forms/mediaForms';
import { pickInputFiles } from './inputFilePicker';
import { pickOne } from './quickInput';
import { t } from '../l10n/localize';

/** The new value of a field (undefined: unset it); undefined when the user escaped, changing nothing. */
export type Edit = { value: unknown } | undefined;

interface ValueItem extends vscode.QuickPickItem {
  value?: unknown;
  custom?: boolean;
}

const NOT_SET: ValueItem = { label: t('Not set'), description: t('the gateway decides'), value: undefined };

export async function editField(field: FormField, current: unknown, title: string, nameOf: (file: string) => string): Promise<Edit> {
  const heading = `${title}: ${field.label}`;
  switch (field.kind) {
    case 'choice':
      return editChoice(field, current, heading);
    case 'toggle': {
      const items: ValueItem[] = [
        ...(field.default === undefined ? [NOT_SET] : []),
        { label: t('On'), value: true, description: field.default === true ? t('default') : undefined },
        { label: t('Off'), value: false, description: field.default === false ? t('default') : undefined },
      ];
      return pickValue(items, current, heading, field.help);
    }
    case 'integer':
      return editInteger(field, current, heading);
    case 'text': {
      const typed = await vscode.window.showInputBox({
        title: heading,
        prompt: t('{0}; empty: not set', field.help),
        value: typeof current === 'string' ? current : '',
        ignoreFocusOut: true,
      });
      return typed === undefined ? undefined : { value: typed.trim() === '' ? undefined : typed };
    }
    case 'files': {
      const files = await pickInputFiles(field, filePaths({ [field.key]: current }, field.key), title, nameOf);
      return files === undefined ? undefined : { value: files.length ? files : undefined };
    }
  }
}

async function pickValue(items: ValueItem[], current: unknown, title: string, placeholder: string): Promise<Edit> {
  const chosen = await pickOne(items, { title, placeholder, active: items.find((item) => !item.custom && item.value === current) });
  return chosen && { value: chosen.value };
}

async function editChoice(field: ChoiceField, current: unknown, title: string): Promise<Edit> {
  const isCustom = typeof current === 'string' && !field.choices.includes(current);
  const items: ValueItem[] = [
    ...(field.default === undefined ? [NOT_SET] : []),
    ...field.choices.map((choice) => ({ label: String(choice), value: choice, description: choice === field.default ? t('default') : undefined })),
    ...(field.custom ? [{ label: t('$(edit) Other…'), description: isCustom ? t('now {0}', String(current)) : field.custom.prompt, custom: true }] : []),
  ];
  const active = items.find((item) => (isCustom ? item.custom : !item.custom && item.value === current));
  const chosen = await pickOne(items, { title, placeholder: field.help, active });
  if (!chosen?.custom || !field.custom) return chosen && { value: chosen.value };
  const { check, prompt } = field.custom;
  const typed = await vscode.window.showInputBox({
    title,
    prompt,
    value: isCustom ? String(current) : '',
    ignoreFocusOut: true,
    validateInput: (text) => check(text.trim()),
  });
  return typed === undefined ? undefined : { value: typed.trim() };
}

async function editInteger(field: IntegerField, current: unknown, title: string): Promise<Edit> {
  const range = t('an integer from {0} to {1}', field.min, field.max);
  const typed = await vscode.window.showInputBox({
    title,
    prompt: `${field.help} (${range})`,
    value: current === undefined ? '' : String(current),
    ignoreFocusOut: true,
    validateInput: (text) => {
      const trimmed = text.trim();
      return trimmed === '' || (/^-?\d+$/.test(trimmed) && accepts(field, Number(trimmed))) ? undefined : t('Enter {0}, or nothing', range);
    },
  });
  if (typed === undefined) return undefined;
  return { value: typed.trim() === '' ? undefined : Number(typed.trim()) };
}

/** The prompt; undefined when the user escaped. */
export async function askPrompt(kind: MediaKind, current: string, required: boolean, title: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: t('{0}: prompt', title),
    prompt: describePrompt(kind, required),
    placeHolder: kind === 'image' ? t('e.g. a lighthouse on a cliff at dawn, watercolor') : t('e.g. waves rolling onto a beach at sunset, slow pan'),
    value: current,
    ignoreFocusOut: true,
    validateInput: (text) => {
      if (text.length > PROMPT_MAX_CHARS) return t('At most {0} characters (now {1})', PROMPT_MAX_CHARS, text.length);
      return required && text.trim() === '' ? t('Enter a prompt') : undefined;
    },
  });
}

function describePrompt(kind: MediaKind, required: boolean): string {
  if (kind === 'image') return required ? t('Describe the image to generate') : t('Describe the image to generate (optional with an input file)');
  return required ? t('Describe the video to generate') : t('Describe the video to generate (optional with an input file)');
}

export interface ModelChoice {
  id: string;
  variant: MediaVariant;
}

interface ModelItem extends vscode.QuickPickItem {
  model?: ModelChoice;
  /** An id of unknown kind. */
  other?: string;
}

/** An unclassified id the user chose, with the variant they said it is (to be saved in genaiGateway.modelCapabilities). */
export interface ClassifiedChoice extends ModelChoice {
  classified: true;
}

/**
 * A model of the kind, grouped by variant, then `others` (ids the extension
 * cannot classify) under "Other": choosing one asks which variant it is.
 * Undefined when the user escaped.
 */
export async function pickModel(
  kind: MediaKind,
  models: readonly ModelChoice[],
  current: string,
  title: string,
  others: readonly string[] = [],
): Promise<ModelChoice | ClassifiedChoice | undefined> {
  const items: ModelItem[] = VARIANTS_OF_KIND[kind].flatMap((variant): ModelItem[] => {
    const ofVariant = models.filter((m) => m.variant === variant);
    if (ofVariant.length === 0) return [];
    return [
      { label: CAPABILITY_LABELS[variant], kind: vscode.QuickPickItemKind.Separator },
      ...ofVariant.map((model) => ({ label: model.id, description: model.id === current ? t('current') : undefined, model })),
    ];
  });
  const unknown = others.filter((id) => !models.some((m) => m.id === id));
  if (unknown.length > 0) {
    items.push({ label: t('Other (kind not recognised)'), kind: vscode.QuickPickItemKind.Separator });
    for (const id of unknown) items.push({ label: id, description: t('choose its kind, saved in {0}', 'genaiGateway.modelCapabilities'), other: id });
  }
  const chosen = await pickOne(items, {
    title: t('{0}: model', title),
    placeholder: kind === 'image' ? t('The image model; its variant decides the options') : t('The video model; its variant decides the options'),
    active: items.find((i) => i.model?.id === current),
  });
  if (chosen?.other === undefined) return chosen?.model;
  const variants = VARIANTS_OF_KIND[kind].map((variant) => ({ label: CAPABILITY_LABELS[variant], variant }));
  const variant = await pickOne(variants, {
    title: t('{0}: what kind of model is {1}?', title, chosen.other),
    placeholder: t('Its variant decides the fields sent; saved in {0}', 'genaiGateway.modelCapabilities'),
  });
  return variant && { id: chosen.other, variant: variant.variant, classified: true };
}
