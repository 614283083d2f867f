/**
 * VS Code's glob syntax (`**`, `*`, `?`, `{a,b}`, `[abc]`) as a test of
 * workspace-relative paths with '/' separators. Pure. Used where ripgrep
 * cannot take the include itself: its `--glob` lets a file through that a
 * .gitignore ignores.
 *
 * Matched without regular expressions: the glob comes from the model, and
 * a backtracking RegExp of `**​/**​/…/Z` or `*a*a*a…` blocks the extension
 * host for minutes on one path. Here a path costs at most the glob's length
 * times the path's.
 */
import { t } from '../l10n/localize';
import { expandBraces } from './excludeGlobs';

/** A model's glob longer than this is refused (real ones are a few dozen characters). */
export const MAX_GLOB_LENGTH = 1000;

type CharToken = { kind: 'any' } | { kind: 'star' } | { kind: 'char'; char: string } | { kind: 'class'; negated: boolean; ranges: [string, string][] };
/** `**` as a whole segment: any number of folders, none included. */
type SegmentPattern = 'globstar' | CharToken[];

export function globMatcher(glob: string): (relativePath: string) => boolean {
  if (glob.length > MAX_GLOB_LENGTH) throw new Error(t('The glob is longer than {0} characters.', MAX_GLOB_LENGTH));
  const patterns = expandBraces(glob.replace(/^\.?\//, '')).map(parseGlob);
  return (relativePath) => {
    const segments = relativePath.split('/');
    return patterns.some((pattern) => wildcardMatch(pattern, segments, (p) => p === 'globstar', matchSegment));
  };
}

function parseGlob(glob: string): SegmentPattern[] {
  return glob.split('/').map((segment) => (segment === '**' ? 'globstar' : parseSegment(segment)));
}

/** By code points, as paths are matched: an emoji is one character, as `?` sees it. */
function parseSegment(segment: string): CharToken[] {
  const chars = [...segment];
  const tokens: CharToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const close = c === '[' ? chars.indexOf(']', i + 2) : -1;
    if (c === '*') {
      // `**` inside a segment is `*`, as in VS Code.
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'any' });
    else if (close > 0) {
      tokens.push(parseClass(chars.slice(i + 1, close)));
      i = close;
    } else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/** The inside of `[…]`: characters and `a-z` ranges, negated by a leading `!` or `^`. */
function parseClass(body: string[]): CharToken {
  const negated = body[0] === '!' || body[0] === '^';
  const chars = negated ? body.slice(1) : body;
  const ranges: [string, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      ranges.push([chars[i]!, chars[i + 2]!]);
      i += 2;
    } else ranges.push([chars[i]!, chars[i]!]);
  }
  return { kind: 'class', negated, ranges };
}

function matchSegment(pattern: SegmentPattern, segment: string): boolean {
  return pattern !== 'globstar' && wildcardMatch(pattern, [...segment], (token) => token.kind === 'star', matchChar);
}

function matchChar(token: CharToken, char: string): boolean {
  switch (token.kind) {
    case 'any':
      return true;
    case 'char':
      return token.char === char;
    case 'class':
      return token.ranges.some(([from, to]) => from <= char && char <= to) !== token.negated;
    case 'star':
      return false;
  }
}

/**
 * Whether `items` match `pattern`, where a star matches any run of items
 * (none included) and every other element exactly one. Greedy, going back
 * only to the last star: time at most the pattern's length times the items'.
 */
function wildcardMatch<P, I>(pattern: readonly P[], items: readonly I[], isStar: (element: P) => boolean, matchOne: (element: P, item: I) => boolean): boolean {
  let p = 0;
  let i = 0;
  let lastStar = -1;
  let resumeAt = 0;
  while (i < items.length) {
    const element = p < pattern.length ? pattern[p]! : undefined;
    if (element !== undefined && isStar(element)) {
      lastStar = p++;
      resumeAt = i;
    } else if (element !== undefined && matchOne(element, items[i]!)) {
      p++;
      i++;
    } else if (lastStar >= 0) {
      p = lastStar + 1;
      i = ++resumeAt;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}
