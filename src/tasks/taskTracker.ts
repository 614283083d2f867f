/**
 * The video tasks of one gateway, kept current: creates tasks, polls the
 * unfinished ones, pages through the server's list, cancels and deletes,
 * and saves every change so a reload resumes where it left off.
 */
import type { TasksApi } from '../gateway/tasks';
import type { TaskCreateRequest, TaskRecord, TaskStatus } from '../gateway/types/tasks';
import { refusedOptionalFields } from '../gateway/taskFields';
import { errorText, isGatewayError } from '../gateway/errors';
import type { Clock } from './clock';
import { claimLease, holdsLease, leaseDurationMs, releaseLease, type Lease } from './pollLease';
import { PollSchedule, type PollTiming } from './pollSchedule';
import { ResultSaving, type ResultSaver } from './resultSaving';
import { Signal } from './signal';
import { UNRECOGNISED_POLL_MS, type TaskDownloads, type TaskEntry, type TaskOrigin, type TaskRecipe } from './taskEntry';
import { TaskPoller } from './taskPoller';
import { buildTaskRequest, type ImageUrlResolver } from './taskRecipe';
import { TaskRegistry, type PersistedTasks, type TaskTransition } from './taskRegistry';

/** Where the tasks of this gateway are saved between sessions. */
export interface TaskStorage {
  load(): unknown;
  save(value: PersistedTasks): PromiseLike<void>;
  /** Present when other windows share the store: what they saved, and the lease deciding which window polls. */
  shared?: SharedTaskStorage;
}

export interface SharedTaskStorage {
  reread(): Promise<void>;
  /**
   * Saves what `merge` makes of this gateway's tasks on disk, with no other
   * window writing in between, so neither window's changes are lost.
   */
  saveMerged(merge: (stored: unknown) => PersistedTasks): Promise<void>;
  /** Calls back when another window may have saved; returns the function that stops it. */
  watch(onChange: () => void): () => void;
  /** Writes what `next` makes of the stored lease, with no other window writing in between; resolves to what was written. */
  changeLease(next: (current: unknown) => Lease | undefined): Promise<Lease | undefined>;
}

export interface TaskTrackerOptions {
  tasks: () => Pick<TasksApi, 'create' | 'get' | 'list' | 'delete'>;
  storage: TaskStorage;
  clock: Clock;
  timing: PollTiming;
  log: (message: string) => void;
  /** This window, for the poll lease of a shared storage. */
  windowId?: string;
}

/** Tasks per page of the server's list. */
export const SERVER_PAGE_SIZE = 20;

interface ServerPaging {
  pagesLoaded: number;
  total: number;
}

export class TaskTracker {
  readonly registry: TaskRegistry;
  private readonly schedule: PollSchedule;
  private readonly poller: TaskPoller;
  /** By status filter ('' for all). */
  private readonly paging = new Map<string, ServerPaging>();
  private readonly pageLoads = new Map<string, Promise<void>>();
  private saving: Promise<void> = Promise.resolve();
  private results: ResultSaving | undefined;
  /** This window took the lease since it last let it go. */
  private mayHoldLease = false;
  /** Claims written so far: a release asked for before the latest claim must not undo it. */
  private leaseClaims = 0;
  private readonly unwatch: () => void;
  /** Anything shown changed. */
  readonly onDidChange = new Signal<void>();
  /** A known task changed status. */
  readonly onDidTransition = new Signal<TaskTransition>();
  /** A task the gateway no longer has was dropped. */
  readonly onDidDisappear = new Signal<TaskEntry>();

  constructor(private readonly options: TaskTrackerOptions) {
    this.registry = TaskRegistry.fromJSON(options.storage.load());
    if (this.registry.prune(options.clock.now())) this.save();
    this.schedule = new PollSchedule(options.timing);
    this.poller = new TaskPoller({
      tasks: options.tasks,
      activeIds: () => this.registry.activeIds(options.clock.now()),
      onRecords: (records) => this.merge(records),
      onMissing: (id) => this.disappeared(id),
      /* not shown: the log */
      onError: (error) => options.log(`Polling video tasks failed: ${errorText(error)}`),
      log: options.log,
      schedule: this.schedule,
      clock: options.clock,
      hasOtherWork: () => this.results?.pending() ?? false,
      onTurn: () => this.results?.saveDue(),
      ...(options.storage.shared && options.windowId && { takeTurn: () => this.takeTurn(), onIdle: () => this.releaseLease() }),
    });
    this.poller.reschedule();
    // Another window's new task or results show here at once, and its tasks are polled here when it closes.
    this.unwatch =
      options.storage.shared?.watch(() => void this.saving.then(() => this.takeInShared()).then(() => this.poller.reschedule())) ?? (() => undefined);
  }

  /**
   * Before each turn, with other windows: takes or renews the lease (a
   * compare-and-set on the shared file, so of two windows asking at once
   * only one gets it), then takes in what the others saved. Claiming first:
   * a window that held the lease saved everything before letting it go.
   */
  private async takeTurn(): Promise<boolean> {
    const lease = await this.claimOrRenew(() => true, true);
    this.mayHoldLease ||= lease !== undefined;
    await this.takeInShared();
    return lease !== undefined;
  }

