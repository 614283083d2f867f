/**
 * The rule helpers every request validator is built from. Each one throws a
 * GatewayError of kind 'validation' naming the field, the value and what is
 * allowed. Unless a helper says otherwise, an absent value (undefined) passes:
 * optional fields are checked only when given.
 */
import { t } from '../../l10n/localize';
import { validationError } from '../errors';

export type Fields = Record<string, unknown>;

export function fail(field: string, value: unknown, allowed: string, detail?: string): never {
  throw validationError(field, value, allowed, detail);
}

/** `"a", "b" or "c"`: how a list of allowed values reads in a message. */
export function describeChoices(values: ReadonlyArray<string | number>): string {
  const shown = values.map((v) => JSON.stringify(v));
  return shown.length <= 1 ? shown.join('') : t('{0} or {1}', shown.slice(0, -1).join(', '), shown[shown.length - 1]!);
}

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text; `required` also refuses an absent, empty or blank one. */
export function text(field: string, value: unknown, limits: { required?: boolean; max?: number } = {}): void {
  const allowed =
    limits.max === undefined
      ? limits.required
        ? t('a non-empty text')
        : t('a text')
      : limits.required
        ? t('a non-empty text of at most {0} characters', limits.max)
        : t('a text of at most {0} characters', limits.max);
  if (value === undefined) {
    if (limits.required) fail(field, value, allowed);
    return;
  }
  if (typeof value !== 'string') fail(field, value, allowed);
  if (limits.required && value.trim() === '') fail(field, value, allowed);
  if (limits.max !== undefined && value.length > limits.max) fail(field, value, allowed, t('{0} characters', value.length));
}

/** `max` may be Infinity for no upper bound. */
export function integerInRange(field: string, value: unknown, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, value, max === Infinity ? t('an integer of at least {0}', min) : t('an integer from {0} to {1}', min, max));
  }
}

export function numberInRange(field: string, value: unknown, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(field, value, t('a number from {0} to {1}', min, max));
  }
}

export function oneOf(field: string, value: unknown, allowed: ReadonlyArray<string | number>, options: { required?: boolean; detail?: string } = {}): void {
  if (value === undefined && !options.required) return;
  if ((typeof value !== 'string' && typeof value !== 'number') || !allowed.includes(value)) {
    fail(field, value, describeChoices(allowed), options.detail);
  }
}

export function booleanValue(field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') fail(field, value, t('true or false'));
}

/** An array of `min` to `max` (may be Infinity) items; returns it. */
export function requiredArray(field: string, value: unknown, min: number, max: number): unknown[] {
  const allowed = max === Infinity ? t('a list of at least {0} items', min) : t('a list of {0} to {1} items', min, max);
  if (!Array.isArray(value)) fail(field, value, allowed);
  if (value.length < min || value.length > max) fail(field, value, allowed, t('{0} given', value.length));
  return value;
}

/** Like requiredArray, but an absent value passes (and gives undefined). */
export function arrayOf(field: string, value: unknown, min: number, max: number): unknown[] | undefined {
  return value === undefined ? undefined : requiredArray(field, value, min, max);
}

/** An object (not an array, not null); returns it. */
export function requiredObject(field: string, value: unknown, allowed: string): Fields {
  if (!isRecord(value)) fail(field, value, allowed);
  return value;
}

/** Like requiredObject, but an absent value passes (and gives undefined). */
export function objectValue(field: string, value: unknown, allowed: string): Fields | undefined {
  return value === undefined ? undefined : requiredObject(field, value, allowed);
}

/** Exactly one of `keys` is set on the object at `field`. */
export function exactlyOneOf(field: string, value: Fields, keys: readonly string[]): void {
  const given = keys.filter((k) => value[k] !== undefined);
  if (given.length !== 1) {
    const detail = given.length === 0 ? t('none given') : t('{0} and {1} given', given.slice(0, -1).join(', '), given[given.length - 1]!);
    fail(field, value, t('exactly one of {0}', keys.join(' / ')), detail);
  }
}

/** Refuses a field the chosen model does not take, saying who takes it. */
export function unsupported(field: string, value: unknown, allowed: string, detail?: string): void {
  if (value !== undefined) fail(field, value, allowed, detail);
}

/** Refuses any field outside `known`, listing the fields `owner` takes. */
export function onlyKnownFields(body: Fields, known: readonly string[], owner: string): void {
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && !known.includes(key)) {
      fail(key, value, t('only the fields of {0}: {1}', owner, known.join(', ')), t('not a field of {0}', owner));
    }
  }
}
