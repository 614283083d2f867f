/**
 * While the gateway cannot be reached, asks it again by itself: after 3 s,
 * then twice as long each time, up to 2 minutes, until a request gets
 * through or the connection settings change. A user who restarts the gateway
 * sees the status recover without pressing anything. No `vscode` import.
 */

export const FIRST_RECHECK_MS = 3000;
export const LONGEST_RECHECK_MS = 120_000;

export class HealthRecheck {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = FIRST_RECHECK_MS;
  private running: AbortController | undefined;
  /** A failure reported while a check ran (usually the check's own): the next check is scheduled when it ends. */
  private failedMeanwhile = false;

  /** @param probe one request to the gateway; its outcome reaches the status through the request events. */
  constructor(private readonly probe: (signal: AbortSignal) => Promise<unknown>) {}

  /** The gateway could not be reached: ask again after the current delay, doubled for the next time. */
  failed(): void {
    if (this.running) {
      this.failedMeanwhile = true;
      return;
    }
    if (this.timer) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(LONGEST_RECHECK_MS, delay * 2);
    this.timer = setTimeout(() => void this.check(), delay);
  }

  /** A request got through, or the settings changed: no more asking, and the next failure starts from the shortest delay. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
    this.running = undefined;
    this.failedMeanwhile = false;
    this.delayMs = FIRST_RECHECK_MS;
  }

  dispose(): void {
    this.stop();
  }

  private async check(): Promise<void> {
    this.timer = undefined;
    const running = (this.running = new AbortController());
    this.failedMeanwhile = false;
    try {
      await this.probe(running.signal);
    } catch {
      // The request events carry the outcome.
    }
    if (this.running !== running) return; // stopped meanwhile
    this.running = undefined;
    if (this.failedMeanwhile) this.failed();
  }
}
