/**
 * A media tool call's views for the webview, from the references kept in
 * the conversation: each file checked to exist and turned into a webview
 * URI only inside the output folder, a task's status read from the Video
 * Tasks view's tracker. No vscode import: unit-tested in Node.
 */
import * as path from 'node:path';
import type { ToolMedia } from '../chat/toolMedia';
import { describeGeneratedVideo } from '../gateway/mediaUsage';
import type { ImageView, MediaView, VideoTaskView } from '../protocol/chatMediaProtocol';
import { elapsedMs, taskLabel } from '../tasks/taskText';
import { isActive, shownStatus, type TaskEntry } from '../tasks/taskEntry';

export interface MediaViewSources {
  /** The file's webview URI when it is inside the output folder the view may load from; undefined otherwise. */
  webviewUri(file: string): string | undefined;
  exists(file: string): Promise<boolean>;
  /** What the Video Tasks view's tracker knows of the task. */
  task(id: string): TaskEntry | undefined;
  now(): number;
}

export async function mediaViewOf(media: ToolMedia, sources: MediaViewSources): Promise<MediaView> {
  switch (media.kind) {
    case 'images':
      return { kind: 'images', images: await Promise.all(media.files.map((file) => imageView(file, sources))) };
    case 'videoTask':
      return { kind: 'videoTask', task: await videoTaskView(media.taskId, sources) };
    case 'speech':
      return media.file === undefined
        ? { kind: 'speech' }
        : { kind: 'speech', file: { name: path.basename(media.file), missing: !(await sources.exists(media.file)) } };
  }
}

async function imageView(file: string, sources: MediaViewSources): Promise<ImageView> {
  const name = path.basename(file);
  if (!(await sources.exists(file))) return { name, missing: 'deleted' };
  const src = sources.webviewUri(file);
  return src === undefined ? { name, missing: 'outside' } : { name, src };
}

async function videoTaskView(taskId: string, sources: MediaViewSources): Promise<VideoTaskView> {
  const entry = sources.task(taskId);
  if (!entry) return { taskId, state: 'unknown', label: taskId };
  const { record, downloads } = entry;
  const view: VideoTaskView = { taskId, state: shownStatus(entry), label: taskLabel(entry) };
  if (isActive(record.status)) view.startedAt = record.created_at * 1000;
  else view.tookMs = elapsedMs(record, sources.now());
  if (record.error?.message) view.error = record.error.message;
  const generated = record.status === 'succeeded' ? describeGeneratedVideo(record) : undefined;
  if (generated) view.generated = generated;
  if (downloads?.video && (await sources.exists(downloads.video))) view.video = path.basename(downloads.video);
  if (downloads?.lastFrame && (await sources.exists(downloads.lastFrame))) view.poster = sources.webviewUri(downloads.lastFrame);
  return view;
}

/** True when `file` lies inside `folder` (not the folder itself, no `..` escape). */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}
