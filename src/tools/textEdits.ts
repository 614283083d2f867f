/** The text side of the file tools: which part of a file an edit replaces, line slices, line search. Pure. */

/** Replace text[start, end) with newText. */
export interface Replacement {
  start: number;
  end: number;
  newText: string;
}

export interface EditRequest {
  newText: string;
  /** Replace this text, which must occur exactly once... */
  oldText?: string;
  /** ...or else these whole lines (1-based, inclusive). */
  startLine?: number;
  endLine?: number;
}

/** Where the edit goes; throws a message for the model when it cannot be placed. */
/* model text */
export function planEdit(text: string, edit: EditRequest): Replacement {
  if (edit.oldText !== undefined) {
    if (edit.oldText === '') throw new Error('"oldText" is empty: give the exact text to replace, or startLine and endLine.');
    const { first, count } = occurrences(text, edit.oldText);
    if (count === 0) throw new Error('"oldText" does not occur in the file. Read the file and copy the text exactly, including white space.');
    if (count > 1) throw new Error(`"oldText" occurs ${count} times in the file; include more of the surrounding text so it occurs once.`);
    return { start: first, end: first + edit.oldText.length, newText: edit.newText };
  }
  if (edit.startLine === undefined) throw new Error('Give either "oldText" or "startLine" (and "endLine").');
  const starts = lineStarts(text);
  const endLine = edit.endLine ?? edit.startLine;
  if (edit.startLine > starts.length || endLine < edit.startLine || endLine > starts.length) {
    throw new Error(`The lines ${edit.startLine}-${endLine} are not in the file, which has ${starts.length} lines.`);
  }
  const start = starts[edit.startLine - 1]!;
  const end = lineEnd(text, starts, endLine);
  return { start, end, newText: edit.newText };
}

export function applyReplacement(text: string, r: Replacement): string {
  return text.slice(0, r.start) + r.newText + text.slice(r.end);
}

/** Lines start..end (1-based, inclusive, clamped) with a header saying which, for the model. */
/* model text */
export function sliceLines(text: string, startLine = 1, endLine?: number): string {
  const lines = text.split(/\r?\n/);
  const total = lines.length;
  const first = Math.min(Math.max(1, startLine), total);
  const last = Math.min(endLine ?? total, total);
  if (last < first) throw new Error(`The file has ${total} lines; the range ${startLine}-${endLine} is empty.`);
  const header = first === 1 && last === total ? `(${total} lines)` : `(lines ${first}-${last} of ${total})`;
  return `${header}\n${lines.slice(first - 1, last).join('\n')}`;
}

export interface LineMatch {
  line: number;
  text: string;
}

/** The lines matching, up to `max`; long lines are cut. */
export function matchingLines(text: string, matches: (line: string) => boolean, max: number): LineMatch[] {
  const found: LineMatch[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && found.length < max; i++) {
    const line = lines[i]!;
    if (matches(line)) found.push({ line: i + 1, text: shownLine(line) });
  }
  return found;
}

/** A matching line as search results show it: long ones (minified code) are cut. */
export function shownLine(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A case-insensitive substring test, or the regular expression; throws a readable message for a bad pattern. */
/* model text */
export function lineMatcher(query: string, isRegex: boolean): (line: string) => boolean {
  if (!isRegex) {
    const needle = query.toLowerCase();
    return (line) => line.toLowerCase().includes(needle);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(query, 'i');
  } catch (error) {
    throw new Error(`"query" is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (line) => pattern.test(line);
}

/**
 * Where `part` first occurs in `text` and how often (overlapping occurrences
 * too), by Knuth-Morris-Pratt: time linear in both lengths. Both come from
 * the model and the workspace, and this runs on the extension host's thread,
 * where `indexOf` may take time quadratic in them (a part of "a"s with one
 * "b" in the middle, in a text of "a"s: minutes for a 2 MB file) and so does
 * looking for each next overlapping occurrence with `indexOf(part, at + 1)`.
 */
function occurrences(text: string, part: string): { first: number; count: number } {
  if (part.length > text.length) return { first: -1, count: 0 };
  // fallback[i]: the length of the longest proper prefix of part[0..i] that is also its suffix.
  const fallback = new Int32Array(part.length);
  for (let i = 1, k = 0; i < part.length; i++) {
    while (k > 0 && part.charCodeAt(i) !== part.charCodeAt(k)) k = fallback[k - 1]!;
    if (part.charCodeAt(i) === part.charCodeAt(k)) k++;
    fallback[i] = k;
  }
  let first = -1;
  let count = 0;
  for (let i = 0, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== part.charCodeAt(k)) k = fallback[k - 1]!;
    if (text.charCodeAt(i) === part.charCodeAt(k)) k++;
    if (k === part.length) {
      if (count === 0) first = i - part.length + 1;
      count += 1;
      k = fallback[k - 1]!;
    }
  }
  return { first, count };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  // A final newline ends the last line; it does not start another.
  if (starts.length > 1 && starts[starts.length - 1] === text.length) starts.pop();
  return starts;
}

/** The end of a line, before its line break. */
function lineEnd(text: string, starts: readonly number[], line: number): number {
  const breakAt = starts[line] === undefined ? (text.endsWith('\n') ? text.length - 1 : text.length) : starts[line]! - 1;
  return text[breakAt - 1] === '\r' && breakAt < text.length ? breakAt - 1 : breakAt;
}
