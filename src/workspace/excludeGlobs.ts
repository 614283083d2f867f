import { t } from '../l10n/localize';
/**
 * Which files the search tools leave out, and how to say so to
 * vscode.workspace.findFiles and to ripgrep. Globs are VS Code's, relative
 * to a workspace folder. Pure.
 */

/** Left out whatever the settings say: dependencies and git's own files are never what the model looks for. */
export const ALWAYS_EXCLUDED = ['**/node_modules', '**/.git'];

/** A model's include with more alternatives than this is refused (`{a,b}{c,d}...` doubles with each group). */
const MAX_ALTERNATIVES = 64;

/**
 * ALWAYS_EXCLUDED and the globs set to `true` in the values of `files.exclude`
 * and `search.exclude`. Entries with a `when` condition (on sibling files)
 * are not followed: neither findFiles' exclude argument nor ripgrep can say it.
 */
export function excludedGlobs(...settings: ReadonlyArray<unknown>): string[] {
  const fromSettings = settings.flatMap((value) => (isRecord(value) ? Object.keys(value).filter((glob) => value[glob] === true) : []));
  return [...new Set([...ALWAYS_EXCLUDED, ...fromSettings])];
}

/** findFiles' exclude argument: one glob (nested braces are not supported there, so each glob's own are expanded first). */
export function findFilesExclude(globs: readonly string[]): string {
  return `{${globs.flatMap((glob) => expandBraces(glob)).join(',')}}`;
}

/**
 * ripgrep's --glob arguments: the include, if any, then each exclude negated.
 * ripgrep reads globs as .gitignore does, where `*.log` matches at any depth;
 * in VS Code only `**` at the start does that, so the others are anchored to
 * the folder with a leading `/`. Braces are expanded (ripgrep before 14
 * refuses nested ones).
 */
export function ripgrepGlobArgs(include: string | undefined, excludes: readonly string[]): string[] {
  const includes = include === undefined ? [] : expandBraces(include).map(anchored);
  const negated = excludes.flatMap((glob) => expandBraces(glob)).map((glob) => `!${anchored(glob)}`);
  return [...includes, ...negated].flatMap((glob) => ['--glob', glob]);
}

/** `a{b,c{d,e}}` as `ab`, `acd`, `ace`; unbalanced braces are left as they are. Throws beyond MAX_ALTERNATIVES. */
export function expandBraces(glob: string): string[] {
  const open = glob.indexOf('{');
  const close = open < 0 ? -1 : matchingBrace(glob, open);
  if (close < 0) return [glob];
  const prefix = glob.slice(0, open);
  const rests = expandBraces(glob.slice(close + 1));
  const expanded = splitTopLevel(glob.slice(open + 1, close))
    .flatMap((choice) => expandBraces(choice))
    .flatMap((choice) => rests.map((rest) => prefix + choice + rest));
  if (expanded.length > MAX_ALTERNATIVES) throw new Error(t('The glob {0} has too many {...} alternatives (more than {1}).', glob, MAX_ALTERNATIVES));
  return expanded;
}

function anchored(glob: string): string {
  return glob.startsWith('**') || glob.startsWith('/') ? glob : `/${glob}`;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The parts between commas that are not inside nested braces. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') depth -= 1;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
