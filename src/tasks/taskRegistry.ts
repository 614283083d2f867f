/**
 * The video tasks of one gateway: tasks created here and tasks the server
 * listed, merged by id, with their local metadata. It reports which tasks
 * changed status, and round-trips through JSON so nothing is lost on reload.
 */
import type { TaskRecord, TaskStatus } from '../gateway/types/tasks';
import {
  isActive,
  isTaskStatus,
  UNRECOGNISED_POLL_MS,
  type LocalTaskInfo,
  type TaskDownloads,
  type TaskEntry,
  type TaskOrigin,
  type TaskRecipe,
} from './taskEntry';

/** The gateway keeps tasks for 7 days (gaps.md); older ones are gone there too. */
export const TASK_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const FORMAT_VERSION = 1;

export interface PersistedTasks {
  version: number;
  tasks: TaskEntry[];
  /** Ids removed here (deleted, gone from the gateway) → epoch ms, so another window reading the file drops them too. */
  removed?: Record<string, number>;
}

/** A known task whose status changed. */
export interface TaskTransition {
  entry: TaskEntry;
  from: TaskStatus;
}

export interface MergeResult {
  /** Something new or different arrived. */
  changed: boolean;
  transitions: TaskTransition[];
  /** Tasks whose record just stopped being understood (newly marked with an anomaly). */
  unrecognised: TaskEntry[];
}

export class TaskRegistry {
  private readonly entries = new Map<string, TaskEntry>();
  private readonly removed = new Map<string, number>();

  constructor(entries: Iterable<TaskEntry> = [], removed: Iterable<[string, number]> = []) {
    for (const entry of entries) this.entries.set(entry.record.id, entry);
    for (const [id, at] of removed) this.removed.set(id, at);
  }

