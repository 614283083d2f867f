/** Asynchronous video tasks. Status follows the clock (no timers), so tests only need to wait. */

import type { TaskStatus } from '../../../src/gateway/types/tasks';
import { taskId } from '../core/ids';

export type TaskOutcome = 'succeeded' | 'failed' | 'expired';

export interface TaskParams {
  resolution: '480p' | '720p' | '1080p';
  ratio: string;
  duration: number;
  framesPerSecond: number;
  seed: number;
  returnLastFrame: boolean;
}

export interface StoredTask {
  id: string;
  model: string;
  prompt: string;
  params: TaskParams;
  outcome: TaskOutcome;
  createdMs: number;
  queuedMs: number;
  runningMs: number;
  cancelledMs?: number;
}

export type DeleteResult = 'cancelled' | 'removed' | 'not-found' | 'running' | 'already-cancelled';

export class TaskStore {
  private readonly tasks = new Map<string, StoredTask>();

  create(init: Omit<StoredTask, 'id' | 'createdMs'>, now: number): StoredTask {
    let id = taskId(new Date(now));
    while (this.tasks.has(id)) id = taskId(new Date(now));
    const task: StoredTask = { ...init, id, createdMs: now };
    this.tasks.set(id, task);
    return task;
  }

  get(id: string): StoredTask | undefined {
    return this.tasks.get(id);
  }

  /** Oldest first. */
  all(): StoredTask[] {
    return [...this.tasks.values()];
  }

  delete(id: string, now: number): DeleteResult {
    const task = this.tasks.get(id);
    if (!task) return 'not-found';
    const status = statusAt(task, now);
    if (status === 'queued') {
      task.cancelledMs = now;
      return 'cancelled';
    }
    if (status === 'running') return 'running';
    if (status === 'cancelled') return 'already-cancelled';
    this.tasks.delete(id);
    return 'removed';
  }
}

export function statusAt(task: StoredTask, now: number): TaskStatus {
  if (task.cancelledMs !== undefined) return 'cancelled';
  const elapsed = now - task.createdMs;
  if (elapsed < task.queuedMs) return 'queued';
  if (elapsed < task.queuedMs + task.runningMs) return 'running';
  return task.outcome;
}

/** When the current status began, in ms. */
export function statusSinceMs(task: StoredTask, now: number): number {
  switch (statusAt(task, now)) {
    case 'queued':
      return task.createdMs;
    case 'running':
      return task.createdMs + task.queuedMs;
    case 'cancelled':
      return task.cancelledMs ?? task.createdMs;
    default:
      return task.createdMs + task.queuedMs + task.runningMs;
  }
}
