/**
 * A top-level fenced code block that is still open at the end of the text.
 * While it stays open, appended text is only code: nothing is parsed or
 * highlighted and the text read so far is not read again; the tail shows
 * the code escaped, and a DOM can append the new text to the `<code>`
 * element. Highlighting happens once, when the block is final.
 */
import { CODE_BLOCK_CLOSE, codeBlockOpen } from './codeBlockHtml';
import { escapeHtml } from './htmlEscape';
import type { StreamText } from './streamText';

export class OpenFence {
  private readonly openHtml: string;
  private partialLine: string;
  private escaped: string;
  private escapedTo: number;

  /** `content` is the text from `contentStart` to the current end of `text`. */
  constructor(
    private readonly text: StreamText,
    private readonly contentStart: number,
    private readonly closer: RegExp,
    language: string,
    content: string,
  ) {
    this.openHtml = codeBlockOpen(language);
    this.partialLine = content.slice(content.lastIndexOf('\n') + 1);
    this.escaped = escapeHtml(content);
    this.escapedTo = contentStart + content.length;
  }

  /** Takes text appended after the block's content; false when a line it completes closes the block. */
  grow(added: string): boolean {
    const lines = (this.partialLine + added).split('\n');
    this.partialLine = lines.pop() ?? '';
    if (lines.some((line) => this.closer.test(line))) return false;
    this.escaped += escapeHtml(added);
    this.escapedTo += added.length;
    return true;
  }

  /** The block's HTML for the text up to `end`, its code shown as plain text. */
  html(end: number): string {
    const code = end === this.escapedTo ? this.escaped : escapeHtml(this.text.slice(this.contentStart, end));
    return this.openHtml + code + CODE_BLOCK_CLOSE;
  }
}
