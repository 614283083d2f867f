/**
 * Text derived from a source text (e.g. cleaned for speech) that remembers
 * where each of its parts came from, so a sentence of the derived text can
 * be highlighted in the source.
 */

export interface MappedText {
  readonly text: string;
  /** Source offset of the derived text's offset `index` (a start boundary). */
  toSource(index: number): number;
  /** Source offset of the derived text's offset `index` taken as an end boundary. */
  toSourceEnd(index: number): number;
}

interface Segment {
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
  /** Copied character for character (offsets inside map exactly), or a replacement. */
  copied: boolean;
}

export class MappedTextBuilder {
  private readonly parts: string[] = [];
  private readonly segments: Segment[] = [];
  private length = 0;
  private last = '';
  private lastVisible = '';

  constructor(private readonly source: string) {}

  /** Appends `source[start, end)` unchanged. */
  copy(start: number, end: number): void {
    if (end > start) this.push(this.source.slice(start, end), start, end, true);
  }

  /** Appends `text` in place of `source[start, end)`; a space never follows whitespace or starts the text. */
  replace(start: number, end: number, text: string): void {
    if (text === ' ' && (this.length === 0 || /\s/.test(this.last))) return;
    if (text) this.push(text, start, end, false);
  }

  /** The last non-whitespace character appended, '' at first. */
  get lastVisibleChar(): string {
    return this.lastVisible;
  }

  build(): MappedText {
    const text = this.parts.join('');
    const segments = [...this.segments];
    const sourceLength = this.source.length;
    const find = (index: number): Segment | undefined => {
      let low = 0;
      let high = segments.length - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const s = segments[mid];
        if (index < s.start) high = mid - 1;
        else if (index >= s.end) low = mid + 1;
        else return s;
      }
      return undefined;
    };
    const toSource = (index: number): number => {
      const s = find(index);
      if (!s) return index >= text.length ? (segments.at(-1)?.sourceEnd ?? sourceLength) : 0;
      return s.copied ? s.sourceStart + (index - s.start) : s.sourceStart;
    };
    const toSourceEnd = (index: number): number => {
      if (index <= 0) return toSource(0);
      const s = find(index - 1);
      if (!s) return toSource(index);
      return s.copied ? s.sourceStart + (index - s.start) : s.sourceEnd;
    };
    return { text, toSource, toSourceEnd };
  }

  private push(text: string, sourceStart: number, sourceEnd: number, copied: boolean): void {
    this.parts.push(text);
    this.segments.push({ start: this.length, end: this.length + text.length, sourceStart, sourceEnd, copied });
    this.length += text.length;
    this.last = text[text.length - 1];
    const visible = /\S(?=\s*$)/u.exec(text);
    if (visible) this.lastVisible = visible[0];
  }
}
