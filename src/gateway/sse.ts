/**
 * Server-sent events (WHATWG "event stream interpretation") reduced to what
 * the chat stream needs: the `data` of each event, then chat chunks from it.
 */

import { isAscii } from 'node:buffer';
import { GatewayError } from './errors';
import type { ChatChunk } from './types/chat';

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const DONE = '[DONE]';
const EXCERPT_LENGTH = 80;

/**
 * Incremental decoder from the bytes of a `text/event-stream` body to the
 * `data` payloads of its events.
 *
 * Only bytes up to the last line terminator of a push are read (a terminator
 * byte never occurs inside a multi-byte UTF-8 character); the rest waits for
 * the next push. Those bytes are read as latin1, so string index = byte index
 * and lines are found by `indexOf`; a data value is a slice of that string
 * when the bytes are ASCII, else it is decoded as UTF-8 from its own bytes
 * (equivalent to decoding the whole stream, as the value is bounded by ASCII
 * bytes). This keeps ASCII payloads as compact one-byte strings.
 * It keeps only the undecoded tail and the data of the event being read.
 */
export class SseDecoder {
  private tail: Buffer[] = [];
  private tailLength = 0;
  private atStreamStart = true;
  /** The last push ended in CR: a LF starting the next one belongs to it. */
  private skipLineFeed = false;
  /** The event's data so far; undefined while it has no data line. */
  private data: string | undefined = undefined;
  /** The complete lines of the current push, as bytes and as latin1 text. */
  private bytes: Buffer = Buffer.alloc(0);
  private text = '';
  private ascii = true;

  /** Feeds bytes; returns the data of every event these bytes completed. */
  push(bytes: Uint8Array): string[] {
    const events: string[] = [];
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
   * Ends the stream. As the WHATWG algorithm says, an event not closed by a
   * blank line is discarded at end of stream (it may be cut short), so this
   * returns no payload; it exists so callers need not know that rule, and it
   * resets the decoder for a new stream.
   */
  end(): string[] {
    this.tail = [];
    this.tailLength = 0;
    this.atStreamStart = true;
    this.skipLineFeed = false;
    this.data = undefined;
    return [];
  }

  private keep(bytes: Buffer): void {
    // Copied: the caller may reuse its buffer.
    this.tail.push(Buffer.from(bytes));
    this.tailLength += bytes.length;
  }

  private takeTailWith(head: Buffer): Buffer {
    const joined = Buffer.concat([...this.tail, head], this.tailLength + head.length);
    this.tail = [];
    this.tailLength = 0;
    return joined;
  }

  /** `bytes` ends with a line terminator. */
  private readLines(bytes: Buffer, events: string[]): void {
    let pos = 0;
    if (this.atStreamStart) {
      this.atStreamStart = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) pos = 3;
    }
    if (this.skipLineFeed) {
      this.skipLineFeed = false;
      if (bytes[pos] === LF) pos++;
    }
    this.bytes = bytes;
    this.text = bytes.toString('latin1');
    this.ascii = isAscii(bytes);
    const cr = this.text.indexOf('\r', pos);
    if (cr === -1) this.readLinesEndingInLineFeed(pos, events);
    else this.readLinesWithCarriageReturns(pos, cr, events);
    this.bytes = Buffer.alloc(0);
    this.text = '';
  }

  /** The common case: no CR, every line ends in LF. */
  private readLinesEndingInLineFeed(pos: number, events: string[]): void {
    const text = this.text;
    const length = text.length;
    while (pos < length) {
      const lf = text.indexOf('\n', pos);
      this.readLine(pos, lf, events);
      pos = lf + 1;
    }
  }

