/**
 * One reading aloud: chunks fetched ahead with a bounded lookahead, handed to
 * a player as soon as each arrives, released as the player finishes them.
 * Stop aborts every request in flight and every one not yet started.
 */
import type { SpeechUsage } from '../gateway/types/speech';
import type { SpeechChunk } from './chunking';
import { PrefetchAbortedError, PrefetchQueue } from './prefetchQueue';
import { addUsage } from './usage';

export interface SynthesizedChunk {
  audio: Uint8Array;
  mimeType: string;
  /** The speed the audio was synthesized at (the player corrects for a later change). */
  speed: number;
  usage: SpeechUsage;
  requestId?: string;
}

export type SynthesizeChunk = (chunk: SpeechChunk, index: number, signal: AbortSignal) => Promise<SynthesizedChunk>;

export interface DeliveredChunk {
  index: number;
  count: number;
  audio: SynthesizedChunk;
}

export type ReadingOutcome = 'finished' | 'stopped' | 'failed';

export interface ReadingReport {
  outcome: ReadingOutcome;
  chunkCount: number;
  /** Requests begun, and completed. */
  requested: number;
  fetched: number;
  /** Chunks the player finished. */
  played: number;
  /** From the start to the first chunk's audio reaching the player. */
  firstAudioMs?: number;
  /** From the start to the player reporting the first chunk playing. */
  firstSoundMs?: number;
  /** From the start to the last chunk's audio arriving. */
  lastFetchedMs?: number;
  usage: SpeechUsage;
  error?: unknown;
}

export interface ReadingSessionOptions {
  /** Chunks fetched beyond the one playing. */
  lookahead?: number;
  now?: () => number;
  onChunkFetched?(index: number, chunk: SynthesizedChunk): void;
}

export const DEFAULT_LOOKAHEAD = 2;

export class ReadingSession {
  private readonly queue: PrefetchQueue<SynthesizedChunk>;
  private readonly now: () => number;
  private readonly startedAt: number;
  private playedCount = 0;
  private usage: SpeechUsage = {};
  private firstAudioMs: number | undefined;
  private firstSoundMs: number | undefined;
  private lastFetchedMs: number | undefined;
  private stopped = false;
  private settle: () => void = () => undefined;
  private readonly allPlayedOrStopped = new Promise<void>((resolve) => {
    this.settle = resolve;
  });

  constructor(
    readonly chunks: readonly SpeechChunk[],
    synthesize: SynthesizeChunk,
    private readonly deliver: (chunk: DeliveredChunk) => void,
    private readonly options: ReadingSessionOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.queue = new PrefetchQueue({
      count: chunks.length,
      lookahead: options.lookahead ?? DEFAULT_LOOKAHEAD,
      fetch: (index, signal) => synthesize(chunks[index], index, signal),
      onFetched: (index) => {
        if (index === chunks.length - 1) this.lastFetchedMs = this.elapsed();
      },
    });
  }

  /** Resolves when the player finished the last chunk, on stop, or on the first failure (which stops the rest). */
  async run(): Promise<ReadingReport> {
    try {
      for (let item = await this.queue.take(); item; item = await this.queue.take()) {
        if (item.index === 0) this.firstAudioMs = this.elapsed();
        this.usage = addUsage(this.usage, item.value.usage);
        this.options.onChunkFetched?.(item.index, item.value);
        this.deliver({ index: item.index, count: this.chunks.length, audio: item.value });
      }
      if (this.chunks.length === 0) this.settle();
      await this.allPlayedOrStopped;
      return this.report(this.stopped ? 'stopped' : 'finished');
    } catch (error) {
      this.queue.abortAll();
      if (error instanceof PrefetchAbortedError || this.stopped) return this.report('stopped');
      return this.report('failed', error);
    }
  }

  /** The player started playing chunk `index`. */
  started(index: number): void {
    if (index === 0 && this.firstSoundMs === undefined) this.firstSoundMs = this.elapsed();
  }

  /** The player finished chunk `index` (chunks finish in order). */
  played(index: number): void {
    if (index !== this.playedCount) return;
    this.playedCount++;
    this.queue.release();
    if (this.playedCount === this.chunks.length) this.settle();
  }

  stop(): void {
    this.stopped = true;
    this.queue.abortAll();
    this.settle();
  }

  private elapsed(): number {
    return this.now() - this.startedAt;
  }

  private report(outcome: ReadingOutcome, error?: unknown): ReadingReport {
    return {
      outcome,
      chunkCount: this.chunks.length,
      requested: this.queue.requested,
      fetched: this.queue.fetched,
      played: this.playedCount,
      firstAudioMs: this.firstAudioMs,
      firstSoundMs: this.firstSoundMs,
      lastFetchedMs: this.lastFetchedMs,
      usage: this.usage,
      ...(error === undefined ? {} : { error }),
    };
  }
}
