/**
 * Saves the tasks of each gateway under one key of a key-value store
 * (VS Code's globalState): tasks belong to the gateway account, not to a
 * workspace, and a task id means nothing to another gateway.
 */
import type { PersistedTasks } from './taskRegistry';
import type { TaskStorage } from './taskTracker';

/** The part of vscode.Memento used here. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const TASKS_STATE_KEY = 'genaiGateway.videoTasks';

export function gatewayTaskStorage(store: KeyValueStore, baseUrl: string): TaskStorage {
  const gateway = baseUrl.replace(/\/+$/, '');
  const all = (): Record<string, PersistedTasks> => store.get<Record<string, PersistedTasks>>(TASKS_STATE_KEY) ?? {};
  return {
    load: () => all()[gateway],
    save: (value) => store.update(TASKS_STATE_KEY, { ...all(), [gateway]: value }),
  };
}
