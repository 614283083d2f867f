import { promises as fs } from 'node:fs';
import * as path from 'node:path';

const DEFAULT_SLUG_LENGTH = 60;
/** Leaves room for "-NNN" and an extension within the 255-byte name limit of common file systems. */
const MAX_SLUG_BYTES = 200;
const FALLBACK_SLUG = 'untitled';
/** Device names Windows refuses as file names, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/**
 * A file name part describing `text` (typically a prompt): its words,
 * lowercased and joined by "-". Latin letters lose their accents; letters and
 * digits of other scripts are kept; everything else (punctuation, path
 * separators, dots, symbols, control characters) only separates words.
 * Cut at a word boundary when possible; never empty.
 *
 * @param maxLength in characters (code points).
 */
export function slugForFileName(text: string, maxLength = DEFAULT_SLUG_LENGTH): string {
  const limit = Number.isFinite(maxLength) ? Math.max(1, Math.floor(maxLength)) : DEFAULT_SLUG_LENGTH;
  const words = withoutLatinAccents(text.normalize('NFKC').toLowerCase()).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const longer = slug === '' ? word : `${slug}-${word}`;
    if (fits(longer, limit)) {
      slug = longer;
    } else {
      if (slug === '') slug = truncate(word, limit);
      break;
    }
  }
  if (slug === '') return FALLBACK_SLUG;
  return WINDOWS_RESERVED.test(slug) ? `_${slug}` : slug;
}

/**
 * The first of `dir/baseName.ext`, `dir/baseName-2.ext`, `dir/baseName-3.ext`...
 * that does not exist yet. Another writer may take it before it is used:
 * openAtomicFile checks again when it publishes the file.
 *
 * @param ext with or without the leading dot; "" for none.
 */
/* not shown: callers pass generated names; another is a bug */
export async function uniquePath(dir: string, baseName: string, ext: string): Promise<string> {
  if (baseName === '' || path.basename(baseName) !== baseName) {
    throw new Error(`Not a plain file name: "${baseName}"`);
  }
  const suffix = ext === '' || ext.startsWith('.') ? ext : `.${ext}`;
  for (let n = 1; ; n++) {
    const candidate = path.join(dir, numberedName(baseName, suffix, n));
    if (!(await exists(candidate))) return candidate;
  }
}

/** `name.png` for 1, `name-2.png` for 2, and so on. */
export function numberedName(baseName: string, ext: string, n: number): string {
  return n === 1 ? `${baseName}${ext}` : `${baseName}-${n}${ext}`;
}

function withoutLatinAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC');
}

function fits(text: string, maxChars: number): boolean {
  return [...text].length <= maxChars && Buffer.byteLength(text) <= MAX_SLUG_BYTES;
}

function truncate(word: string, maxChars: number): string {
  let result = '';
  for (const char of [...word].slice(0, maxChars)) {
    if (!fits(result + char, maxChars)) break;
    result += char;
  }
  return result;
}

async function exists(candidate: string): Promise<boolean> {
  try {
    await fs.lstat(candidate);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
