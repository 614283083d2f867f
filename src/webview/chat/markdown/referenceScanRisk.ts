/**
 * Where a link reference definition may still be open.
 *
 * markdown-it tries a definition at each block start that begins with `[`
 * and reads its label and title across following lines until a blank line.
 * When the label (or the line) is unfinished, text that has not arrived yet
 * can turn the lines below into a definition, even lines already parsed as
 * separate blocks (e.g. a setext heading). So blocks that end after such a
 * line are not final until a blank line follows it.
 *
 * Lines are looked at once, when they are complete; container markers
 * (`>`, list markers) are skipped, and code is not told apart (a `[` line in
 * a code block just delays freezing until the next blank line).
 */
import type { StreamText } from './streamText';

const LINE_OPENING_BRACKET = /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)))*[ \t]*\[/;
const BLANK_LINE = /^[ \t]*$/;

export class ReferenceScanRisk {
  private scannedTo = 0;
  private riskFrom: number | undefined;

  /** Offset of the earliest line since the last blank line that may open a definition, reading complete lines up to `completeEnd`. */
  update(text: StreamText, completeEnd: number): number | undefined {
    const lines = text.slice(this.scannedTo, completeEnd);
    for (let start = 0; start < lines.length;) {
      const end = lines.indexOf('\n', start);
      const line = lines.slice(start, end);
      if (BLANK_LINE.test(line)) this.riskFrom = undefined;
      else if (this.riskFrom === undefined && mayOpenDefinition(line)) this.riskFrom = this.scannedTo + start;
      start = end + 1;
    }
    this.scannedTo = Math.max(this.scannedTo, completeEnd);
    return this.riskFrom;
  }
}

/** Mirrors the label scan of markdown-it's reference rule on one line. */
function mayOpenDefinition(line: string): boolean {
  const opening = LINE_OPENING_BRACKET.exec(line);
  if (!opening) return false;
  for (let i = opening[0].length; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') i++;
    else if (ch === '[') return false;
    else if (ch === ']') return line[i + 1] === ':';
  }
  return true;
}
