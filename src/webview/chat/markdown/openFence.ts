/**
 * A top-level fenced code block that is still open at the end of the text.
 * While it stays open, appended text is only code: nothing is parsed or
 * highlighted; the tail shows the code escaped, and the DOM can append the
 * new text to the `<code>` element. Highlighting happens once, when the
 * block is final (closed, or at finish).
 */
import { CODE_BLOCK_CLOSE, codeBlockOpen } from './codeBlockHtml';
import { escapeHtml } from './htmlEscape';

export class OpenFence {
  private scannedTo: number;
  private escaped = '';
  private escapedTo: number;
  private readonly openHtml: string;

  constructor(
    private readonly contentStart: number,
    private readonly closer: RegExp,
    language: string,
  ) {
    this.scannedTo = contentStart;
    this.escapedTo = contentStart;
    this.openHtml = codeBlockOpen(language);
  }

  /** Whether no complete line added since the last call closes the block. */
  stillOpen(source: string): boolean {
    const completeEnd = source.lastIndexOf('\n') + 1;
    while (this.scannedTo < completeEnd) {
      const end = source.indexOf('\n', this.scannedTo);
      if (this.closer.test(source.slice(this.scannedTo, end))) return false;
      this.scannedTo = end + 1;
    }
    return true;
  }

  /** The block's HTML for `source` up to `end`, its code shown as plain text. */
  html(source: string, end: number): string {
    if (end < this.escapedTo) return this.openHtml + escapeHtml(source.slice(this.contentStart, end)) + CODE_BLOCK_CLOSE;
    this.escaped += escapeHtml(source.slice(this.escapedTo, end));
    this.escapedTo = end;
    return this.openHtml + this.escaped + CODE_BLOCK_CLOSE;
  }
}
