/** Wire types of /v1/contents/generations/tasks (asynchronous video). */

export type TaskImageRole = 'first_frame' | 'last_frame' | 'reference_image';

export type TaskContentItem = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string }; role?: TaskImageRole };

export type TaskRatio = '16:9' | '4:3' | '1:1' | '3:4' | '9:16' | '21:9' | 'adaptive';
export type TaskResolution = '480p' | '720p' | '1080p';

export interface TaskCreateRequest {
  model: string;
  content: TaskContentItem[];
  ratio?: TaskRatio;
  duration?: number;
  resolution?: TaskResolution;
  camerafixed?: boolean;
  seed?: number;
  watermark?: boolean;
  return_last_frame?: boolean;
  callback_url?: string;
  /** Second generation only. */
  generate_audio?: boolean;
}

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

export interface TaskRecord {
  id: string;
  model: string;
  status: TaskStatus;
  content?: { video_url?: string; last_frame_url?: string };
  seed?: number;
  resolution?: string;
  ratio?: string;
  duration?: number;
  framespersecond?: number;
  usage?: { completion_tokens?: number; total_tokens?: number };
  created_at: number;
  updated_at: number;
  error?: { code: string; message: string } | null;
}

export interface TaskList {
  total: number;
  items: TaskRecord[];
  /**
   * Set by the client when the status filter was applied to the page here
   * (the server refuses it, e.g. `expired`): `total` then counts every
   * status, and a page may hold fewer items than page_size.
   */
  filteredLocally?: true;
}

export interface TaskListQuery {
  page_num?: number;
  page_size?: number;
  status?: TaskStatus;
  model?: string;
  task_ids?: string[];
}
