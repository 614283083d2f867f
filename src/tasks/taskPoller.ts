/**
 * Asks the gateway about the queued and running tasks, on the PollSchedule,
 * only while there are some. Many tasks cost one list call per 500 ids
 * (`filter.task_ids`); a server that refuses or ignores that filter is asked
 * one GET per task from then on.
 */
import { isGatewayError } from '../gateway/errors';
import type { TasksApi } from '../gateway/tasks';
import type { TaskRecord } from '../gateway/types/tasks';
import type { Clock } from './clock';
import { listBatches, type PollOutcome, type PollSchedule } from './pollSchedule';

export type TaskReader = Pick<TasksApi, 'list' | 'get'>;

export interface TaskPollerOptions {
  /** The tasks API of the current client. */
  tasks: () => TaskReader;
  /** The ids to ask about now. */
  activeIds: () => string[];
  /** Takes fresh records; returns whether anything changed. */
  onRecords: (records: TaskRecord[]) => boolean;
  /** The gateway no longer has this task (404). */
  onMissing: (id: string) => void;
  onError: (error: unknown) => void;
  log: (message: string) => void;
  schedule: PollSchedule;
  clock: Clock;
  /**
   * Asked before each poll when other windows may poll the same tasks: false
   * leaves this turn to another window. When it fails (the shared file could
   * not be written) this window polls, but leaves the other work alone.
   */
  takeTurn?: () => Promise<boolean>;
  /** Work besides polling (results to save) that keeps this window taking turns while no task is left to poll. */
  hasOtherWork?: () => boolean;
  /** After each turn this window took (and its poll): the other work may go ahead. */
  onTurn?: () => void;
  /** Nothing is left to poll, nor other work. */
  onIdle?: () => void;
}

export class TaskPoller {
  private cancelTimer: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private oneGetPerTask = false;
  private readonly abort = new AbortController();

  constructor(private readonly options: TaskPollerOptions) {}

  /** Call after anything that changes what to poll or when (a new task, loaded tasks, visibility). */
  reschedule(): void {
    if (this.running || this.abort.signal.aborted) return;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.hasWork()) return this.options.onIdle?.();
    const { schedule, clock } = this.options;
    this.cancelTimer = clock.setTimer(() => void this.poll(), Math.max(0, schedule.dueAt() - clock.now()));
  }

  /** Polls now, or as soon as a Retry-After allows; resolves when that poll is done. */
  refresh(): Promise<void> {
    const { schedule, clock } = this.options;
    schedule.quicken();
    if (this.running) return this.running;
    const wait = schedule.earliestAt(clock.now()) - clock.now();
    if (wait <= 0) return this.poll();
    this.reschedule();
    return Promise.resolve();
  }

  /** Resolves when no poll is in flight. */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  dispose(): void {
    this.abort.abort();
    this.cancelTimer?.();
  }

  private poll(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.hasWork() || this.abort.signal.aborted) return Promise.resolve();
    this.running = this.pollIfOurTurn().finally(() => {
      this.running = undefined;
      this.reschedule();
    });
    return this.running;
  }

  private async pollIfOurTurn(): Promise<void> {
    const { takeTurn, schedule, clock } = this.options;
    // Whether this turn is surely this window's: saving results twice costs more than a status read twice.
    const ours = takeTurn ? await takeTurn().catch(() => undefined) : true;
    if (ours === false) {
      schedule.polled(clock.now(), { ok: true, changed: false });
      return;
    }
    // Asked after the turn: another window's tasks may have come in with it.
    const ids = this.options.activeIds();
    if (this.abort.signal.aborted) return;
    if (ids.length > 0) await this.pollIds(ids);
    else schedule.polled(clock.now(), { ok: true, changed: false });
    if (!this.abort.signal.aborted && ours) this.options.onTurn?.();
  }

  private hasWork(): boolean {
    return this.options.activeIds().length > 0 || (this.options.hasOtherWork?.() ?? false);
  }

  private async pollIds(ids: string[]): Promise<void> {
    const { schedule, clock, onError } = this.options;
    let outcome: PollOutcome;
    try {
      outcome = { ok: true, changed: this.oneGetPerTask ? await this.getEach(ids) : await this.listEach(ids) };
    } catch (error) {
      if (this.abort.signal.aborted) return;
      onError(error);
      outcome = { ok: false, retryAfterMs: isGatewayError(error) ? error.retryAfterMs : undefined };
    }
    schedule.polled(clock.now(), outcome);
  }

  private async listEach(ids: string[]): Promise<boolean> {
    let changed = false;
    let done = 0;
    for (const batch of listBatches(ids)) {
      const items = await this.listOrUndefined(batch);
      if (!items) return (await this.fallBackToGets(ids.slice(done))) || changed;
      changed = this.options.onRecords(items) || changed;
      const found = new Set(items.map((item) => item.id));
      // A task the list leaves out may have been removed: one GET tells.
      changed = (await this.getEach(batch.filter((id) => !found.has(id)))) || changed;
      done += batch.length;
    }
    return changed;
  }

  /** The records of these ids by one list call; undefined when the server refuses or ignores the filter. */
  private async listOrUndefined(batch: string[]): Promise<TaskRecord[] | undefined> {
    let items: TaskRecord[];
    try {
      items = (await this.options.tasks().list({ task_ids: batch, page_size: batch.length }, this.abort.signal)).items;
    } catch (error) {
      if (refusesFilter(error)) return undefined;
      throw error;
    }
    const wanted = new Set(batch);
    return items.every((item) => wanted.has(item.id)) ? items : undefined;
  }

  private fallBackToGets(ids: string[]): Promise<boolean> {
    this.oneGetPerTask = true;
    /* not shown: the log */
    this.options.log('The gateway does not filter its task list by id (filter.task_ids): each unfinished task is now polled with its own GET.');
    return this.getEach(ids);
  }

  private async getEach(ids: string[]): Promise<boolean> {
    let changed = false;
    for (const id of ids) {
      try {
        changed = this.options.onRecords([await this.options.tasks().get(id, this.abort.signal)]) || changed;
      } catch (error) {
        if (!isNotFound(error)) throw error;
        this.options.onMissing(id);
        changed = true;
      }
    }
    return changed;
  }
}

function isNotFound(error: unknown): boolean {
  return isGatewayError(error) && error.kind === 'http' && error.status === 404;
}

/** A 400 or 422 to a well-formed list call: the server does not take `filter.task_ids`. */
function refusesFilter(error: unknown): boolean {
  return isGatewayError(error) && error.kind === 'http' && (error.status === 400 || error.status === 422);
}
