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
  /**
   * The output folder of the window that created it (absolute): its results
   * are saved there, whichever window saves them (the task file is shared
   * by every window, whatever its workspace).
   */
  outputFolder?: string;
}

/** Where a task created here comes from: Retry of another, in which output folder. */
export type TaskOrigin = Pick<LocalTaskInfo, 'retryOf' | 'outputFolder'>;

/**
 * The server's last answer for this task could not be understood (a status
 * the extension does not know): the task stays visible with that raw status
 * and a warning, and is polled for a bounded time only.
 */
export interface TaskAnomaly {
  /** The status as the server wrote it (JSON of a non-string). */
  rawStatus: string;
  /** The server's last record, as received. */
  raw: unknown;
  /** Epoch ms of the first answer that could not be understood, since the last one that could. */
  since: number;
}

export interface TaskEntry {
  /** The server's last answer (for a task just created here, a stand-in until the first poll). */
  record: TaskRecord;
  /** Set while the server's answers for this task cannot be understood. */
  anomaly?: TaskAnomaly;
  local?: LocalTaskInfo;
  /** Absolute paths of the downloaded results. */
  downloads?: TaskDownloads;
}

export const TASK_STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'];

/** What the Video Tasks view groups by: the status, or `unrecognised` while the server's answer cannot be understood. */
export type ShownStatus = TaskStatus | 'unrecognised';

export function shownStatus(entry: TaskEntry): ShownStatus {
  return entry.anomaly ? 'unrecognised' : entry.record.status;
}

/** How long a task whose status cannot be understood is still polled; Refresh asks again. */
export const UNRECOGNISED_POLL_MS = 10 * 60 * 1000;

/** Statuses from which the task can still change by itself. */
export function isActive(status: TaskStatus): boolean {
  return status === 'queued' || status === 'running';
}

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}
