/** Offsets where each line of `text` starts (line i starts at result[i]). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1 && at + 1 < text.length; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** Offset of the start of `line`; lines past the end start at the end. */
export function lineOffset(starts: readonly number[], line: number, textLength: number): number {
  return line < starts.length ? starts[line]! : textLength;
}

/** The text of `line`, without its line break. */
export function lineText(text: string, starts: readonly number[], line: number): string {
  const end = line + 1 < starts.length ? starts[line + 1]! : text.length;
  const raw = text.slice(starts[line]!, end);
  return raw.endsWith('\n') ? raw.slice(0, -1) : raw;
}
