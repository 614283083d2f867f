/**
 * Fetches items 0..count-1 in order, ahead of their consumer but never more
 * than `lookahead` items beyond the oldest one not yet released, so memory
 * stays bounded however long the text. `abortAll` cancels every request
 * in flight and every one not yet started.
 */

export interface PrefetchOptions<T> {
  count: number;
  /** Items fetched ahead of the oldest unreleased one. */
  lookahead: number;
  /** Requests at once (default 1: the next item in order gets the whole connection). */
  concurrency?: number;
  fetch(index: number, signal: AbortSignal): Promise<T>;
  onFetchStart?(index: number): void;
  onFetched?(index: number): void;
}

export class PrefetchAbortedError extends Error {
  constructor() {
    super('Stopped.');
    this.name = 'PrefetchAbortedError';
  }
}

export class PrefetchQueue<T> {
  private readonly controller = new AbortController();
  private readonly pending = new Map<number, Promise<T>>();
  private started = 0;
  private taken = 0;
  private released = 0;
  private inFlight = 0;
  private fetchedCount = 0;
  private readonly windowWaiters: Array<() => void> = [];
  /** Rejects on abortAll, so a `take` never waits on a fetch that ignores its signal. */
  private readonly abortion: Promise<never>;

  constructor(private readonly options: PrefetchOptions<T>) {
    this.abortion = new Promise<never>((_, reject) => {
      this.controller.signal.addEventListener('abort', () => reject(new PrefetchAbortedError()), { once: true });
    });
    this.abortion.catch(() => undefined);
    this.pump();
  }

  /** Items whose fetch has completed. */
  get fetched(): number {
    return this.fetchedCount;
  }

  /** Items whose fetch has begun. */
  get requested(): number {
    return this.started;
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * The next item in order, once it is inside the window and fetched;
   * undefined once all were taken. Rejects with the item's fetch error, or
   * PrefetchAbortedError.
   */
  async take(): Promise<{ index: number; value: T } | undefined> {
    if (this.aborted) throw new PrefetchAbortedError();
    if (this.taken >= this.options.count) return undefined;
    const index = this.taken++;
    while (index > this.released + this.options.lookahead) {
      await Promise.race([new Promise<void>((resolve) => this.windowWaiters.push(resolve)), this.abortion]);
    }
    this.pump();
    try {
      return { index, value: await Promise.race([this.pending.get(index)!, this.abortion]) };
    } finally {
      this.pending.delete(index);
    }
  }

  /** The oldest taken item is done with (e.g. played): the window moves on by one. */
  release(): void {
    if (this.released >= this.taken) return;
    this.released++;
    this.windowWaiters.splice(0).forEach((resolve) => resolve());
    this.pump();
  }

  abortAll(): void {
    this.controller.abort(new PrefetchAbortedError());
  }

  /** Starts fetches while the window and the concurrency allow. */
  private pump(): void {
    const { count, lookahead, concurrency = 1 } = this.options;
    while (!this.aborted && this.started < count && this.inFlight < concurrency && this.started <= this.released + lookahead) {
      this.start(this.started++);
    }
  }

  private start(index: number): void {
    this.inFlight++;
    this.options.onFetchStart?.(index);
    const signal = this.controller.signal;
    const result = this.options.fetch(index, signal).then(
      (value) => {
        if (signal.aborted) throw new PrefetchAbortedError();
        this.fetchedCount++;
        this.options.onFetched?.(index);
        return value;
      },
      (error: unknown) => {
        throw signal.aborted ? new PrefetchAbortedError() : error;
      },
    );
    // A failure is reported to `take`; this only keeps it from being an unhandled rejection meanwhile.
    result
      .catch(() => undefined)
      .finally(() => {
        this.inFlight--;
        this.pump();
      });
    this.pending.set(index, result);
  }
}