  get(id: string): TaskEntry | undefined {
    return this.entries.get(id);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Newest first. */
  all(): TaskEntry[] {
    return [...this.entries.values()].sort((a, b) => b.record.created_at - a.record.created_at || b.record.id.localeCompare(a.record.id));
  }

  /**
   * Ids of the tasks still queued or running, oldest first. A task whose
   * status has not been understood for UNRECOGNISED_POLL_MS is left out, so
   * it is not polled forever.
   */
  activeIds(nowMs = Date.now()): string[] {
    return this.all()
      .filter((e) => isActive(e.record.status) && !(e.anomaly && nowMs - e.anomaly.since > UNRECOGNISED_POLL_MS))
      .map((e) => e.record.id)
      .reverse();
  }

  /**
   * Records a task just created here. Until the server is asked, its record
   * is a stand-in: queued, created now, and `updated_at` 0 so that any answer
   * of the server replaces it.
   */
  addCreated(id: string, recipe: TaskRecipe, nowMs: number, origin: TaskOrigin = {}): TaskEntry {
    const { retryOf, outputFolder } = origin;
    const local: LocalTaskInfo = { recipe, createdAt: nowMs, ...(retryOf ? { retryOf } : {}), ...(outputFolder ? { outputFolder } : {}) };
    const entry: TaskEntry = {
      record: { id, model: recipe.model, status: 'queued', created_at: Math.floor(nowMs / 1000), updated_at: 0 },
      local,
    };
    this.entries.set(id, entry);
    return entry;
  }

  /**
   * Takes the server's records; a record older than the one known (by
   * `updated_at`) is ignored. A record whose status is unknown keeps the task
   * visible with an anomaly (raw status, raw record) instead of being
   * dropped; `updated_at` as a string of digits is read as a number, and a
   * missing one counts as newer than what is known.
   */
  merge(records: readonly unknown[], nowMs = Date.now()): MergeResult {
    const result: MergeResult = { changed: false, transitions: [], unrecognised: [] };
    for (const raw of records) {
      const record = normaliseRecord(raw, (id) => this.entries.get(id)?.record);
      if (!record) {
        this.markUnrecognised(raw, nowMs, result);
        continue;
      }
      const known = this.entries.get(record.id);
      if (!known) {
        this.entries.set(record.id, { record });
        result.changed = true;
        continue;
      }
      const hadAnomaly = known.anomaly !== undefined;
      delete known.anomaly;
      if (record.updated_at < known.record.updated_at || sameJson(record, known.record)) {
        result.changed ||= hadAnomaly;
        continue;
      }
      const from = known.record.status;
      known.record = record;
      result.changed = true;
      if (from !== record.status) result.transitions.push({ entry: known, from });
    }
    return result;
  }

  /** A record with a usable id but a status that cannot be understood. */
  private markUnrecognised(raw: unknown, nowMs: number, result: MergeResult): void {
    if (!isObject(raw) || typeof raw.id !== 'string' || !SAFE_ID.test(raw.id)) return;
    const rawStatus = typeof raw.status === 'string' ? raw.status : (JSON.stringify(raw.status) ?? 'nothing');
    let entry = this.entries.get(raw.id);
    if (!entry) {
      const createdAt = timestamp(raw.created_at) ?? Math.floor(nowMs / 1000);
      entry = { record: { id: raw.id, model: typeof raw.model === 'string' ? raw.model : '', status: 'queued', created_at: createdAt, updated_at: 0 } };
      this.entries.set(raw.id, entry);
    }
    if (entry.anomaly && sameJson(entry.anomaly.raw, raw)) return;
    if (!entry.anomaly) result.unrecognised.push(entry);
    entry.anomaly = { rawStatus, raw, since: entry.anomaly?.since ?? nowMs };
    result.changed = true;
  }

  remove(id: string, nowMs = Date.now()): TaskEntry | undefined {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    if (entry) this.removed.set(id, nowMs);
    return entry;
  }

  /**
   * Takes in what another window saved in the shared file: tasks unknown
   * here, newer records, downloads, and removals. No transitions: the window
   * that polled reports them (and saves the results). True when anything changed.
   */
  adopt(value: unknown): boolean {
    const other = TaskRegistry.fromJSON(value);
    let changed = false;
    for (const [id, at] of other.removed) {
      if (!this.removed.has(id)) this.removed.set(id, at);
      changed = this.entries.delete(id) || changed;
    }
    for (const stored of other.entries.values()) {
      const id = stored.record.id;
      const known = this.entries.get(id);
      if (this.removed.has(id)) continue;
      if (!known) {
        this.entries.set(id, stored);
        changed = true;
        continue;
      }
      if (stored.record.updated_at > known.record.updated_at) {
        known.record = stored.record;
        if (stored.anomaly) known.anomaly = stored.anomaly;
        else delete known.anomaly;
        changed = true;
      }
      if (!known.local && stored.local) {
        known.local = stored.local;
        changed = true;
      }
      const downloads = { ...stored.downloads, ...known.downloads };
      if (Object.keys(downloads).length && !sameJson(downloads, known.downloads ?? {})) {
        known.downloads = downloads;
        changed = true;
      }
    }
    return changed;
  }

  setDownloads(id: string, downloads: TaskDownloads): void {
    const entry = this.entries.get(id);
    if (entry) entry.downloads = { ...entry.downloads, ...downloads };
  }

  /** Drops the tasks the gateway no longer keeps; true when any went. */
  prune(nowMs: number): boolean {
    let removed = false;
    for (const [id, entry] of this.entries) {
      if (nowMs - entry.record.created_at * 1000 > TASK_RETENTION_MS) {
        this.entries.delete(id);
        removed = true;
      }
    }
    // A removal older than the retention names a task no window can still have.
    for (const [id, at] of this.removed) {
      if (nowMs - at > TASK_RETENTION_MS) {
        this.removed.delete(id);
        removed = true;
      }
    }
    return removed;
  }

  toJSON(): PersistedTasks {
    return { version: FORMAT_VERSION, tasks: this.all(), ...(this.removed.size ? { removed: Object.fromEntries(this.removed) } : {}) };
  }

  /** Reads what toJSON wrote; anything malformed (an older or damaged state) is skipped, not fatal. */
  static fromJSON(value: unknown): TaskRegistry {
    if (!isObject(value) || value.version !== FORMAT_VERSION || !Array.isArray(value.tasks)) return new TaskRegistry();
    const removed = isObject(value.removed) ? Object.entries(value.removed).filter((e): e is [string, number] => typeof e[1] === 'number') : [];
    return new TaskRegistry(value.tasks.filter(isUsableEntry), removed);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Ids as validateTaskId allows them (one safe path segment). */
const SAFE_ID = /^(?!\.+$)[A-Za-z0-9._~-]{1,256}$/;

/** Unix seconds as a number, or as a string of digits (some proxies send them so). */
function timestamp(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The server's record made usable: timestamps as numbers, a missing
 * `updated_at` taken as no older than the known record's. Undefined when the
 * id, model or status cannot be understood.
 */
function normaliseRecord(value: unknown, knownRecord: (id: string) => TaskRecord | undefined): TaskRecord | undefined {
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '' || !isTaskStatus(value.status)) return undefined;
  const known = knownRecord(value.id);
  const created = timestamp(value.created_at) ?? known?.created_at;
  if (created === undefined) return undefined;
  const updated = timestamp(value.updated_at) ?? Math.max(known?.updated_at ?? 0, created);
  const model = typeof value.model === 'string' ? value.model : (known?.model ?? '');
  const record = { ...value, model, created_at: created, updated_at: updated } as TaskRecord;
  return isUsableRecord(record) ? record : undefined;
}

function isUsableRecord(value: unknown): value is TaskRecord {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.model === 'string' &&
    isTaskStatus(value.status) &&
    typeof value.created_at === 'number' &&
    typeof value.updated_at === 'number'
  );
}

function isUsableRecipe(value: unknown): value is TaskRecipe {
  return (
    isObject(value) &&
    typeof value.model === 'string' &&
    typeof value.prompt === 'string' &&
    Array.isArray(value.images) &&
    value.images.every((i) => isObject(i) && typeof i.source === 'string') &&
    isObject(value.settings) &&
    (value.settingsAs === 'body' || value.settingsAs === 'flags')
  );
}

function isUsableEntry(value: unknown): value is TaskEntry {
  if (!isObject(value) || !isUsableRecord(value.record)) return false;
  if (value.downloads !== undefined && !isObject(value.downloads)) return false;
  if (value.local === undefined) return true;
  return (
    isObject(value.local) &&
    typeof value.local.createdAt === 'number' &&
    isUsableRecipe(value.local.recipe) &&
    (value.local.outputFolder === undefined || typeof value.local.outputFolder === 'string')
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
