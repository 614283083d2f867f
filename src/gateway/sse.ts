/**
 * Server-sent events (WHATWG "event stream interpretation") reduced to what
 * the chat stream needs: the `data` of each event, and the non-standard
 * `error` field llama.cpp's server (builds through 2025) reports a failed
 * stream with.
 */

import { t } from '../l10n/localize';
import { isAscii } from 'node:buffer';
import { GatewayError } from './errors';

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const DATA_D = 0x64;
const SPACE = 0x20;
const ERROR_FIELD = 'error';
/** One event larger than this is refused: memory stays bounded whatever the server sends. */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** An event with an `error` field (not part of the SSE standard): its value, whatever data came with it. */
export class SseErrorField {
  constructor(readonly value: string) {}
}

/** The data of an event, or its error field. */
export type SseEvent = string | SseErrorField;

/**
 * Receives each event as soon as its blank line is read; returns false to
 * stop reading: the decoder then reads no further line of that push.
 */
export type SseEventHandler = (event: SseEvent) => boolean;

/**
 * Incremental decoder from the bytes of a `text/event-stream` body to the
 * `data` payloads of its events, handed to the caller's handler one by one
 * as they complete (no array of events: the handler parses each payload
 * while its text is fresh, which costs measurably less CPU time in
 * `npm run bench` #1 than collecting them first).
 *
 * Only bytes up to the last line terminator of a push are read (a terminator
 * byte never occurs inside a multi-byte UTF-8 character); the rest waits for
 * the next push. Those bytes are decoded at once as latin1 (the fastest
 * decoding, and character i is byte i, so line ends found by `indexOf` in
 * the text are byte positions too), and a data value is a slice of that
 * text: one native call per push, none per line. When the push holds bytes
 * that are not ASCII, a value whose UTF-8 length differs from its latin1
 * length (one native call) is decoded again, as UTF-8 from its bytes: V8
 * decodes UTF-8 that is not ASCII several times slower than latin1, so only
 * those values pay for it, and ASCII values stay one-byte strings, which
 * JSON.parse reads fastest.
 * It keeps only the undecoded tail and the data of the event being read.
 */
export class SseDecoder {
  private tail: Buffer[] = [];
  private tailLength = 0;
  private atStreamStart = true;
  /** The lines read last ended in CR: a LF right after it belongs to that line end. */
  private skipLineFeed = false;
  /** The event's data so far; undefined while it has no data line. */
  private data: string | undefined = undefined;
  /** The event's error field so far; undefined while it has none. */
  private error: string | undefined = undefined;
  /** The complete lines being read, decoded as latin1: character i is byte i (after a BOM). */
  private text = '';
  /** Set while those lines hold bytes that are not ASCII: where to decode values as UTF-8 from. */
  private utf8: { bytes: Buffer; offset: number } | undefined = undefined;

  /** Feeds bytes; hands every event they complete to `onEvent`, until it returns false. */
  push(bytes: Uint8Array, onEvent: SseEventHandler): void {
    const buffer = asBuffer(bytes);
    const end = lastTerminator(buffer) + 1;
    if (end === 0) {
      this.keep(buffer);
      return;
    }
    let start = 0;
    if (this.tailLength > 0) {
      // Only the line completing the tail is copied, not the whole push.
      start = firstTerminator(buffer) + 1;
      if (!this.readLines(this.takeTailWith(buffer.subarray(0, start)), onEvent)) return;
    }
    if (start < end && !this.readLines(buffer.subarray(start, end), onEvent)) return;
    if (end < buffer.length) this.keep(buffer.subarray(end));
  }

