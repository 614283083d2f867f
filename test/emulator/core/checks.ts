/**
 * The emulator's own input checks. They are written from the spec, not
 * shared with the client, so tests catch client mistakes. Each failure is a
 * 400 in the OpenAI envelope whose `param` names the field.
 */

import { invalidParam } from './errors';

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown, param: string): Fields {
  if (!isFields(value)) throw invalidParam(param, `'${param}' must be an object.`, 'invalid_type');
  return value;
}

export function requestBody(value: unknown): Fields {
  if (!isFields(value)) throw invalidParam('body', 'The request body must be a JSON object.', 'invalid_type');
  return value;
}

export function str(value: unknown, param: string, opts: { min?: number; max?: number } = {}): string {
  if (value === undefined || value === null) {
    throw invalidParam(param, `Missing required parameter: '${param}'.`, 'missing_required_parameter');
  }
  if (typeof value !== 'string') throw invalidParam(param, `'${param}' must be a string.`, 'invalid_type');
  const min = opts.min ?? 1;
  if (value.length < min) throw invalidParam(param, `'${param}' must not be empty.`, 'string_too_short');
  if (opts.max !== undefined && value.length > opts.max) {
    throw invalidParam(param, `'${param}' is too long: ${value.length} characters, the maximum is ${opts.max}.`, 'string_above_max_length');
  }
  return value;
}

export function optStr(value: unknown, param: string, opts: { min?: number; max?: number } = {}): string | undefined {
  return value === undefined ? undefined : str(value, param, opts);
}

export function oneOf<T extends string>(value: unknown, param: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidParam(param, `Invalid value for '${param}': ${JSON.stringify(value)}. Supported values are: ${allowed.map((a) => `'${a}'`).join(', ')}.`);
  }
  return value as T;
}

export function optOneOf<T extends string>(value: unknown, param: string, allowed: readonly T[]): T | undefined {
  return value === undefined ? undefined : oneOf(value, param, allowed);
}

export function num(value: unknown, param: string, min: number, max: number, integer = false): number {
  const kind = integer ? 'an integer' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw invalidParam(param, `'${param}' must be ${kind}.`, 'invalid_type');
  }
  if (value < min || value > max) {
    throw invalidParam(param, `'${param}' must be ${kind} between ${min} and ${max}, got ${value}.`);
  }
  return value;
}

export function optNum(value: unknown, param: string, min: number, max: number): number | undefined {
  return value === undefined ? undefined : num(value, param, min, max);
}

export function optInt(value: unknown, param: string, min: number, max: number): number | undefined {
  return value === undefined ? undefined : num(value, param, min, max, true);
}

export function optBool(value: unknown, param: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidParam(param, `'${param}' must be a boolean.`, 'invalid_type');
  return value;
}

export function list(value: unknown, param: string, min: number, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalidParam(param, `'${param}' must be an array.`, 'invalid_type');
  if (value.length < min || value.length > max) {
    throw invalidParam(param, `'${param}' must hold ${min} to ${max} items, got ${value.length}.`);
  }
  return value;
}

/** Rejects fields the variant does not know, naming the variant in the message. */
export function onlyFields(obj: Fields, allowed: readonly string[], variant: string, prefix = ''): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      throw invalidParam(`${prefix}${key}`, `Unrecognized request argument supplied: ${prefix}${key} (not supported by ${variant}).`, 'unsupported_parameter');
    }
  }
}

/** http(s) URL or a data URL; returns the data URL's decoded size and media type when it is one. */
export function imageReference(value: unknown, param: string, mediaTypes: readonly string[]): { mediaType?: string; bytes?: Buffer } {
  const url = str(value, param);
  if (/^https?:\/\/\S+$/i.test(url)) return {};
  const match = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(url);
  if (!match) throw invalidParam(param, `'${param}' must be an http(s) URL or a data:image/...;base64 URL.`);
  const mediaType = (match[1] ?? '').toLowerCase();
  if (!mediaTypes.includes(mediaType)) {
    throw invalidParam(param, `'${param}' has unsupported image type ${mediaType}; supported: ${mediaTypes.join(', ')}.`);
  }
  return { mediaType, bytes: Buffer.from(match[2] ?? '', 'base64') };
}
