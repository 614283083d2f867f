const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Finds the next '"' or '\' of one chunk. Remembers both positions, so a
 * chunk is searched once for each byte however many strings and escapes it holds.
 */
export class QuoteOrBackslashFinder {
  private bytes: Buffer = Buffer.alloc(0);
  private quoteAt = 0;
  private backslashAt = 0;

  reset(bytes: Buffer): void {
    this.bytes = bytes;
    this.quoteAt = -1;
    this.backslashAt = -1;
  }

  /** The position of the next special byte at or after `from`, or the chunk length. */
  next(from: number): number {
    return Math.min(this.nextQuote(from), this.nextBackslash(from));
  }

  /** The position of the next '"' at or after `from`, or the chunk length. */
  nextQuote(from: number): number {
    if (this.quoteAt < from) this.quoteAt = this.find(QUOTE, from);
    return this.quoteAt;
  }

  private nextBackslash(from: number): number {
    if (this.backslashAt < from) this.backslashAt = this.find(BACKSLASH, from);
    return this.backslashAt;
  }

  private find(byte: number, from: number): number {
    const at = this.bytes.indexOf(byte, from);
    return at === -1 ? this.bytes.length : at;
  }
}
