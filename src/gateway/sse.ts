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
const SPACE = 0x20;
const ERROR_FIELD = 'error';
/** A latin1 character that stands for a byte of a multi-byte UTF-8 sequence. */
const NON_ASCII = /[\x80-\xff]/g;
const NOT_SEARCHED = -1;
/** One event larger than this is refused: memory stays bounded whatever the server sends. */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** An event with an `error` field (not part of the SSE standard): its value, whatever data came with it. */
export class SseErrorField {
  constructor(readonly value: string) {}
}

/** The data of an event, or its error field. */
export type SseEvent = string | SseErrorField;

/**
 * Incremental decoder from the bytes of a `text/event-stream` body to the
 * `data` payloads of its events.
 *
 * Only bytes up to the last line terminator of a push are read (a terminator
 * byte never occurs inside a multi-byte UTF-8 character); the rest waits for
 * the next push. Those bytes are decoded at once as latin1 (the fastest
 * decoding, and character i is byte i, so line ends found by `indexOf` in
 * the text are byte positions too), and a data value is a slice of that
 * text: one native call per push, none per line. Only a value holding bytes
 * that are not ASCII (found by one regular-expression scan of the text) is
 * decoded again, as UTF-8 from those bytes; ASCII values stay one-byte
 * strings, which JSON.parse reads fastest.
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
  private utf8: { bytes: Buffer; offset: number; next: number } | undefined = undefined;

  /** Feeds bytes; returns every event these bytes completed. */
  push(bytes: Uint8Array): SseEvent[] {
    const events: SseEvent[] = [];
    const buffer = asBuffer(bytes);
    const end = Math.max(buffer.lastIndexOf(LF), buffer.lastIndexOf(CR)) + 1;
    if (end === 0) {
      this.keep(buffer);
      return events;
    }
    let start = 0;
    if (this.tailLength > 0) {
      // Only the line completing the tail is copied, not the whole push.
      start = firstTerminator(buffer) + 1;
      this.readLines(this.takeTailWith(buffer.subarray(0, start)), events);
    }
    if (start < end) this.readLines(buffer.subarray(start, end), events);
    if (end < buffer.length) this.keep(buffer.subarray(end));
    return events;
  }

  /**
   * Ends the stream: returns the event still open when every line of it was
   * complete, and resets the decoder for a new stream. The WHATWG algorithm
   * discards an event not closed by a blank line; but llama.cpp's server
   * ends its streams with `data: [DONE]` and a single line end, so an event
   * whose lines all ended is dispatched. An unterminated last line may be
   * cut short: it is discarded, and the event it belongs to with it.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.tailLength === 0) this.endEvent(events);
    this.tail = [];
    this.tailLength = 0;
    this.atStreamStart = true;
    this.skipLineFeed = false;
    this.data = undefined;
    this.error = undefined;
    return events;
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

  /** `bytes` ends with a line terminator. */
  private readLines(bytes: Buffer, events: SseEvent[]): void {
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
    if (!isAscii(bytes)) this.utf8 = { bytes, offset: pos, next: NOT_SEARCHED };
    const cr = this.text.indexOf('\r');
    if (cr === -1) this.readLinesEndingInLineFeed(events);
    else this.readLinesWithCarriageReturns(cr, events);
    this.text = '';
    this.utf8 = undefined;
  }

  /** The common case: no CR, every line ends in LF. */
  private readLinesEndingInLineFeed(events: SseEvent[]): void {
    const text = this.text;
    const length = text.length;
    let pos = 0;
    while (pos < length) {
      // A blank line (every event ends with one) needs no search.
      if (text.charCodeAt(pos) === LF) {
        this.endEvent(events);
        pos++;
        continue;
      }
      const lf = text.indexOf('\n', pos);
      this.readLine(pos, lf, events);
      pos = lf + 1;
    }
  }

  /** `cr` is the first CR of the text. */
  private readLinesWithCarriageReturns(cr: number, events: SseEvent[]): void {
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
      this.readLine(pos, lineEnd, events);
      pos = next;
    }
  }

  /** A blank line: the event read so far is complete. */
  private endEvent(events: SseEvent[]): void {
    if (this.error !== undefined) events.push(new SseErrorField(this.error));
    else if (this.data !== undefined) events.push(this.data);
    this.data = undefined;
    this.error = undefined;
  }

  private readLine(start: number, end: number, events: SseEvent[]): void {
    if (start === end) return this.endEvent(events);
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
    const utf8 = this.utf8;
    if (utf8 === undefined) return this.text.slice(start, end);
    if (utf8.next < start) {
      NON_ASCII.lastIndex = start;
      utf8.next = NON_ASCII.exec(this.text)?.index ?? Infinity;
    }
    return utf8.next < end ? utf8.bytes.toString('utf8', utf8.offset + start, utf8.offset + end) : this.text.slice(start, end);
  }
}

/** Whether the field name at `start` is "data" (checked by char codes: faster than startsWith). */
function startsWithData(text: string, start: number): boolean {
  return text.charCodeAt(start) === 0x64 && text.charCodeAt(start + 1) === 0x61 && text.charCodeAt(start + 2) === 0x74 && text.charCodeAt(start + 3) === 0x61;
}

function firstTerminator(bytes: Buffer): number {
  const lf = bytes.indexOf(LF);
  const cr = bytes.indexOf(CR);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}

/** A Buffer view of the same memory, for Node's native byte search and decoding. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tooLarge(): GatewayError {
  return new GatewayError({ kind: 'stream', message: t('The stream sent an event larger than {0} MB; it was cut off.', MAX_EVENT_BYTES / 2 ** 20) });
}
