/** Values of a form: defaults, remembered choices, changes, and how each reads. */
import { validationError } from '../../gateway/errors';
import type { FormField, FormValues, MediaForm } from './formFields';
import { t } from '../../l10n/localize';

/** Whether the field takes `value` (an empty text or file list counts as unset, so no). */
export function accepts(field: FormField, value: unknown): boolean {
  switch (field.kind) {
    case 'choice':
      if (typeof value !== 'string' && typeof value !== 'number') return false;
      return field.choices.includes(value) || (typeof value === 'string' && field.custom !== undefined && field.custom.check(value) === undefined);
    case 'toggle':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= field.min && value <= field.max;
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
    case 'files':
      return Array.isArray(value) && value.length >= 1 && value.length <= field.max && value.every((v) => typeof v === 'string');
  }
}

function defaultOf(field: FormField): unknown {
  return field.kind === 'choice' || field.kind === 'toggle' ? field.default : undefined;
}

/**
 * The values a guided form starts from: each layer over the previous ones
 * (e.g. remembered choices, then the files a command was started with),
 * keeping only what the form accepts; unset fields take their defaults.
 */
export function initialValues(form: MediaForm, ...layers: FormValues[]): FormValues {
  return settle(form, Object.assign({}, ...layers) as FormValues);
}

/** `values` with one field changed (undefined unsets it); fields that depend on it follow. */
export function withValue(form: MediaForm, values: FormValues, key: string, value: unknown): FormValues {
  return settle(form, { ...values, [key]: value });
}

/**
 * Values given by a caller (no guided form): the defaults of the fields that
 * apply, then the values as given, which the request validation checks.
 * A key that is no field of the form with these values is refused.
 */
export function givenValues(form: MediaForm, given: FormValues): FormValues {
  const fields = form.fields(given);
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined && !fields.some((f) => f.key === key)) {
      const known = fields.map((f) => f.key).join(', ');
      throw validationError(key, value, t('a field of {0} with these values: {1}', form.label, known), t('not a field of {0} here', form.label));
    }
  }
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = given[field.key] ?? defaultOf(field);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** Only the input files of `values` (or, with `except`, everything else). */
export function inputFiles(form: MediaForm, values: FormValues, except = false): FormValues {
  const files = new Set(
    form
      .fields(values)
      .filter((f) => f.kind === 'files')
      .map((f) => f.key),
  );
  return Object.fromEntries(Object.entries(values).filter(([key]) => files.has(key) !== except));
}

/** What is worth remembering for next time: everything but the input files. */
export function rememberable(form: MediaForm, values: FormValues): FormValues {
  return inputFiles(form, values, true);
}

/** How a value reads in the form; `nameOf` shows an input file. */
export function describeValue(field: FormField, value: unknown, nameOf: (path: string) => string = (p) => p): string {
  if (value === undefined) return field.kind === 'files' ? t('none') : t('not set');
  if (field.kind === 'toggle') return value === true ? t('on') : t('off');
  if (field.kind === 'files' && Array.isArray(value)) return value.map((p) => nameOf(String(p))).join(', ');
  return String(value);
}

/**
 * Keeps only values the fields accept and fills defaults. Which fields apply
 * depends on the values, so this repeats until nothing changes; every round
 * only removes values or puts defaults, so it ends within one round per field.
 */
function settle(form: MediaForm, values: FormValues): FormValues {
  let current = values;
  for (let round = 0; round <= form.fields(current).length; round++) {
    const next: Record<string, unknown> = {};
    for (const field of form.fields(current)) {
      const value = current[field.key];
      const kept = accepts(field, value) ? value : defaultOf(field);
      if (kept !== undefined) next[field.key] = kept;
    }
    if (sameValues(next, current)) return next;
    current = next;
  }
  return current;
}

function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