  /**
   * Ends the stream: hands the event still open to `onEvent` when every line
   * of it was complete, and resets the decoder for a new stream. The WHATWG
   * algorithm discards an event not closed by a blank line; but llama.cpp's
   * server ends its streams with `data: [DONE]` and a single line end, so an
   * event whose lines all ended is dispatched. An unterminated last line may
   * be cut short: it is discarded, and the event it belongs to with it.
   */
  end(onEvent: SseEventHandler): void {
    if (this.tailLength === 0) this.endEvent(onEvent);
    this.tail = [];
    this.tailLength = 0;
    this.atStreamStart = true;
    this.skipLineFeed = false;
    this.data = undefined;
    this.error = undefined;
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    // Copied: the caller may reuse its buffer.
    this.tail.push(Buffer.from(bytes));
    this.tailLength += bytes.length;
    if (this.tailLength > MAX_EVENT_BYTES) throw tooLarge();
  }

  private takeTailWith(head: Buffer): Buffer {
    const joined = Buffer.concat([...this.tail, head], this.tailLength + head.length);
    this.tail = [];
    this.tailLength = 0;
    return joined;
  }

  /** `bytes` ends with a line terminator. Returns false when the handler stopped the reading. */
  private readLines(bytes: Buffer, onEvent: SseEventHandler): boolean {
    let pos = 0;
    if (this.atStreamStart) {
      this.atStreamStart = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) pos = 3;
    }
    if (this.skipLineFeed) {
      this.skipLineFeed = false;
      if (bytes[pos] === LF) pos++;
    }
    this.text = bytes.toString('latin1', pos);
    if (!isAscii(bytes)) this.utf8 = { bytes, offset: pos };
    const cr = this.text.indexOf('\r');
    const goOn = cr === -1 ? this.readLinesEndingInLineFeed(onEvent) : this.readLinesWithCarriageReturns(cr, onEvent);
    this.text = '';
    this.utf8 = undefined;
    return goOn;
  }

  /**
   * The common case: no CR, every line ends in LF. Every streamed answer
   * passes here, so an event's usual lines (one `data:` line, a blank line,
   * a `:` comment) are read in this one loop with the event's data in a
   * local; any other line goes through readLine. A method call per line
   * here measurably costs CPU time in `npm run bench` #1.
   */
  private readLinesEndingInLineFeed(onEvent: SseEventHandler): boolean {
    const text = this.text;
    const length = text.length;
    let data = this.data;
    let pos = 0;
    while (pos < length) {
      const first = text.charCodeAt(pos);
      if (first === LF) {
        pos++;
        if (data !== undefined && this.error === undefined) {
          const event = data;
          data = undefined;
          if (!onEvent(event)) return this.stop();
        } else {
          this.data = data;
          data = undefined;
          if (!this.endEvent(onEvent)) return this.stop();
        }
        continue;
      }
      const lf = text.indexOf('\n', pos);
      if (data === undefined && first === DATA_D && text.charCodeAt(pos + 4) === COLON && startsWithData(text, pos)) {
        let start = pos + 5;
        if (start < lf && text.charCodeAt(start) === SPACE) start++;
        if (lf - start > MAX_EVENT_BYTES) throw tooLarge();
        data = this.valueText(start, lf);
      } else if (first !== COLON) {
        this.data = data;
        this.readLine(pos, lf);
        data = this.data;
      }
      pos = lf + 1;
    }
    this.data = data;
    return true;
  }

  /** `cr` is the first CR of the text. */
  private readLinesWithCarriageReturns(cr: number, onEvent: SseEventHandler): boolean {
    const text = this.text;
    const length = text.length;
    let pos = 0;
    // The next LF and CR at or after pos, or -1 once none is left.
    let lf = text.indexOf('\n', pos);
    while (pos < length) {
      if (lf !== -1 && lf < pos) lf = text.indexOf('\n', pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf('\r', pos);
      let lineEnd: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        lineEnd = lf;
        next = lf + 1;
      } else {
        lineEnd = cr;
        next = cr + 1;
        if (next === length) this.skipLineFeed = true;
        else if (text.charCodeAt(next) === LF) next++;
      }
      if (pos === lineEnd) {
        if (!this.endEvent(onEvent)) return this.stop();
      } else {
        this.readLine(pos, lineEnd);
      }
      pos = next;
    }
    return true;
  }

  /** The handler stopped the reading: what was being read is dropped. */
  private stop(): false {
    this.data = undefined;
    this.error = undefined;
    return false;
  }

  /** A blank line: the event read so far is complete. Returns what the handler returned (true without an event). */
  private endEvent(onEvent: SseEventHandler): boolean {
    const event = this.error !== undefined ? new SseErrorField(this.error) : this.data;
    this.data = undefined;
    this.error = undefined;
    return event === undefined || onEvent(event);
  }

  /** A line that is not blank. */
  private readLine(start: number, end: number): void {
    const text = this.text;
    // Only the data and error fields matter: comments (":..."), event, id,
    // retry and unknown fields are skipped. A name without a colon has an empty value.
    const nameEnd = start + 4;
    if (nameEnd > end) return;
    if (startsWithData(text, start)) {
      if (nameEnd === end) this.addData(end, end);
      else if (text.charCodeAt(nameEnd) === COLON) this.addData(nameEnd + 1, end);
    } else if (text.startsWith(ERROR_FIELD, start)) {
      const errorEnd = start + ERROR_FIELD.length;
      if (errorEnd === end) this.addError(end, end);
      else if (text.charCodeAt(errorEnd) === COLON) this.addError(errorEnd + 1, end);
    }
  }

  /** Adds the value of a data line, which starts at `start` after an optional space. */
  private addData(start: number, end: number): void {
    this.data = this.joined(this.data, start, end);
  }

  private addError(start: number, end: number): void {
    this.error = this.joined(this.error, start, end);
  }

  /** `before` and the value of a line (which starts at `start` after an optional space), joined with LF. */
  private joined(before: string | undefined, start: number, end: number): string {
    if (start < end && this.text.charCodeAt(start) === SPACE) start++;
    const value = this.valueText(start, end);
    const joined = before === undefined ? value : `${before}\n${value}`;
    if (joined.length > MAX_EVENT_BYTES) throw tooLarge();
    return joined;
  }

  /** The text from `start` to `end`: a slice of the latin1 text, or the same bytes decoded as UTF-8 where they are not ASCII. */
  private valueText(start: number, end: number): string {
    const value = this.text.slice(start, end);
    const utf8 = this.utf8;
    if (utf8 === undefined || Buffer.byteLength(value, 'utf8') === value.length) return value;
    return utf8.bytes.toString('utf8', utf8.offset + start, utf8.offset + end);
  }
}