  /**
   * Takes or renews the lease for long enough to reach this window's next
   * turn, when `wanted` says so of the lease on disk. Only a turn's claim
   * counts against a release asked for before it: a renewal must not keep a
   * lease the window is letting go.
   */
  private claimOrRenew(wanted: (current: unknown) => boolean, turn: boolean): Promise<Lease | undefined> {
    const { windowId, clock } = this.options;
    const durationMs = leaseDurationMs(this.schedule.intervalMs());
    return this.options.storage.shared!.changeLease((current) => {
      const claimed = wanted(current) ? claimLease(current, windowId!, clock.now(), durationMs) : undefined;
      if (claimed && turn) this.leaseClaims++;
      return claimed;
    });
  }

  /**
   * The turns now come further apart (the view was hidden, the timing
   * changed): a held lease is renewed for as long, or it would run out before
   * the next turn and another window would take over, saving again a result
   * this one is still downloading.
   */
  private renewLease(): void {
    const { storage, windowId, clock } = this.options;
    if (!this.mayHoldLease || !storage.shared || !windowId) return;
    this.saving = this.saving
      .then(() => this.claimOrRenew((current) => holdsLease(current, windowId, clock.now()), false))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  private async takeInShared(): Promise<void> {
    const shared = this.options.storage.shared;
    if (!shared) return;
    await shared.reread();
    if (this.registry.adopt(this.options.storage.load())) this.onDidChange.fire();
  }

  /** Nothing left to poll, or closing: another window may take over at once. */
  private releaseLease(closing = false): void {
    const { storage, windowId, clock } = this.options;
    // Closing during a turn: its claim, queued before this release, may be written after `mayHoldLease` was read.
    if (!(this.mayHoldLease || closing) || !storage.shared || !windowId) return;
    this.mayHoldLease = false;
    const claimsBefore = this.leaseClaims;
    // After the saves in flight: a window taking over must find the records this one saved last.
    // Meanwhile a turn may have claimed the lease again (a new task): going idle then lets nothing go.
    this.saving = this.saving
      .then(() =>
        storage.shared!.changeLease((current) => (closing || this.leaseClaims === claimsBefore ? releaseLease(current, windowId, clock.now()) : undefined)),
      )
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /** Creates a paid task on the gateway. Never re-sent here: the client alone decides (retry class 'paid'). */
  async create(recipe: TaskRecipe, imageUrlOf: ImageUrlResolver, signal?: AbortSignal, origin: TaskOrigin = {}): Promise<TaskEntry> {
    const request = await buildTaskRequest(recipe, imageUrlOf);
    const { id } = await this.createOnce(request, signal).catch((error: unknown) => {
      if (isGatewayError(error) && error.code === 'task_id_missing') {
        /* not shown: the log */
        this.options.log(`A video task was accepted without a task id (request id ${error.requestId ?? 'none'}); the gateway's reply: ${String(error.value)}`);
      }
      throw error;
    });
    const entry = this.registry.addCreated(id, recipe, this.options.clock.now(), origin);
    this.changed();
    this.schedule.quicken();
    this.poller.reschedule();
    return entry;
  }

  /**
   * Sends the create; when a 400 refuses optional fields as unknown (a strict
   * gateway; a 400 created nothing), sends it once more without them and logs it.
   */
  private async createOnce(request: TaskCreateRequest, signal: AbortSignal | undefined): Promise<{ id: string }> {
    try {
      return await this.options.tasks().create(request, signal);
    } catch (error) {
      const refused = refusedOptionalFields(error, request);
      if (refused.length === 0) throw error;
      const without = { ...request };
      for (const name of refused) delete (without as Record<string, unknown>)[name];
      /* not shown: the log */
      this.options.log(
        `The gateway refused the optional field${refused.length > 1 ? 's' : ''} ${refused.join(', ')} of a video task (${errorText(error)}); ` +
          'nothing was created, so the task is sent once more without them.',
      );
      return this.options.tasks().create(without, signal);
    }
  }

  /** Polls the unfinished tasks now and reloads the first page of the server's list. */
  async refresh(status?: TaskStatus): Promise<void> {
    await this.pageLoads.get(status ?? '')?.catch(() => undefined);
    this.paging.delete(status ?? '');
    await Promise.all([this.poller.refresh(), this.loadMore(status)]);
  }

  /** The next page of the server's list (newest first), optionally of one status; one at a time per status. */
  loadMore(status?: TaskStatus): Promise<void> {
    const key = status ?? '';
    const pending = this.pageLoads.get(key) ?? this.loadPage(key, status).finally(() => this.pageLoads.delete(key));
    this.pageLoads.set(key, pending);
    return pending;
  }

  /** Whether the server has tasks beyond the pages loaded; undefined before the first page. */
  hasMore(status?: TaskStatus): boolean | undefined {
    const paging = this.paging.get(status ?? '');
    return paging && paging.pagesLoaded * SERVER_PAGE_SIZE < paging.total;
  }

  /**
   * Deletes by POST: a queued task becomes cancelled, a finished one is
   * removed. Never re-sent; the gateway refuses running and cancelled tasks.
   */
  async cancelOrDelete(id: string, signal?: AbortSignal): Promise<'cancelled' | 'deleted'> {
    const wasQueued = this.registry.get(id)?.record.status === 'queued';
    await this.options.tasks().delete(id, signal);
    if (!wasQueued) {
      this.registry.remove(id, this.options.clock.now());
      this.changed();
      return 'deleted';
    }
    await this.refreshOne(id, signal);
    return 'cancelled';
  }

  /** Asks the gateway about one task; drops it when the gateway no longer has it. */
  async refreshOne(id: string, signal?: AbortSignal): Promise<TaskEntry | undefined> {
    try {
      this.merge([await this.options.tasks().get(id, signal)]);
    } catch (error) {
      if (!(isGatewayError(error) && error.status === 404)) throw error;
      this.disappeared(id);
    }
    return this.registry.get(id);
  }

  /** Saves the results of succeeded tasks created here, in the window whose turn it is (resultSaving.ts). */
  saveResultsWith(saver: ResultSaver): void {
    this.results?.dispose();
    this.results = new ResultSaving(
      saver,
      () => this.registry.all(),
      this.options.clock,
      () => this.poller.reschedule(),
    );
    this.poller.reschedule();
  }

  setDownloads(id: string, downloads: TaskDownloads): void {
    this.registry.setDownloads(id, downloads);
    this.changed();
  }

  setVisible(visible: boolean): void {
    this.schedule.setVisible(visible);
    this.renewLease();
    this.poller.reschedule();
  }

  setTiming(timing: PollTiming): void {
    this.schedule.setTiming(timing);
    this.renewLease();
    this.poller.reschedule();
  }

  /** Resolves when no poll is in flight and every change is saved. */
  async settled(): Promise<void> {
    await this.poller.whenIdle();
    await this.saving;
  }

  /** Disposes, and resolves once the lease is let go, for the window taking over (VS Code waits for deactivate, not for dispose). */
  close(): Promise<void> {
    this.dispose();
    return this.saving;
  }

  dispose(): void {
    this.unwatch();
    this.poller.dispose();
    this.results?.dispose();
    this.releaseLease(true);
  }

  private async loadPage(key: string, status: TaskStatus | undefined): Promise<void> {
    const page = (this.paging.get(key)?.pagesLoaded ?? 0) + 1;
    const list = await this.options.tasks().list({ page_num: page, page_size: SERVER_PAGE_SIZE, ...(status ? { status } : {}) });
    this.paging.set(key, { pagesLoaded: page, total: list.total });
    this.merge(list.items);
    this.onDidChange.fire();
  }

  private merge(records: TaskRecord[]): boolean {
    const { changed, transitions, unrecognised } = this.registry.merge(records, this.options.clock.now());
    for (const entry of unrecognised) {
      /* not shown: the log */
      this.options.log(
        `Video task ${entry.record.id}: the gateway answered a status this extension does not know (${entry.anomaly?.rawStatus}). ` +
          `It is shown with a warning and polled for at most ${UNRECOGNISED_POLL_MS / 60_000} minutes more. Its record: ${JSON.stringify(entry.anomaly?.raw)}`,
      );
    }
    // Listed or refreshed tasks may be unfinished ones the poller does not know of yet.
    if (changed) {
      this.changed();
      this.poller.reschedule();
    }
    for (const transition of transitions) this.onDidTransition.fire(transition);
    return changed;
  }

  private disappeared(id: string): void {
    const entry = this.registry.remove(id, this.options.clock.now());
    if (!entry) return;
    this.changed();
    this.onDidDisappear.fire(entry);
  }

  private changed(): void {
    this.save();
    this.onDidChange.fire();
  }

  /** Saves in order, with what other windows saved taken in; a failed save is logged and the next change saves everything again. */
  private save(): void {
    const { storage } = this.options;
    /* not shown: the log */
    this.saving = this.saving
      .then(() => (storage.shared ? this.saveMerged(storage.shared) : storage.save(this.registry.toJSON())))
      .then(undefined, (error: unknown) => this.options.log(`Saving the video tasks failed: ${errorText(error)}`));
  }

  /**
   * Takes in the tasks on disk and writes the result while holding the file:
   * a window saving in between would otherwise lose its tasks. Pruned after
   * taking in, or the old tasks on disk would come back with every save.
   */
  private async saveMerged(shared: SharedTaskStorage): Promise<void> {
    let adopted = false;
    await shared.saveMerged((stored) => {
      adopted = this.registry.adopt(stored) || adopted;
      this.registry.prune(this.options.clock.now());
      return this.registry.toJSON();
    });
    if (adopted) this.onDidChange.fire();
  }
}
