/**
 * The chat's media as the webview shows them: the host turns each media
 * tool call's file references and task id into these views (webview URIs
 * of files in the output folder, a task's live status), and the webview
 * answers with actions naming a call and an index, never a path.
 */

export interface ImageView {
  /** The file name, for the tooltip and screen readers. */
  name: string;
  /** The webview URI of the file; absent when it cannot be shown (see `missing`). */
  src?: string;
  /** Why there is no picture: the file was deleted, or it is outside the output folder the view may load from. */
  missing?: 'deleted' | 'outside';
}

/** A task's status as the Video Tasks view knows it; `unknown`: it does not know the task (another gateway, or dropped). */
export type VideoTaskState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired' | 'unrecognised' | 'unknown';

export interface VideoTaskView {
  taskId: string;
  state: VideoTaskState;
  /** The task's prompt, shortened. */
  label: string;
  /** Epoch ms the elapsed time counts from while queued or running. */
  startedAt?: number;
  /** How long it took, once finished. */
  tookMs?: number;
  /** The gateway's reason for a failure. */
  error?: string;
  /** The last frame's webview URI, once saved. */
  poster?: string;
  /** The saved video's file name; absent before it is downloaded. */
  video?: string;
  /** What the finished task says it made ("5 s video, 720p, 16:9, 24 fps, 108,900 tokens"), where it says. */
  generated?: string;
}

export type MediaView =
  | { kind: 'images'; images: ImageView[] }
  | { kind: 'videoTask'; task: VideoTaskView }
  /** A reading (no file), or speech saved as an audio file. */
  | { kind: 'speech'; file?: { name: string; missing: boolean } };

export interface CallMedia {
  callId: string;
  media: MediaView;
}

/**
 * open: VS Code's preview; saveAs: a copy where the user chooses; reveal: in
 * the Explorer (or the OS's file manager outside the workspace);
 * useAsReference / useAsFirstFrame: a new image or video from an image;
 * play / extend: a video task's video (downloaded first when needed);
 * readAgain: a read_aloud call's text, read again.
 */
export const MEDIA_ACTIONS = ['open', 'saveAs', 'reveal', 'useAsReference', 'useAsFirstFrame', 'play', 'extend', 'readAgain'] as const;
export type MediaAction = (typeof MEDIA_ACTIONS)[number];
