/**
 * The chat chunks of a streamed chat completion: SSE data payloads parsed
 * into ChatChunk objects until `data: [DONE]`.
 */

import { errorFromJson } from './errorBody';
import { GatewayError } from './errors';
import { SseDecoder } from './sse';
import type { ChatChunk } from './types/chat';

const DONE = '[DONE]';
const EXCERPT_LENGTH = 80;

/**
 * The chat chunks of a streamed chat completion body, until `data: [DONE]`.
 * Throws GatewayError: kind 'stream' when the body ends without [DONE], is
 * interrupted, or carries a payload that is not a chunk; kind 'http' for an
 * error object sent mid-stream; kind 'aborted' when `signal` aborts (or the
 * signal's reason itself when that is a GatewayError, e.g. a timeout).
 */
export function readChatChunks(body: AsyncIterable<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
  return new ChatChunkReader(body[Symbol.asyncIterator](), signal);
}

type Step = IteratorResult<ChatChunk, void>;
const FINISHED: Step = { done: true, value: undefined };

/**
 * An async generator written by hand, for speed: chunks already received are
 * handed out as resolved promises, much cheaper per chunk than `yield` in an
 * `async function*` (reading 100,000 chunks took about 1.3x the time of
 * JSON.parse alone instead of 1.7x). Calls to next() made while the body is
 * being read wait for that read, as with a generator.
 */
class ChatChunkReader implements AsyncGenerator<ChatChunk, void> {
  private readonly decoder = new SseDecoder();
  private payloads: string[] = [];
  private nextPayload = 0;
  private eventNumber = 0;
  private finished = false;
  private pending: Promise<Step> | undefined;
  /** Fails the body read in progress: the body itself may never answer an abort. */
  private failRead: ((error: GatewayError) => void) | undefined;
  private readonly onAbort = (): void => {
    if (this.signal) this.failRead?.(abortError(this.signal));
  };

  constructor(
    private readonly iterator: AsyncIterator<Uint8Array>,
    private readonly signal: AbortSignal | undefined,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<Step> {
    if (this.pending) return this.pending.then(() => this.next(), () => this.next());
    try {
      const chunk = this.takeReceived();
      if (chunk) return Promise.resolve({ done: false, value: chunk });
      if (this.finished) return Promise.resolve(FINISHED);
    } catch (error) {
      this.finish(false);
      return Promise.reject(error);
    }
    this.pending = this.readUntilChunk();
    return this.pending;
  }

  return(): Promise<Step> {
    const close = (): Step => {
      this.finish(false);
      return FINISHED;
    };
    return this.pending ? this.pending.then(close, close) : Promise.resolve(close());
  }

  throw(error: unknown): Promise<Step> {
    this.finish(false);
    return Promise.reject(error);
  }

  private async readUntilChunk(): Promise<Step> {
    try {
      for (;;) {
        const next = await this.readBody();
        if (next.done) {
          this.finish(true);
          throw new GatewayError({
            kind: 'stream',
            message: `The chat stream ended without [DONE] after ${this.eventNumber} event(s): the answer may be incomplete.`,
          });
        }
        this.payloads = this.decoder.push(next.value);
        this.nextPayload = 0;
        const chunk = this.takeReceived();
        if (chunk) return { done: false, value: chunk };
        if (this.finished) return FINISHED;
      }
    } catch (error) {
      this.finish(false);
      throw error;
    } finally {
      this.pending = undefined;
    }
  }

  private async readBody(): Promise<IteratorResult<Uint8Array>> {
    const signal = this.signal;
    if (signal?.aborted) throw abortError(signal);
    try {
      if (!signal) return await this.iterator.next();
      return await new Promise<IteratorResult<Uint8Array>>((resolve, reject) => {
        this.failRead = reject;
        this.iterator.next().then(resolve, reject);
      });
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      if (error instanceof GatewayError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new GatewayError({ kind: 'stream', message: `The chat stream was interrupted: ${reason}.`, cause: error });
    }
  }

  /** The next chunk among the payloads received; undefined when more bytes are needed or [DONE] came. */
  private takeReceived(): ChatChunk | undefined {
    while (!this.finished && this.nextPayload < this.payloads.length) {
      const payload = this.payloads[this.nextPayload++];
      this.eventNumber++;
      if (payload.startsWith(DONE)) this.finish(false);
      // An empty event carries nothing; some servers send them as keep-alives.
      else if (payload !== '') {
        if (this.signal?.aborted) throw abortError(this.signal);
        return parseChunk(payload, this.eventNumber);
      }
    }
    return undefined;
  }

  /** Stops for good; lets the body go (cancelling an unread response) unless it was read to its end. */
  private finish(bodyExhausted: boolean): void {
    if (this.finished) return;
    this.finished = true;
    this.payloads = [];
    this.signal?.removeEventListener('abort', this.onAbort);
    if (bodyExhausted) return;
    try {
      this.iterator.return?.().catch(() => undefined);
    } catch {
      // Already released or broken: nothing to let go.
    }
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
  if (record.error !== undefined && record.error !== null) {
    throw errorFromJson(record, undefined, 'The gateway reported an error in the middle of the chat stream.');
  }
  // Tolerated: a usage-only chunk without `choices`.
  if (record.choices === undefined) record.choices = [];
  else if (!Array.isArray(record.choices)) throw malformed(`event ${eventNumber} has no "choices" array`, payload);
  return value as ChatChunk;
}

function malformed(what: string, payload: string, cause?: unknown): GatewayError {
  const excerpt = payload.length > EXCERPT_LENGTH ? `${payload.slice(0, EXCERPT_LENGTH)}...` : payload;
  return new GatewayError({ kind: 'stream', message: `Malformed chat stream: ${what}: ${JSON.stringify(excerpt)}`, cause });
}
