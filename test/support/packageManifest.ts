/**
 * package.json as VS Code shows it in English: its user-visible texts are
 * `%key%` references, resolved here from package.nls.json (as VS Code does
 * for an English display language), so tests keep checking the English text.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '../../..');
const NLS_REFERENCE = /^%([^%]+)%$/;

export function readJson<T = unknown>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, name), 'utf8')) as T;
}

/** The key of a `%key%` text, undefined for any other value. */
export function nlsKeyOf(value: unknown): string | undefined {
  return typeof value === 'string' ? NLS_REFERENCE.exec(value)?.[1] : undefined;
}

/** package.json with every `%key%` replaced by its text in `nlsFile` (package.nls.json: English). */
export function localisedManifest<T>(nlsFile = 'package.nls.json'): T {
  const texts = readJson<Record<string, string>>(nlsFile);
  const resolve = (value: unknown): unknown => {
    const key = nlsKeyOf(value);
    if (key !== undefined) return Object.hasOwn(texts, key) ? texts[key] : value;
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve(readJson('package.json')) as T;
}

/** The settings of a manifest's `contributes.configuration` (one section or several), by name. */
export function settingSchemas<S = Record<string, unknown>>(manifest: { contributes: { configuration: unknown } }): Record<string, S> {
  const { configuration } = manifest.contributes;
  const sections = (Array.isArray(configuration) ? configuration : [configuration]) as Array<{ properties?: Record<string, S> }>;
  return Object.assign({}, ...sections.map((section) => section.properties ?? {})) as Record<string, S>;
}
