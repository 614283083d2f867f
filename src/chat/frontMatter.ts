/**
 * The YAML front matter of a Markdown file (`---` lines around it at the
 * very start), as VS Code's chat reads `.instructions.md` and `.prompt.md`
 * files. Pure. The core schema only: no custom tags, so a repository's file
 * cannot make the parser build anything but plain values.
 */
import { CORE_SCHEMA, load } from 'js-yaml';

export interface FrontMatter {
  /** The front matter's fields; empty when there is none, or it is not a YAML mapping. */
  data: Readonly<Record<string, unknown>>;
  /** The text after the front matter. */
  body: string;
  /** Why the front matter could not be read (the file then counts as having none). */
  error?: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

export function readFrontMatter(text: string): FrontMatter {
  const opening = OPENING.exec(text);
  if (!opening) return { data: {}, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return { data: {}, body: text };
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  try {
    const data = load(rest.slice(0, closing.index), { schema: CORE_SCHEMA, json: true });
    return { data: isMapping(data) ? data : {}, body };
  } catch (error) {
    return { data: {}, body, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/**
 * A field as a list of texts: a YAML list of texts, or one text of entries
 * separated by commas outside braces (`**​/*.ts, **​/*.{js,mjs}`); absent or
 * of another type: undefined.
 */
export function textList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return splitList(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.map((item) => item.trim()).filter(Boolean);
  return undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function splitList(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= value.length; i++) {
    const c = value[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === undefined || (c === ',' && depth === 0)) {
      items.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  return items.filter(Boolean);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
