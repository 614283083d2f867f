/** Whether the stored tasks of a gateway need the extension without being asked: read at startup. Pure. */
import { TaskRegistry } from './taskRegistry';
import { unsavedResults } from './unsavedResults';

/** Unfinished tasks to poll, or succeeded ones whose video a closed window never saved. */
export function tasksNeedWork(stored: unknown, nowMs: number): boolean {
  const registry = TaskRegistry.fromJSON(stored);
  return registry.activeIds(nowMs).length > 0 || unsavedResults(registry.all(), nowMs).length > 0;
}
