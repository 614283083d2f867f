/**
 * Text cleaned for speech: markdown markup and code symbols removed, links
 * read by their text, URLs by their host, identifiers split into words.
 * The result keeps the map to the source, for highlighting what is read.
 */
import { MappedText, MappedTextBuilder } from './mappedText';

const FENCE = /^\s{0,3}(```|~~~)/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const HEADING_CLOSE = /\s+#+\s*$/;
/** Quote markers and list bullets, possibly nested (`> - [x] item`). */
const LINE_MARKER = /^\s*(?:>\s?|(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)/;
const ENDS_SENTENCE = /[.!?:;…。！？；："'”’)\]]/u;

const INLINE = new RegExp(
  [
    String.raw`(?<link>!?\[(?<linkText>[^\]\n]*)\]\([^)\n]*\))`,
    String.raw`(?<refLink>\[(?<refText>[^\]\n]+)\]\[[^\]\n]*\])`,
    String.raw`<(?<autoUrl>https?:\/\/[^>\s]+)>`,
    String.raw`(?<url>https?:\/\/[^\s)>\]]*[^\s)>\].,;:!?'"])`,
    String.raw`(?<ticks>` + '`' + String.raw`+)(?<code>[^` + '`' + String.raw`\n]+?)\k<ticks>`,
    String.raw`(?<tag><\/?[A-Za-z][^>\n]*>)`,
    String.raw`(?<camel>\p{Ll})(?=\p{Lu})`,
    String.raw`(?<snake>(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}]))`,
    String.raw`(?<emphasis>[*_~]+)`,
    String.raw`(?<symbols>\(\)|->|=>|!=+|&{2,}|[{}\[\]<>=+\\|^@#` + '`' + String.raw`\/]+)`,
  ].join('|'),
  'gud',
);

export function cleanForSpeech(source: string): MappedText {
  const out = new MappedTextBuilder(source);
  let inFence = false;
  const lineBreak = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const found = lineBreak.exec(source);
    const end = found ? found.index : source.length;
    const line = source.slice(start, end);
    if (FENCE.test(line)) inFence = !inFence;
    else if (inFence) cleanInline(out, source, start, end);
    else cleanMarkdownLine(out, source, start, end);
    if (!found) break;
    out.copy(end, lineBreak.lastIndex);
    start = lineBreak.lastIndex;
  }
  return out.build();
}

function cleanMarkdownLine(out: MappedTextBuilder, source: string, start: number, end: number): void {
  const line = source.slice(start, end);
  if (RULE.test(line) || TABLE_DIVIDER.test(line)) return;
  const row = TABLE_ROW.exec(line);
  if (row) {
    cleanTableRow(out, source, start + line.indexOf('|') + 1, start + line.lastIndexOf('|'));
    endSentence(out, end);
    return;
  }
  let from = start;
  let isBlock = false;
  const heading = HEADING.exec(line);
  if (heading) {
    from += heading[0].length;
    isBlock = true;
    const close = HEADING_CLOSE.exec(source.slice(from, end));
    if (close) end = from + close.index;
  }
  for (let marker = LINE_MARKER.exec(source.slice(from, end)); marker && marker[0].length > 0; marker = LINE_MARKER.exec(source.slice(from, end))) {
    from += marker[0].length;
    isBlock = true;
  }
  cleanInline(out, source, from, end);
  if (isBlock) endSentence(out, end);
}

/** Cells are read as a list: `| a | b |` becomes `a, b.` */
function cleanTableRow(out: MappedTextBuilder, source: string, start: number, end: number): void {
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i < end && source[i] !== '|') continue;
    const cell = source.slice(cellStart, i);
    const lead = cell.length - cell.trimStart().length;
    cleanInline(out, source, cellStart + lead, cellStart + lead + cell.trim().length);
    if (i < end) out.replace(i, i + 1, ', ');
    cellStart = i + 1;
  }
}

/** Headings, list items and table rows are sentences of their own even without a full stop. */
function endSentence(out: MappedTextBuilder, at: number): void {
  if (out.lastVisibleChar && !ENDS_SENTENCE.test(out.lastVisibleChar)) out.replace(at, at, '.');
}

function cleanInline(out: MappedTextBuilder, source: string, start: number, end: number): void {
  const pattern = new RegExp(INLINE.source, INLINE.flags);
  pattern.lastIndex = start;
  let copied = start;
  for (let m = pattern.exec(source); m && m.index < end; m = pattern.exec(source)) {
    const matchEnd = m.index + m[0].length;
    if (matchEnd > end) break;
    out.copy(copied, m.index);
    copied = matchEnd;
    const groups = m.groups ?? {};
    const at = (name: string): [number, number] => m.indices?.groups?.[name] ?? [m.index, m.index];
    if (groups.link !== undefined || groups.refLink !== undefined) {
      const [textStart, textEnd] = at(groups.link !== undefined ? 'linkText' : 'refText');
      cleanInline(out, source, textStart, textEnd);
    } else if (groups.autoUrl !== undefined || groups.url !== undefined) {
      out.replace(m.index, matchEnd, hostOf(groups.autoUrl ?? groups.url));
    } else if (groups.code !== undefined) {
      const [codeStart, codeEnd] = at('code');
      cleanInline(out, source, codeStart, codeEnd);
    } else if (groups.camel !== undefined) {
      out.copy(m.index, matchEnd);
      out.replace(matchEnd, matchEnd, ' ');
    } else if (groups.emphasis !== undefined) {
      out.replace(m.index, matchEnd, '');
    } else {
      out.replace(m.index, matchEnd, ' ');
    }
  }
  out.copy(copied, end);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return 'link';
  }
}
