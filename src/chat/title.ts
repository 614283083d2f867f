/** A conversation's title, derived from its first message until the user renames it. */
import { chipLabel, type ContextChip } from './conversation';

const MAX_TITLE_CHARS = 48;

export function deriveTitle(text: string, context: readonly ContextChip[] = []): string {
  const firstLine =
    text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? '';
  const plain = firstLine
    .replace(/^[#>\s]+/, '')
    .replace(/[`*]+/g, '')
    // Emphasis marks, not the underscores inside names such as create_file.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain) return shorten(plain);
  const first = context[0];
  return first ? shorten(`About ${chipLabel(first)}`) : '';
}

/** Cuts at a word boundary when one is near the limit, and marks the cut. */
function shorten(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= MAX_TITLE_CHARS) return text;
  const head = chars.slice(0, MAX_TITLE_CHARS - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${space > MAX_TITLE_CHARS / 2 ? head.slice(0, space) : head}…`;
}
