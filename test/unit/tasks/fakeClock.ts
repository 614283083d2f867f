import type { Clock } from '../../../src/tasks/clock';

/** A clock whose time moves only when a test says so; timers fire in time order. */
export class FakeClock implements Clock {
  private time = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return () => this.timers.delete(id);
  }

  /** When the next timer fires; undefined when none is set. */
  nextAt(): number | undefined {
    const times = [...this.timers.values()].map((t) => t.at);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /** Moves to the next timer and fires it; false when none is set. */
  fireNext(): boolean {
    const next = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
    if (!next) return false;
    this.timers.delete(next[0]);
    this.time = Math.max(this.time, next[1].at);
    next[1].callback();
    return true;
  }

  advance(ms: number): void {
    this.time += ms;
  }
}