/** Whether the field name at `start` is "data" (checked by char codes: faster than startsWith). */
function startsWithData(text: string, start: number): boolean {
  return text.charCodeAt(start) === 0x64 && text.charCodeAt(start + 1) === 0x61 && text.charCodeAt(start + 2) === 0x74 && text.charCodeAt(start + 3) === 0x61;
}

/** The first LF or CR; a CR is searched only before the first LF (most streams have none, and a search of the whole push costs). */
function firstTerminator(bytes: Buffer): number {
  const lf = bytes.indexOf(LF);
  const cr = (lf === -1 ? bytes : bytes.subarray(0, lf)).indexOf(CR);
  return cr === -1 ? lf : cr;
}

/** The last LF or CR; a CR is searched for from the end only when one follows the last LF. */
function lastTerminator(bytes: Buffer): number {
  const lf = bytes.lastIndexOf(LF);
  return bytes.indexOf(CR, lf + 1) === -1 ? lf : bytes.lastIndexOf(CR);
}

/** A Buffer view of the same memory, for Node's native byte search and decoding. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tooLarge(): GatewayError {
  return new GatewayError({ kind: 'stream', message: t('The stream sent an event larger than {0} MB; it was cut off.', MAX_EVENT_BYTES / 2 ** 20) });
}
