/**
 * Re-reads run one at a time, and a burst of requests (a checkout touching
 * many watched files) while one waits its turn makes one more read, not one
 * per event. A failed read is logged; the next request reads again.
 */
export class SerialRefresh {
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Resolves (never rejects) once a read that started after this call has ended. */
  request(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running.then(async () => {
      this.queued = undefined;
      try {
        await this.read();
      } catch (error) {
        this.log.warn(`Chat: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    this.queued = next;
    this.running = next;
    return next;
  }
}
