/**
 * The chat chunks of a streamed chat completion, one array per network
 * read: SSE data payloads parsed into ChatChunk objects until `data: [DONE]`.
 * Reading in batches costs one promise per read instead of one per chunk,
 * and a chunk that repeats the one before it but for its text is built
 * from that one (ChunkTemplate): decoding 100,000 chunks then takes less
 * than JSON.parse of their payloads alone (see `npm run bench`).
 */

import { t } from '../l10n/localize';
import { errorFromJson } from './errorBody';
import { GatewayError } from './errors';
import { formatBytes, formatDuration, MAX_CHAT_STREAM_BYTES, MAX_CHAT_STREAM_MS, responseLimitError } from './responseLimits';
import { ChunkTemplate } from './chunkTemplate';
import { SseDecoder, type SseEvent } from './sse';
import type { ChatChunk } from './types/chat';

const DONE = '[DONE]';
const EXCERPT_LENGTH = 80;
const midStreamError = (): string => t('The gateway reported an error in the middle of the chat stream.');

/** The most one streamed answer may send and take, counted from the call that starts reading it. */
export interface ChatStreamLimits {
  maxBytes: number;
  maxMs: number;
}

export const CHAT_STREAM_LIMITS: ChatStreamLimits = { maxBytes: MAX_CHAT_STREAM_BYTES, maxMs: MAX_CHAT_STREAM_MS };

/**
 * The chat chunks of a streamed chat completion body, until `data: [DONE]`,
 * as the non-empty arrays of chunks that each read of the body completed.
 * Chunks read before a failure are handed out first; then it throws
 * GatewayError: kind 'stream' when the body ends without [DONE], is
 * interrupted, or carries a payload that is not a chunk; kind 'http' for an
 * error object sent mid-stream (as data, after what its chunk carried, or
 * in llama.cpp's `error:` field); kind 'aborted' when `signal` aborts (or the
 * signal's reason itself when that is a GatewayError, e.g. a timeout); code
 * `response_limit` when the answer goes beyond `limits`.
 * Ending early (return, a `break`, an error) lets the body go.
 */
export function readChatChunkBatches(
  body: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
  limits: ChatStreamLimits = CHAT_STREAM_LIMITS,
): AsyncGenerator<ChatChunk[], void> {
  return chunkBatches(body[Symbol.asyncIterator](), signal, limits, Date.now() + limits.maxMs);
}

async function* chunkBatches(
  body: AsyncIterator<Uint8Array>,
  callerSignal: AbortSignal | undefined,
  limits: ChatStreamLimits,
  deadline: number,
): AsyncGenerator<ChatChunk[], void> {
  const decoder = new SseDecoder();
  const template = new ChunkTemplate<ChatChunk>();
  const stop = new StreamStop(callerSignal, deadline - Date.now(), limits.maxMs);
  const signal = stop.signal;
  let eventNumber = 0;
  let received = 0;
  let bodyExhausted = false;
  // What the events of one read gave: the chunks, whether [DONE] came, the failure that ended the stream.
  let batch: ChatChunk[] = [];
  let ended = false;
  let failure: unknown;
  const onEvent = (event: SseEvent): boolean => {
    eventNumber++;
    if (typeof event !== 'string') {
      failure = errorFromField(event.value);
      return false;
    }
    if (event.startsWith(DONE)) {
      ended = true;
      return false;
    }
    // An empty event carries nothing; some servers send them as keep-alives.
    if (event === '') return true;
    let chunk: ChatChunk;
    try {
      chunk = template.read(event) ?? parseChunk(event, eventNumber, template);
    } catch (error) {
      failure = error;
      return false;
    }
    // An error chunk is handed out too: OpenRouter's ends the choice there (finish_reason "error").
    batch.push(chunk);
    if (chunk.error !== undefined && chunk.error !== null) {
      failure = errorFromJson(chunk, undefined, midStreamError());
      return false;
    }
    return true;
  };
  try {
    for (;;) {
      const read = await readBody(body, signal);
      if (!read.done) {
        received += read.value.byteLength;
        if (received > limits.maxBytes) {
          throw responseLimitError(
            t('The streamed answer is larger than {0}, the most this extension reads for one answer; it was cut off there.', formatBytes(limits.maxBytes)),
          );
        }
        decoder.push(read.value, onEvent);
      } else {
        bodyExhausted = true;
        decoder.end(onEvent);
      }
      if (signal.aborted) throw abortError(signal);
      if (batch.length > 0) {
        const chunks = batch;
        batch = [];
        yield chunks;
      }
      if (failure !== undefined) throw failure;
      if (ended) return;
      if (read.done) {
        throw new GatewayError({
          kind: 'stream',
          message: t('The chat stream ended without [DONE] after {0} event(s): the answer may be incomplete.', eventNumber),
        });
      }
    }
  } finally {
    stop.dispose();
    if (!bodyExhausted) letGo(body);
  }
}

