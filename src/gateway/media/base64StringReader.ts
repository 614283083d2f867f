import { Base64StreamDecoder, InvalidBase64Error } from './base64StreamDecoder';
import type { ByteSink } from './byteSink';
import type { QuoteOrBackslashFinder } from './quoteOrBackslashFinder';

const QUOTE = 0x22;
const ESCAPED_CODES: Readonly<Record<string, number>> = {
  '"': 0x22, '\\': 0x5c, '/': 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09,
};

/**
 * Reads the inside of a JSON string holding base64, chunk by chunk, and
 * streams the decoded bytes to a sink. Runs of plain characters are copied
 * in bulk; only escape sequences are handled one byte at a time.
 */
export class Base64StringReader {
  private readonly decoder = new Base64StreamDecoder();
  /** The characters after a backslash while the escape is incomplete. */
  private escape: string | undefined;

  get decodedBytes(): number {
    return this.decoder.decodedBytes;
  }

  /** Whether any byte was decoded, hence a sink opened. */
  get hasSink(): boolean {
    return this.decoder.hasSink;
  }

  begin(openSink: () => Promise<ByteSink>): void {
    this.decoder.begin(openSink);
    this.escape = undefined;
  }

  /**
   * Reads from `pos` up to the closing quote or the end of the chunk.
   * @returns the position after the closing quote, or -1 when the string goes on in the next chunk.
   */
  async read(bytes: Buffer, pos: number, finder: QuoteOrBackslashFinder): Promise<number> {
    let next = pos;
    while (next < bytes.length) {
      if (this.decoder.isFull) await this.decoder.makeRoom();
      if (this.escape !== undefined) {
        next = this.continueEscape(bytes, next);
        continue;
      }
      const special = finder.next(next);
      if (special > next) {
        next += this.decoder.append(bytes, next, special);
      } else if (bytes[special] === QUOTE) {
        await this.decoder.finish();
        return special + 1;
      } else if (special + 1 < bytes.length && this.appendSimpleEscape(bytes[special + 1])) {
        next = special + 2;
      } else {
        this.escape = '';
        next = special + 1;
      }
    }
    return -1;
  }

  /** Waits for the write in flight; see Base64StreamDecoder.settle. */
  settle(): Promise<void> {
    return this.decoder.settle();
  }

  /** Handles the common escapes \\n, \\r, \\t and \\/ without building strings; false for the others. */
  private appendSimpleEscape(code: number): boolean {
    if (code === 0x6e || code === 0x72 || code === 0x74) return true;
    if (code !== 0x2f) return false;
    this.decoder.appendChar(code);
    return true;
  }

  /** Reads the rest of an escape sequence, which may span chunks; the decoder has room for one character. */
  private continueEscape(bytes: Buffer, pos: number): number {
    let next = pos;
    let escape = this.escape ?? '';
    while (next < bytes.length) {
      escape += String.fromCharCode(bytes[next++]);
      if (escape[0] !== 'u' || escape.length === 5) {
        this.escape = undefined;
        this.appendEscaped(escape);
        return next;
      }
    }
    this.escape = escape;
    return next;
  }

  /** Line breaks some servers insert into base64 are skipped, as MIME decoders do. */
  private appendEscaped(escape: string): void {
    const code = escape[0] === 'u' ? parseHex4(escape.slice(1)) : ESCAPED_CODES[escape];
    if (code === undefined) throw new InvalidBase64Error(`invalid escape "\\${escape}"`);
    if (code === 0x0a || code === 0x0d || code === 0x09 || code === 0x20) return;
    if (code > 0x7f) throw new InvalidBase64Error(`character U+${escape.slice(1).toUpperCase()}`);
    this.decoder.appendChar(code);
  }
}

function parseHex4(hex: string): number | undefined {
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : undefined;
}
