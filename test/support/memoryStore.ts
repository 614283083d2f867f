/** The tasks' key-value store in memory, copying values in and out as a real store's JSON would. */
import type { KeyValueStore } from '../../src/tasks/gatewayTaskStorage';

export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return structuredClone(this.values.get(key)) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
    return Promise.resolve();
  }
}
