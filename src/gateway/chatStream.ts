/**
 * The chat chunks of a streamed chat completion one by one, for callers
 * that want a plain async iterable of chunks. The chat view reads the
 * cheaper batches of readChatChunkBatches instead.
 */

import { abortError, readChatChunkBatches } from './chatChunkBatches';
import type { ChatChunk } from './types/chat';

/**
 * The chat chunks of a streamed chat completion body, until `data: [DONE]`,
 * with the errors of readChatChunkBatches; an abort also stops between two
 * chunks of one read.
 */
export function readChatChunks(body: AsyncIterable<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
  return chunkByChunk(readChatChunkBatches(body, signal), signal);
}

/** The chunks of readChatChunkBatches one by one; reads nothing until asked. */
export function chunkByChunk(batches: AsyncGenerator<ChatChunk[], void>, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
  return new ChatChunkReader(batches, signal);
}

type Step = IteratorResult<ChatChunk, void>;
const FINISHED: Step = { done: true, value: undefined };

/**
 * An async generator written by hand, for speed: chunks already received are
 * handed out as resolved promises, much cheaper per chunk than `yield` in an
 * `async function*`. Calls to next() made while a batch is being read wait
 * for that read, as with a generator.
 */
class ChatChunkReader implements AsyncGenerator<ChatChunk, void> {
  private batch: ChatChunk[] = [];
  private nextInBatch = 0;
  private finished = false;
  private pending: Promise<Step> | undefined;

  constructor(
    private readonly batches: AsyncGenerator<ChatChunk[], void>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<Step> {
    if (this.pending)
      return this.pending.then(
        () => this.next(),
        () => this.next(),
      );
    if (this.nextInBatch < this.batch.length) {
      const signal = this.signal;
      if (signal?.aborted) return this.close().then(() => Promise.reject(abortError(signal)));
      return Promise.resolve({ done: false, value: this.batch[this.nextInBatch++] });
    }
    if (this.finished) return Promise.resolve(FINISHED);
    this.pending = this.readBatch();
    return this.pending;
  }

  return(): Promise<Step> {
    const close = (): Promise<Step> => this.close().then(() => FINISHED);
    return this.pending ? this.pending.then(close, close) : close();
  }

  throw(error: unknown): Promise<Step> {
    return this.close().then(() => Promise.reject(error));
  }

  private async readBatch(): Promise<Step> {
    try {
      const next = await this.batches.next();
      if (next.done) {
        this.finished = true;
        return FINISHED;
      }
      this.batch = next.value;
      this.nextInBatch = 1;
      return { done: false, value: next.value[0] };
    } catch (error) {
      // The batches ended with this error, letting the body go.
      this.finished = true;
      this.batch = [];
      throw error;
    } finally {
      this.pending = undefined;
    }
  }

  /** Stops for good; the batches let the body go unless it was read to its end. */
  private async close(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.batch = [];
    await this.batches.return(undefined).catch(() => undefined);
  }
}
