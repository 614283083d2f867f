/**
 * Append-only text that stays cheap to read near its end. V8 joins appended
 * strings lazily and copies the whole joined string on the next read, so a
 * read after every append would cost the length of the message. The part
 * before `base` (final text, read again only to start over) is therefore
 * kept apart from the active part that is read.
 */
export class StreamText {
  private settled = '';
  private active = '';
  private base = 0;

  get length(): number {
    return this.base + this.active.length;
  }

  append(text: string): void {
    this.active += text;
  }

  /** The text in [from, to). Reading before the active part joins everything (only done to start over). */
  slice(from: number, to: number): string {
    return from >= this.base ? this.active.slice(from - this.base, to - this.base) : (this.settled + this.active).slice(from, to);
  }

  /** Text before `offset` will not be read again, short of starting over. */
  settle(offset: number): void {
    if (offset <= this.base) return;
    this.settled += this.active.slice(0, offset - this.base);
    this.active = this.active.slice(offset - this.base);
    this.base = offset;
  }

  /** All text will be read again. */
  unsettle(): void {
    this.active = this.settled + this.active;
    this.settled = '';
    this.base = 0;
  }
}
