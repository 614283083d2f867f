/**
 * The video tasks as other features may follow them: what the Video Tasks
 * view's tracker knows, fed by its poller alone, so a follower never adds a
 * request of its own. Implemented by the Video Tasks feature, wired in
 * extension.ts.
 */
import type { TaskDownloads, TaskEntry } from './taskEntry';

export interface VideoTaskFeed {
  /** What the tracker knows of the task now; undefined when it does not know it (another gateway, pruned). */
  entry(id: string): TaskEntry | undefined;
  /** Fires whenever any task changed (a poll answered, a download finished, the gateway changed). */
  onDidChange(listener: () => void): { dispose(): void };
  /** The task's saved results, downloaded first (with progress) when missing. */
  ensureDownloaded(id: string): Promise<TaskDownloads>;
}
