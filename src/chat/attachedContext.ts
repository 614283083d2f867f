/**
 * What attached context may weigh and how the model reads it: the caps per
 * item and per message, the binary test, a folder's tree listing, and the
 * delimited block each attachment becomes in the user message. Pure.
 */
import { t } from '../l10n/localize';
import { chipLabel, type ContextChip } from './conversation';
import { longestBacktickRun } from './backtickRuns';

/** One file (or folder listing, or problem list) is cut after this many characters. */
export const MAX_ITEM_CHARS = 50_000;
/** All attachments of one message together. */
export const MAX_MESSAGE_CHARS = 200_000;
/** Larger files are not read at all (their first MAX_ITEM_CHARS would rarely be what was meant). */
export const MAX_READ_BYTES = 4 * 1024 * 1024;
/** Less room than this left in the message: the attachment is not cut to a stub but left out. */
const MIN_USEFUL_CHARS = 200;
/** A folder's tree lists at most this many entries. */
export const MAX_TREE_ENTRIES = 500;
/** The current problems listed at most. */
export const MAX_PROBLEMS = 200;

/** As git decides: a NUL byte among the first 8000 bytes makes a file binary. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** The text cut at `max` characters (at a line end when one is near), and whether it was cut. */
export function capText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const lineEnd = text.lastIndexOf('\n', max);
  return { text: text.slice(0, lineEnd > max * 0.8 ? lineEnd + 1 : max), cut: true };
}

/**
 * The chips with their texts cut to fit MAX_ITEM_CHARS each and `total`
 * together, in order: a chip that finds no room left is sent with a note
 * only. Notes say what was cut.
 */
export function fitToLimits(chips: readonly ContextChip[], total = MAX_MESSAGE_CHARS, perItem = MAX_ITEM_CHARS): ContextChip[] {
  let left = total;
  return chips.map((chip) => {
    if (chip.text === '') return chip;
    const room = Math.min(perItem, left);
    if (room < Math.min(MIN_USEFUL_CHARS, chip.text.length))
      return { ...chip, text: '', note: joinNotes(chip.note, t("not attached: the message's attachments reached {0} characters", total.toLocaleString('en'))) };
    const capped = capText(chip.text, room);
    left -= capped.text.length;
    if (!capped.cut) return chip;
    const limit =
      room === perItem ? t('{0} characters per attachment', perItem.toLocaleString('en')) : t('{0} characters per message', total.toLocaleString('en'));
    return {
      ...chip,
      text: capped.text,
      note: joinNotes(
        chip.note,
        t('cut at {0} of {1} characters (limit: {2})', capped.text.length.toLocaleString('en'), chip.text.length.toLocaleString('en'), limit),
      ),
    };
  });
}

export function joinNotes(...notes: ReadonlyArray<string | undefined>): string | undefined {
  const present = notes.filter((n): n is string => !!n);
  return present.length ? present.join('; ') : undefined;
}

/**
 * A folder's files (paths relative to it, '/' separators) as an indented
 * tree, folders first, at most `max` lines; the rest counted.
 */
export function treeListing(relativePaths: readonly string[], max = MAX_TREE_ENTRIES): { text: string; cut: boolean } {
  interface Node {
    children: Map<string, Node>;
  }
  const root: Node = { children: new Map() };
  for (const file of relativePaths) {
    let node = root;
    for (const part of file.split('/').filter(Boolean)) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = { children: new Map() }));
      node = child;
    }
  }
  const lines: string[] = [];
  let omitted = 0;
  const walk = (node: Node, depth: number): void => {
    const entries = [...node.children.entries()].sort(([a, x], [b, y]) => Number(y.children.size > 0) - Number(x.children.size > 0) || a.localeCompare(b));
    for (const [name, child] of entries) {
      const isFolder = child.children.size > 0;
      if (lines.length >= max) omitted += isFolder ? countFiles(child) : 1;
      else {
        lines.push(`${'  '.repeat(depth)}${name}${isFolder ? '/' : ''}`);
        walk(child, depth + 1);
      }
    }
  };
  const countFiles = (node: Node): number => (node.children.size === 0 ? 1 : [...node.children.values()].reduce((sum, c) => sum + countFiles(c), 0));
  walk(root, 0);
  // The listing is the attachment's content, which the model reads.
  /* model text */
  if (omitted > 0) lines.push(`(${omitted.toLocaleString('en')} more files not listed)`);
  return { text: lines.join('\n'), cut: omitted > 0 };
}

/**
 * The attachment as the model reads it: opened and closed by tags naming
 * it, its text fenced so nothing inside can close the block early.
 */
export function attachmentBlock(chip: ContextChip): string {
  const kind = chip.kind ?? 'selection';
  const attributes = [`kind="${kind}"`, `name="${attributeText(chipLabel(chip))}"`, ...(chip.note ? [`note="${attributeText(chip.note)}"`] : [])];
  /* model text */
  const body = chip.text === '' ? '(no content attached)' : fenced(chip.text, kind === 'folder' || kind === 'problems' ? '' : chip.languageId);
  return `<attachment ${attributes.join(' ')}>\n${body}\n</attachment>`;
}

function attributeText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
}

/** A fence longer than any backtick run inside the text, so the excerpt cannot close it early. */
export function fenced(text: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}
