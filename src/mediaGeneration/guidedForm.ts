/**
 * The guided form: one quick pick listing the prompt, the model and every
 * field of the model's variant with its value; picking a row edits it, and
 * Generate checks the whole request before accepting.
 */
import * as vscode from 'vscode';
import type { MediaVariant } from './forms/formFields';
import { askPrompt, editField, type ModelChoice, pickModel } from './fieldEditors';
import type { FormValues, MediaForm } from './forms/formFields';
import { formProblem } from './forms/formRequest';
import { describeValue, initialValues, inputFiles, withValue } from './forms/formValues';
import { formFor } from './forms/mediaForms';
import { pickOne } from './quickInput';
import { t } from '../l10n/localize';

export interface FormState {
  model: string;
  form: MediaForm;
  prompt: string;
  values: FormValues;
}

export interface GuidedFormServices {
  /** The gateway's models of the form's kind. */
  models(): Promise<ModelChoice[]>;
  /** The gateway's models whose kind is not recognised, offered under "Other". */
  others?(): Promise<string[]>;
  /** Saves the kind the user gave an unrecognised model (genaiGateway.modelCapabilities). */
  classify?(model: string, variant: MediaVariant): Promise<void>;
  /** The options last chosen for a variant. */
  remembered(form: MediaForm): FormValues;
  /** How an input file is shown: its workspace-relative path. */
  nameOf(file: string): string;
}

type RowId = 'generate' | 'prompt' | 'model' | 'reset' | { field: string };

interface Row extends vscode.QuickPickItem {
  id?: RowId;
}

const PROMPT_PREVIEW_CHARS = 80;

/** The state the user accepted with Generate; undefined when they escaped. */
export async function runGuidedForm(initial: FormState, title: string, services: GuidedFormServices): Promise<FormState | undefined> {
  let state = initial;
  let active: string = 'generate';
  let problem: string | undefined;
  for (;;) {
    const rows = formRows(state, problem, services.nameOf);
    const row = await pickOne(rows, {
      title: t('{0} with {1}', title, state.model),
      placeholder: t('Pick a row to change it, then Generate'),
      active: rows.find((r) => r.id !== undefined && rowKey(r.id) === active),
      ignoreFocusOut: true,
    });
    if (row?.id === undefined) return undefined;
    active = rowKey(row.id);
    problem = undefined;
    if (row.id === 'generate') {
      problem = formProblem(state.form, state.model, state.prompt, state.values);
      if (problem === undefined) return state;
      continue;
    }
    state = (await applyRow(row.id, state, title, services)) ?? state;
  }
}

function rowKey(id: RowId): string {
  return typeof id === 'string' ? id : `field:${id.field}`;
}

function formRows(state: FormState, problem: string | undefined, nameOf: (file: string) => string): Row[] {
  const { form, values, prompt, model } = state;
  const shownPrompt = prompt.length > PROMPT_PREVIEW_CHARS ? `${prompt.slice(0, PROMPT_PREVIEW_CHARS)}…` : prompt;
  return [
    {
      id: 'generate',
      label: t('$(sparkle) Generate'),
      description: form.kind === 'image' ? t('image with {0}', model) : t('video with {0}', model),
      detail: problem === undefined ? undefined : `$(error) ${problem}`,
      alwaysShow: true,
    },
    { id: 'prompt', label: t('Prompt'), description: shownPrompt || t('(none)') },
    { id: 'model', label: t('Model'), description: `${model} · ${form.label}` },
    { label: t('Options of {0}', form.label), kind: vscode.QuickPickItemKind.Separator },
    ...form.fields(values).map((field): Row => ({
      id: { field: field.key },
      label: field.label,
      description: describeValue(field, values[field.key], nameOf),
      detail: field.help,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { id: 'reset', label: t('$(discard) Reset Options to Defaults'), description: t('keeps the prompt and the input files') },
  ];
}

async function applyRow(id: Exclude<RowId, 'generate'>, state: FormState, title: string, services: GuidedFormServices): Promise<FormState | undefined> {
  const { form, values } = state;
  if (id === 'prompt') {
    const prompt = await askPrompt(form.kind, state.prompt, form.needsPrompt(values), title);
    return prompt === undefined ? undefined : { ...state, prompt };
  }
  if (id === 'model') {
    const chosen = await pickModel(form.kind, await services.models(), state.model, title, (await services.others?.()) ?? []);
    if (!chosen) return undefined;
    if ('classified' in chosen) await services.classify?.(chosen.id, chosen.variant);
    const next = formFor(chosen.variant);
    return { ...state, model: chosen.id, form: next, values: initialValues(next, services.remembered(next), values) };
  }
  if (id === 'reset') return { ...state, values: initialValues(form, inputFiles(form, values)) };
  const field = form.fields(values).find((f) => f.key === id.field);
  if (!field) return undefined;
  const edit = await editField(field, values[field.key], title, services.nameOf);
  return edit && { ...state, values: withValue(form, values, field.key, edit.value) };
}
