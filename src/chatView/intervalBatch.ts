/**
 * What the chat view's batchers share: what they fold is held until their
 * interval ends, or until another message must go first (flush).
 */
export abstract class IntervalBatch<P> {
  protected pending: P | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly intervalMs: number) {}

  /** Posts what is pending now: called before any other message, so the order stays right. */
  flush(): void {
    this.stopTimer();
    const pending = this.pending;
    this.pending = undefined;
    if (pending !== undefined) this.emit(pending);
  }

  dispose(): void {
    this.stopTimer();
    this.pending = undefined;
  }

  /** Starts the interval unless it runs. */
  protected schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  protected abstract emit(pending: P): void;

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
