import { t } from '../../l10n/localize';
import { Base64StreamDecoder, InvalidBase64Error } from './base64StreamDecoder';
import type { ByteSink } from './byteSink';
import type { QuoteOrBackslashFinder } from './quoteOrBackslashFinder';

const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
/** What the one-character escapes stand for, by the code of the character after the backslash; -1 if none. */
const SHORT_ESCAPES = new Int16Array(128).fill(-1);
for (const [char, code] of Object.entries({ '"': 0x22, '\\': 0x5c, '/': 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 })) {
  SHORT_ESCAPES[char.charCodeAt(0)] = code;
}

/**
 * Reads the inside of a JSON string holding base64, chunk by chunk, and
 * streams the decoded bytes to a sink. A long run without escapes is decoded
 * straight from the chunk; otherwise the run up to the closing quote is copied
 * to the decoder at once, then its escape sequences (such as the "\n" line
 * breaks or "\/" some servers write) are resolved in place.
 */
export class Base64StringReader {
  private readonly decoder = new Base64StreamDecoder();
  /** What follows the backslash of an escape cut by the end of a chunk or of the decoder's space. */
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
      // An escaped quote is an escape cut at the end of the run, then rejected as a base64 character.
      const quote = finder.nextQuote(next);
      if (quote === next) {
        await this.decoder.finish();
        return quote + 1;
      }
      const taken = await this.decoder.decodeRun(bytes, next, finder.next(next));
      if (taken > 0) {
        next += taken;
        continue;
      }
      const space = this.decoder.reserve(quote - next);
      bytes.copy(space, 0, next, next + space.length);
      this.decoder.commit(this.unescapeInPlace(space));
      next += space.length;
    }
    return -1;
  }

  /** Drops the writes not started yet and waits for the one in flight; see Base64StreamDecoder.cancel. */
  cancel(): Promise<void> {
    return this.decoder.cancel();
  }

  /**
   * Resolves the escapes of `text` in place and returns the length of the
   * result; an escape cut by the end of `text` is kept in `this.escape`.
   */
  private unescapeInPlace(text: Buffer): number {
    let kept = 0;
    let read = 0;
    for (;;) {
      const found = text.indexOf(BACKSLASH, read);
      const runEnd = found === -1 ? text.length : found;
      if (kept !== read) text.copyWithin(kept, read, runEnd);
      kept += runEnd - read;
      if (runEnd === text.length) return kept;
      const escapeEnd = runEnd + (text[runEnd + 1] === LETTER_U ? 6 : 2);
      if (escapeEnd > text.length) {
        this.escape = text.toString('latin1', runEnd + 1, text.length);
        return kept;
      }
      const code = escapeEnd === runEnd + 2 ? shortEscapeCode(text[runEnd + 1]) : unicodeEscapeCode(text.toString('latin1', runEnd + 2, escapeEnd));
      if (!isWhitespace(code)) text[kept++] = code;
      read = escapeEnd;
    }
  }

  /** Reads the rest of a cut escape sequence; the decoder has room for one character. */
  private continueEscape(bytes: Buffer, pos: number): number {
    let next = pos;
    let escape = this.escape ?? '';
    while (next < bytes.length) {
      escape += String.fromCharCode(bytes[next++]);
      if (escape[0] !== 'u' || escape.length === 5) {
        this.escape = undefined;
        const code = escape[0] === 'u' ? unicodeEscapeCode(escape.slice(1)) : shortEscapeCode(escape.charCodeAt(0));
        if (!isWhitespace(code)) this.decoder.appendChar(code);
        return next;
      }
    }
    this.escape = escape;
    return next;
  }
}

function shortEscapeCode(charCode: number): number {
  const code = charCode < 128 ? SHORT_ESCAPES[charCode] : -1;
  if (code === -1) throw new InvalidBase64Error(t('invalid escape "{0}"', `\\${String.fromCharCode(charCode)}`));
  return code;
}

/** Only ASCII can be base64: the escape of any other character is rejected. */
function unicodeEscapeCode(hex: string): number {
  if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new InvalidBase64Error(t('invalid escape "{0}"', `\\u${hex}`));
  const code = parseInt(hex, 16);
  if (code > 0x7f) throw new InvalidBase64Error(t('character U+{0}', hex.toUpperCase()));
  return code;
}

/** Line breaks some servers insert into base64 are skipped, as MIME decoders do. */
function isWhitespace(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x09 || code === 0x20;
}
