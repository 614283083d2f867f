/** The top-level blocks of a block-level token stream, and which of them later text cannot change. */
import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

export interface TopLevelBlock {
  /** Token index range [start, end). */
  start: number;
  end: number;
  /** Source line range [first, end). */
  firstLine: number;
  endLine: number;
}

export function topLevelBlocks(tokens: readonly Token[]): TopLevelBlock[] {
  const blocks: TopLevelBlock[] = [];
  let start = 0;
  while (start < tokens.length) {
    const opening = tokens[start]!;
    let end = start + 1;
    for (let depth = opening.nesting; depth > 0; end++) depth += tokens[end]!.nesting;
    const [firstLine, endLine] = opening.map ?? [0, 0];
    blocks.push({ start, end, firstLine, endLine });
    start = end;
  }
  return blocks;
}

/**
 * Whether a block that is (so far) the last one is complete whatever comes
 * next. Only blocks that end by themselves qualify: headings, rules and
 * closed fences. (An ATX heading containing `|` may still become a table
 * header if a delimiter row follows.) `lastLine` is the block's last line.
 */
export function endsByItself(opening: Token, block: TopLevelBlock, lastLine: string): boolean {
  switch (opening.type) {
    case 'hr':
      return true;
    case 'heading_open':
      return opening.markup === '=' || opening.markup === '-' || !lastLine.includes('|');
    case 'fence':
      return block.endLine - block.firstLine >= 2 && fenceCloser(opening.markup).test(lastLine);
    default:
      return false;
  }
}

/** Whether a paragraph, quote or table is followed by a blank line, which ends it for good (it does not end a list or an indented code block). */
export function endedByBlankLine(opening: Token, block: TopLevelBlock, lineCount: number): boolean {
  return BLANK_LINE_ENDS.has(opening.type) && block.endLine < lineCount;
}

const BLANK_LINE_ENDS = new Set(['paragraph_open', 'blockquote_open', 'table_open']);

/** A line that closes a top-level fence opened with `markup` (markdown-it's rule: at most 3 spaces of indent, at least as many markers, then only spaces). */
export function fenceCloser(markup: string): RegExp {
  return new RegExp(`^ {0,3}${markup[0] === '~' ? '~' : '`'}{${markup.length},}[ \\t]*$`);
}
