/**
 * What the extension knows about one video task: the server's last answer
 * and, for a task created here, what it was created from and where its
 * results went. Plain data, persisted as JSON.
 */
import type { TaskCreateRequest, TaskImageRole, TaskRecord, TaskStatus } from '../gateway/types/tasks';

/** An input image: a workspace-relative (or absolute) file path, or an http(s) URL. */
export interface TaskImageInput {
  source: string;
  role?: TaskImageRole;
}

/** The settings a task can carry either as body fields or as inline flags of its text. */
export interface TaskSettingChoices {
  ratio?: TaskCreateRequest['ratio'];
  duration?: number;
  resolution?: TaskCreateRequest['resolution'];
  camerafixed?: boolean;
  seed?: number;
  watermark?: boolean;
}

/** Everything a task was created from, so it can be shown and created again. */
export interface TaskRecipe {
  model: string;
  /** The prompt as the user wrote it, inline flags included. */
  prompt: string;
  images: TaskImageInput[];
  settings: TaskSettingChoices;
  /** Whether `settings` go into the body or are appended to the prompt as `--flag value`. */
  settingsAs: 'body' | 'flags';
  /** Second generation only. */
  generateAudio?: boolean;
  returnLastFrame?: boolean;
}

export interface TaskDownloads {
  video?: string;
  lastFrame?: string;
}

export interface LocalTaskInfo {
  recipe: TaskRecipe;
  /** Epoch ms when it was created here. */
  createdAt: number;
  /** The task this one re-created, when it came from Retry. */
  retryOf?: string;
}

export interface TaskEntry {
  /** The server's last answer (for a task just created here, a stand-in until the first poll). */
  record: TaskRecord;
  local?: LocalTaskInfo;
  /** Absolute paths of the downloaded results. */
  downloads?: TaskDownloads;
}

export const TASK_STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'];

/** Statuses from which the task can still change by itself. */
export function isActive(status: TaskStatus): boolean {
  return status === 'queued' || status === 'running';
}

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}
