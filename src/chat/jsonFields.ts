/** Readers of untrusted JSON values: each returns the value typed, or throws an Error naming the field. */

export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

export function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a text`);
  return value;
}

export function num(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what} is not a number`);
  return value;
}

export function bool(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`${what} is not true or false`);
  return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (!allowed.includes(value as T)) throw new Error(`${what} is ${JSON.stringify(value)}; allowed: ${allowed.join(', ')}`);
  return value as T;
}
