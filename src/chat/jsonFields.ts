/** Readers of untrusted JSON values: each returns the value typed, or throws an Error naming the field. */
import { t } from '../l10n/localize';

export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(t('{0} is not an object', what));
  return value as Record<string, unknown>;
}

export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(t('{0} is not a list', what));
  return value;
}

export function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(t('{0} is not a text', what));
  return value;
}

export function num(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(t('{0} is not a number', what));
  return value;
}

export function bool(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new Error(t('{0} is not true or false', what));
  return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (!allowed.includes(value as T)) throw new Error(t('{0} is {1}; allowed: {2}', what, JSON.stringify(value), allowed.join(', ')));
  return value as T;
}