  /** `cr` is the first CR at or after `pos`. */
  private readLinesWithCarriageReturns(pos: number, cr: number, events: string[]): void {
    const text = this.text;
    const length = text.length;
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

  private readLine(start: number, end: number, events: string[]): void {
    if (start === end) {
      if (this.data !== undefined) events.push(this.data);
      this.data = undefined;
      return;
    }
    const text = this.text;
    // Only the data field matters: comments (":..."), event, id, retry and
    // unknown fields are skipped. "data" without a colon has an empty value.
    const nameEnd = start + 4;
    if (nameEnd > end || !startsWithData(text, start)) return;
    if (nameEnd === end) this.addData(end, end);
    else if (text.charCodeAt(nameEnd) === COLON) this.addData(nameEnd + 1, end);
  }

  /** Adds the value of a data line, which starts at `start` after an optional space. */
  private addData(start: number, end: number): void {
    if (start < end && this.text.charCodeAt(start) === SPACE) start++;
    const latin1 = this.text.slice(start, end);
    // A latin1 char above 0x7f takes two bytes in UTF-8: a cheap test for non-ASCII bytes.
    const value = this.ascii || Buffer.byteLength(latin1, 'utf8') === latin1.length ? latin1 : this.bytes.toString('utf8', start, end);
    this.data = this.data === undefined ? value : `${this.data}\n${value}`;
  }
}

/** Whether the field name at `start` is "data" (checked by char codes: faster than startsWith). */
function startsWithData(text: string, start: number): boolean {
  return (
    text.charCodeAt(start) === 0x64 &&
    text.charCodeAt(start + 1) === 0x61 &&
    text.charCodeAt(start + 2) === 0x74 &&
    text.charCodeAt(start + 3) === 0x61
  );
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

/**
 * The chat chunks of a streamed chat completion body, until `data: [DONE]`.
 * Throws GatewayError: kind 'stream' when the body ends without [DONE], is
 * interrupted, or carries a payload that is not a chunk; kind 'http' for an
 * error object sent mid-stream; kind 'aborted' when `signal` aborts (or the
 * signal's reason itself when that is a GatewayError, e.g. a timeout).
 */
export async function* readChatChunks(body: AsyncIterable<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
  const iterator = body[Symbol.asyncIterator]();
  const abort = signal ? abortWatch(signal) : undefined;
  const decoder = new SseDecoder();
  let eventNumber = 0;
  let exhausted = false;
  try {
    for (;;) {
      const next = await nextBytes(iterator, signal, abort?.aborted);
      if (next.done) {
        exhausted = true;
        break;
      }
      for (const payload of decoder.push(next.value)) {
        eventNumber++;
        if (payload.startsWith(DONE)) return;
        // An empty event carries nothing; some servers send them as keep-alives.
        if (payload === '') continue;
        if (signal?.aborted) throw abortError(signal);
        yield parseChunk(payload, eventNumber);
      }
    }
  } finally {
    abort?.dispose();
    if (!exhausted) release(iterator);
  }
  decoder.end();
  throw new GatewayError({
    kind: 'stream',
    message: `The chat stream ended without [DONE] after ${eventNumber} event(s): the answer may be incomplete.`,
  });
}

/** Lets the body go (cancels an unread response) without waiting or failing. */
function release(iterator: AsyncIterator<Uint8Array>): void {
  try {
    iterator.return?.().catch(() => undefined);
  } catch {
    // Already released or broken: nothing to let go.
  }
}

interface AbortWatch {
  aborted: Promise<never>;
  dispose(): void;
}

function abortWatch(signal: AbortSignal): AbortWatch {
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  return { aborted, dispose: () => signal.removeEventListener('abort', onAbort) };
}

async function nextBytes(
  iterator: AsyncIterator<Uint8Array>,
  signal: AbortSignal | undefined,
  aborted: Promise<never> | undefined,
): Promise<IteratorResult<Uint8Array>> {
  if (signal?.aborted) throw abortError(signal);
  try {
    return await (aborted ? Promise.race([iterator.next(), aborted]) : iterator.next());
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    if (error instanceof GatewayError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new GatewayError({ kind: 'stream', message: `The chat stream was interrupted: ${reason}.`, cause: error });
  }
}

function abortError(signal: AbortSignal): GatewayError {
  const reason: unknown = signal.reason;
  if (reason instanceof GatewayError) return reason;
  return new GatewayError({ kind: 'aborted', message: 'The chat request was cancelled.', cause: reason });
}

function parseChunk(payload: string, eventNumber: number): ChatChunk {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw malformed(`event ${eventNumber} is not valid JSON (${reason})`, payload, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(`event ${eventNumber} is not a JSON object`, payload);
  }
  const record = value as Record<string, unknown>;
  if (record.error !== undefined && record.error !== null) throw errorFromPayload(record.error);
  // Tolerated: a usage-only chunk without `choices`.
  if (record.choices === undefined) record.choices = [];
  else if (!Array.isArray(record.choices)) throw malformed(`event ${eventNumber} has no "choices" array`, payload);
  return value as ChatChunk;
}

function malformed(what: string, payload: string, cause?: unknown): GatewayError {
  const excerpt = payload.length > EXCERPT_LENGTH ? `${payload.slice(0, EXCERPT_LENGTH)}...` : payload;
  return new GatewayError({ kind: 'stream', message: `Malformed chat stream: ${what}: ${JSON.stringify(excerpt)}`, cause });
}

/** The `{"error": ...}` object a server may send instead of a chunk. */
function errorFromPayload(error: unknown): GatewayError {
  const fallback = 'The gateway reported an error in the middle of the chat stream.';
  if (typeof error !== 'object' || error === null) {
    return new GatewayError({ kind: 'http', message: typeof error === 'string' && error ? error : fallback });
  }
  const fields = error as Record<string, unknown>;
  return new GatewayError({
    kind: 'http',
    message: typeof fields.message === 'string' && fields.message ? fields.message : fallback,
    status: typeof fields.status_code === 'number' ? fields.status_code : undefined,
    code: typeof fields.code === 'string' || typeof fields.code === 'number' ? String(fields.code) : undefined,
    type: typeof fields.type === 'string' ? fields.type : undefined,
    param: typeof fields.param === 'string' ? fields.param : undefined,
  });
}
