/**
 * Saves the tasks of each gateway under one key of a key-value store (a
 * JsonFileStore in the extension's global storage): tasks belong to the
 * gateway account, not to a workspace, and a task id means nothing to
 * another gateway.
 */
import type { Lease } from './pollLease';
import type { PersistedTasks } from './taskRegistry';
import type { TaskStorage } from './taskTracker';

/** What the store offers (the shape of vscode.Memento, so either fits). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
  /** Reads again what other windows wrote; only a store shared between windows (the JsonFileStore) has it, and watch. */
  reread?(): Promise<void>;
  /** Calls back when another window may have written; returns the function that stops it. */
  watch?(onChange: () => void): () => void;
  /** Replaces a key with what `next` makes of its value on disk, with no other window writing in between (a compare-and-set). */
  change?<T>(key: string, next: (onDisk: unknown) => T | undefined): Promise<T | undefined>;
}

export const TASKS_STATE_KEY = 'genaiGateway.videoTasks';
/** Per gateway, the lease of the window that polls (pollLease.ts). */
export const TASKS_LEASE_KEY = 'genaiGateway.videoTasks.pollLease';

/** The JsonFileStore's file in the extension's global storage folder. */
export const TASKS_FILE_NAME = 'video-tasks.json';

export function gatewayTaskStorage(store: KeyValueStore, baseUrl: string): TaskStorage {
  const gateway = baseUrl.replace(/\/+$/, '');
  const all = (): Record<string, PersistedTasks> => store.get<Record<string, PersistedTasks>>(TASKS_STATE_KEY) ?? {};
  const reread = store.reread?.bind(store);
  const watch = store.watch?.bind(store);
  const change = store.change?.bind(store);
  /** Changes this gateway's value under `key` on disk, with no other window writing in between; undefined from `next` leaves it. */
  const changeOwn =
    change &&
    ((key: string, next: (current: unknown) => unknown) =>
      change(key, (onDisk) => {
        const byGateway = isRecord(onDisk) ? onDisk : {};
        const value = next(byGateway[gateway]);
        return value === undefined ? undefined : { ...byGateway, [gateway]: value };
      }));
  return {
    load: () => all()[gateway],
    save: (value) => store.update(TASKS_STATE_KEY, { ...all(), [gateway]: value }),
    ...(reread &&
      watch &&
      changeOwn && {
        shared: {
          reread,
          watch,
          saveMerged: async (merge: (stored: unknown) => PersistedTasks) => {
            await changeOwn(TASKS_STATE_KEY, merge);
          },
          changeLease: async (next: (current: unknown) => Lease | undefined) => {
            let written: Lease | undefined;
            await changeOwn(TASKS_LEASE_KEY, (current) => (written = next(current)));
            return written;
          },
        },
      }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
