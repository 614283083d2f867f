/**
 * When to ask the gateway about running tasks next: an interval that grows
 * while nothing changes and after failures, is shorter while the tasks view
 * is visible, and never ends before a server's Retry-After. Pure: times are
 * passed in, nothing is scheduled here.
 */

export interface PollTiming {
  /** The interval after a change, while the view is visible. */
  baseMs: number;
  /** How many times longer the interval is while the view is hidden. */
  hiddenFactor: number;
  /** Growth of the interval per poll that saw no change. */
  backoffFactor: number;
  /** The interval grows to at most baseMs × this (then × hiddenFactor when hidden). */
  maxFactor: number;
}

export const DEFAULT_POLL_TIMING: PollTiming = { baseMs: 5000, hiddenFactor: 4, backoffFactor: 1.5, maxFactor: 6 };

/** page_size (and so the number of filter.task_ids one list call can answer) is at most 500 (gaps.md). */
export const MAX_IDS_PER_LIST = 500;

export type PollOutcome = { ok: true; changed: boolean } | { ok: false; retryAfterMs?: number };

export class PollSchedule {
  private quietPolls = 0;
  private failures = 0;
  private lastPollAt = Number.NEGATIVE_INFINITY;
  private notBefore = Number.NEGATIVE_INFINITY;
  private visible = false;

  constructor(private timing: PollTiming = DEFAULT_POLL_TIMING) {}

  setTiming(timing: PollTiming): void {
    this.timing = timing;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
  }

  /** The current interval between polls. */
  intervalMs(): number {
    const { baseMs, hiddenFactor, backoffFactor, maxFactor } = this.timing;
    const growth = Math.min(maxFactor, backoffFactor ** this.quietPolls * 2 ** this.failures);
    return Math.round(baseMs * growth * (this.visible ? 1 : hiddenFactor));
  }

  /** When the next poll is due (epoch ms); in the past when it is due now. */
  dueAt(): number {
    return Math.max(this.lastPollAt + this.intervalMs(), this.notBefore);
  }

  /** The earliest a poll asked for now (Refresh, a new task) may start: only Retry-After holds it back. */
  earliestAt(nowMs: number): number {
    return Math.max(nowMs, this.notBefore);
  }

  /** A new task or an explicit refresh: back to the short interval. */
  quicken(): void {
    this.quietPolls = 0;
  }

  /** Records how a poll that ended at `atMs` went. */
  polled(atMs: number, outcome: PollOutcome): void {
    this.lastPollAt = atMs;
    if (outcome.ok) {
      this.failures = 0;
      this.quietPolls = outcome.changed ? 0 : this.quietPolls + 1;
      return;
    }
    this.failures++;
    if (outcome.retryAfterMs !== undefined) this.notBefore = atMs + outcome.retryAfterMs;
  }
}

/** Splits ids into groups one list call can answer. */
export function listBatches(ids: readonly string[], size = MAX_IDS_PER_LIST): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}