/** Aborts when the caller's signal does, or with a `response_limit` error once the answer has taken `maxMs`. */
class StreamStop {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort = (): void => this.controller.abort(this.caller?.reason);

  constructor(
    private readonly caller: AbortSignal | undefined,
    remainingMs: number,
    maxMs: number,
  ) {
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.timer = setTimeout(
      () =>
        this.controller.abort(
          responseLimitError(
            t('The streamed answer took longer than {0}, the most this extension waits for one answer; it was cut off there.', formatDuration(maxMs)),
          ),
        ),
      Math.max(0, remainingMs),
    );
    // An answer left unread must not keep a process alive for half an hour.
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

/** The next read of the body; fails as soon as `signal` aborts, since the body itself may never answer an abort. */
async function readBody(body: AsyncIterator<Uint8Array>, signal: AbortSignal | undefined): Promise<IteratorResult<Uint8Array>> {
  if (signal?.aborted) throw abortError(signal);
  try {
    if (!signal) return await body.next();
    return await new Promise<IteratorResult<Uint8Array>>((resolve, reject) => {
      const onAbort = (): void => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      body
        .next()
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    if (error instanceof GatewayError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new GatewayError({ kind: 'stream', message: t('The chat stream was interrupted: {0}.', reason), cause: error });
  }
}

/** Lets an unfinished body go, cancelling the rest of the response. */
function letGo(body: AsyncIterator<Uint8Array>): void {
  try {
    body.return?.().catch(() => undefined);
  } catch {
    // Already released or broken: nothing to let go.
  }
}

export function abortError(signal: AbortSignal): GatewayError {
  const reason: unknown = signal.reason;
  if (reason instanceof GatewayError) return reason;
  return new GatewayError({ kind: 'aborted', message: t('The chat request was cancelled.'), cause: reason });
}

/** The chunk a payload holds (learned by `template` for the next). */
function parseChunk(payload: string, eventNumber: number, template: ChunkTemplate<ChatChunk>): ChatChunk {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw malformed(t('event {0} is not valid JSON ({1})', eventNumber, reason), payload, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(t('event {0} is not a JSON object', eventNumber), payload);
  }
  const record = value as Record<string, unknown>;
  // Tolerated: a usage-only chunk without `choices` or with `choices: null` (MiniMax and others: Roo-Code#9105); an error object with anything there.
  if (Array.isArray(record.choices)) {
    template.learn(payload, value as ChatChunk);
    return value as ChatChunk;
  }
  if (record.choices !== undefined && record.choices !== null && (record.error === undefined || record.error === null)) {
    throw malformed(t('event {0} has no "choices" array', eventNumber), payload);
  }
  record.choices = [];
  return value as ChatChunk;
}

/**
 * llama.cpp's `error:` field, e.g. `{"code":500,"message":"…context size…","type":"server_error"}`,
 * where `code` is an HTTP status; a value that is not JSON is the message.
 */
function errorFromField(value: string): GatewayError {
  let body: unknown;
  try {
    body = JSON.parse(value);
  } catch {
    body = value;
  }
  return errorFromJson({ error: body }, undefined, midStreamError());
}

function malformed(what: string, payload: string, cause?: unknown): GatewayError {
  const excerpt = payload.length > EXCERPT_LENGTH ? `${payload.slice(0, EXCERPT_LENGTH)}...` : payload;
  return new GatewayError({ kind: 'stream', message: t('Malformed chat stream: {0}: {1}', what, JSON.stringify(excerpt)), cause });
}
