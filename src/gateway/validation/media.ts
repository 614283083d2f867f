/** Rules for media given by URL, data URL or bare base64. */
import { t } from '../../l10n/localize';
import { exactlyOneOf, fail, oneOf, requiredObject } from './rules';

const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL, when given. */
export function httpUrl(field: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'string' || !isHttpUrl(value))) fail(field, value, t('an http(s) URL'));
}

/** `data:<mime>;base64,<payload>`, split; undefined when the text is not one. */
export function parseDataUrl(value: string): { mimeType: string; payload: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(value);
  return match ? { mimeType: match[1].toLowerCase(), payload: match[2] } : undefined;
}

/** The size in bytes of what a base64 text decodes to. */
export function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Why a base64 text is not non-empty, well-formed and at most `maxBytes` decoded; undefined when it is. */
function base64Problem(value: string, maxBytes?: number): string | undefined {
  if (value === '' || value.length % 4 !== 0 || !BASE64_PATTERN.test(value)) return t('not base64');
  const size = decodedSize(value);
  return maxBytes !== undefined && size > maxBytes ? t('{0} decoded', describeBytes(size)) : undefined;
}

/** Non-empty, well-formed base64 that decodes to at most `maxBytes` when given. */
export function base64Payload(field: string, value: unknown, maxBytes?: number): void {
  if (value === undefined) return;
  const allowed = maxBytes === undefined ? t('non-empty base64') : t('non-empty base64 of at most {0}', describeBytes(maxBytes));
  if (typeof value !== 'string') fail(field, value, allowed);
  const problem = base64Problem(value, maxBytes);
  if (problem) fail(field, value, allowed, problem);
}

export interface ImageUrlRule {
  /** Image subtypes a data URL may declare (`png` for `data:image/png`); any when absent. */
  types?: readonly string[];
  maxBytes?: number;
}

/** An http(s) URL, or a `data:image/<type>;base64,...` URL of an allowed type and size. */
export function imageUrl(field: string, value: unknown, rule: ImageUrlRule = {}): void {
  const kinds = rule.types ? `data:image/${rule.types.join('|')};base64` : 'data:image/...;base64';
  const allowed =
    rule.maxBytes === undefined
      ? t('an http(s) URL or a {0} URL', kinds)
      : t('an http(s) URL or a {0} URL of at most {1}', kinds, describeBytes(rule.maxBytes));
  if (typeof value !== 'string') fail(field, value, allowed);
  if (isHttpUrl(value)) return;
  const data = parseDataUrl(value);
  if (!data) fail(field, value, allowed);
  const [category, subtype] = data.mimeType.split('/');
  if (category !== 'image' || !subtype || (rule.types && !rule.types.includes(subtype))) {
    fail(field, value, allowed, t('type {0}', data.mimeType));
  }
  const problem = base64Problem(data.payload, rule.maxBytes);
  if (problem) fail(field, value, allowed, problem);
}

/**
 * A media object of the video endpoint: `mime_type` among the allowed, and
 * exactly one of an http(s) `url` or a bare-base64 `base_64_encoded`.
 */
export function mediaObject(field: string, value: unknown, mimeTypes: readonly string[]): void {
  if (value === undefined) return;
  const media = requiredObject(field, value, t('an object with mime_type and one of url / base_64_encoded'));
  oneOf(`${field}.mime_type`, media.mime_type, mimeTypes, { required: true });
  exactlyOneOf(field, media, ['url', 'base_64_encoded']);
  httpUrl(`${field}.url`, media.url);
  base64Payload(`${field}.base_64_encoded`, media.base_64_encoded);
}

const MEGABYTE = 1024 * 1024;

export function describeBytes(bytes: number): string {
  if (bytes < MEGABYTE) return t('{0} bytes', bytes);
  return `${(bytes / MEGABYTE).toFixed(bytes % MEGABYTE === 0 ? 0 : 1)} MB`;
}
