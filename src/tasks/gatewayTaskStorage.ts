/**
 * Saves the tasks of each gateway under one key of a key-value store (a
 * JsonFileStore in the extension's global storage): tasks belong to the
 * gateway account, not to a workspace, and a task id means nothing to
 * another gateway.
 */
import type { PersistedTasks } from './taskRegistry';
import type { TaskStorage } from './taskTracker';

/** What the store offers (the shape of vscode.Memento, so either fits). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const TASKS_STATE_KEY = 'genaiGateway.videoTasks';

/** The JsonFileStore's file in the extension's global storage folder. */
export const TASKS_FILE_NAME = 'video-tasks.json';

export function gatewayTaskStorage(store: KeyValueStore, baseUrl: string): TaskStorage {
  const gateway = baseUrl.replace(/\/+$/, '');
  const all = (): Record<string, PersistedTasks> => store.get<Record<string, PersistedTasks>>(TASKS_STATE_KEY) ?? {};
  return {
    load: () => all()[gateway],
    save: (value) => store.update(TASKS_STATE_KEY, { ...all(), [gateway]: value }),
  };
}
