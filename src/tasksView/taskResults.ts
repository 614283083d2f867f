/**
 * A task's results in the workspace: the video (and last frame) downloaded
 * into the output folder, automatically when a task created here succeeds
 * (setting) or on demand, before the 24-hour links expire; notifications of
 * success and failure.
 */
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import type { GatewayClient } from '../gateway/client';
import { inertLinks, isGatewayError } from '../gateway/errors';
import type { TaskRecord } from '../gateway/types/tasks';
import { hasAacAudio } from '../output/mp4Audio';
import { announceSaved, type OutputFiles, type SavedAction } from '../output/outputFiles';
import { showError } from '../platform/notify';
import type { TaskDownloads, TaskEntry } from '../tasks/taskEntry';
import { describeTaskRequest } from '../tasks/taskRecipe';
import type { TaskTransition } from '../tasks/taskRegistry';
import { resultLinksExpireAt, STATUS_LABELS, taskLabel } from '../tasks/taskText';
import { TASK_COMMANDS } from '../mediaActions/commandIds';
import type { VideoTasks } from './videoTasks';
import { t } from '../l10n/localize';

export interface TaskResultsServices {
  clients: { get(): GatewayClient };
  settings: { videoTasksAutoDownload(): boolean };
  outputFiles: Pick<OutputFiles, 'newPath' | 'download' | 'writeSidecar'>;
  log: { info(message: string): void; warn(message: string): void };
}

export class TaskResults implements vscode.Disposable {
  private readonly downloading = new Map<string, Promise<TaskDownloads>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly tasks: VideoTasks,
    private readonly services: TaskResultsServices,
  ) {
    this.subscriptions = [
      tasks.onDidTransition((t) => void this.onTransition(t)),
      tasks.onDidDisappear((entry) => {
        if (entry.local) void vscode.window.showWarningMessage(t('GenAI Gateway: video task "{0}" no longer exists on the gateway.', taskLabel(entry)));
      }),
    ];
    // In the window whose turn it is: with several windows open, the one that polls; a window that takes over saves what another left.
    tasks.saveResultsWith({ enabled: () => services.settings.videoTasksAutoDownload(), save: (entry, signal) => this.autoDownload(entry, signal) });
  }

  /**
   * Downloads the results of a succeeded task (asking the gateway first, for
   * links that are still valid); one download per task at a time.
   */
  private download(id: string, signal?: AbortSignal): Promise<TaskDownloads> {
    const running = this.downloading.get(id);
    if (running) return running;
    const download = this.downloadOnce(id, signal).finally(() => this.downloading.delete(id));
    this.downloading.set(id, download);
    return download;
  }

  /** The downloaded video, opened; downloaded first when needed. */
  async openResult(id: string): Promise<string> {
    const { video } = await this.ensureDownloaded(id);
    if (!video) throw new Error(t('The task has no video.'));
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(video));
    return video;
  }

  /**
   * The saved results; downloaded (with a cancellable progress) when missing
   * or moved away. With `lastFrameToo` (the Download command), a last frame
   * that could not be downloaded before is tried again, beside the saved video.
   */
  async ensureDownloaded(id: string, options: { lastFrameToo?: boolean } = {}): Promise<TaskDownloads> {
    const entry = this.tasks.require().registry.get(id);
    const saved = entry?.downloads;
    const frameMissing = options.lastFrameToo === true && !saved?.lastFrame && entry?.record.content?.last_frame_url !== undefined;
    if (saved?.video && !frameMissing && (await exists(saved.video))) return saved;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('GenAI Gateway: downloading the video task result…'), cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return this.download(id, abort.signal);
      },
    );
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private async downloadOnce(id: string, signal?: AbortSignal): Promise<TaskDownloads> {
    const tracker = this.tasks.require();
    const entry = await tracker.refreshOne(id, signal);
    if (!entry) throw new Error(t('The task {0} no longer exists on the gateway.', id));
    const { record } = entry;
    if (record.status !== 'succeeded' || !record.content?.video_url) {
      throw new Error(t('The task {0} has no result to download: it is {1}.', id, STATUS_LABELS[record.status].toLowerCase()));
    }
    const client = this.services.clients.get();
    const { outputFiles } = this.services;
    const name = entry.local ? entry.local.recipe.prompt : record.id;
    const finishedAt = new Date(record.updated_at * 1000);
    const saved = entry.downloads?.video;
    try {
      // A video saved before (its last frame missing) is not downloaded again.
      const video =
        saved && (await exists(saved))
          ? saved
          : await outputFiles.download(
              client,
              record.content.video_url,
              await outputFiles.newPath(name, 'mp4', undefined, finishedAt, entry.local?.outputFolder),
              signal,
            );
      const downloads: TaskDownloads = { video };
      // Recorded at once: the paid result is saved whatever becomes of the last frame, and no window downloads it again.
      tracker.setDownloads(id, downloads);
      if (record.content.last_frame_url) {
        const framePath = path.join(path.dirname(video), `${path.basename(video, '.mp4')}-last-frame.png`);
        try {
          downloads.lastFrame = await outputFiles.download(client, record.content.last_frame_url, framePath, signal);
        } catch (error) {
          if (signal?.aborted) throw error;
          void showError(
            t('GenAI Gateway: the last frame of video task "{0}" could not be downloaded (Download tries again)', taskLabel(entry)),
            explainExpiredLink(error, record),
          );
        }
      }
      tracker.setDownloads(id, downloads);
      await this.writeSidecar(entry, video, downloads);
      this.services.log.info(`Video task ${id} saved as ${video}.`);
      return downloads;
    } catch (error) {
      throw explainExpiredLink(error, record);
    }
  }

  /** The sidecar beside the saved video; the video stays saved and recorded when it cannot be written, which is said on its own. */
  private async writeSidecar(entry: TaskEntry, video: string, downloads: TaskDownloads): Promise<void> {
    try {
      await this.services.outputFiles.writeSidecar(video, await sidecarOf(entry, downloads));
    } catch (error) {
      this.services.log.warn(`The sidecar of video task ${entry.record.id} could not be written: ${error instanceof Error ? error.message : String(error)}`);
      void showError(
        t('GenAI Gateway: the video of task "{0}" is saved, but its sidecar (the request it came from) could not be written', taskLabel(entry)),
        error,
      );
    }
  }

  /** Downloads a succeeded task's results, then says where they are (or why not; nothing when the window is closing). */
  private async autoDownload(entry: TaskEntry, signal: AbortSignal): Promise<void> {
    const label = taskLabel(entry);
    try {
      const downloads = await this.download(entry.record.id, signal);
      if (downloads.video) void announceVideo(t('Video task "{0}"', label), downloads.video);
    } catch (error) {
      if (!signal.aborted) void showError(t('GenAI Gateway: the video of task "{0}" could not be downloaded', label), error);
    }
  }

  private async onTransition({ entry }: TaskTransition): Promise<void> {
    const { record } = entry;
    if (!entry.local) return;
    const label = taskLabel(entry);
    // Saved automatically at the turn of the window that polls (saveResultsWith above).
    if (record.status === 'succeeded' && !this.services.settings.videoTasksAutoDownload()) {
      const [download, open] = [t('Download'), t('Open')];
      const choice = await vscode.window.showInformationMessage(t('GenAI Gateway: video task "{0}" succeeded.', label), download, open);
      if (choice) await vscode.commands.executeCommand(choice === open ? TASK_COMMANDS.openResult : TASK_COMMANDS.download, { taskId: record.id });
      return;
    }
    if (record.status === 'failed' || record.status === 'expired') {
      const reason = record.error ? inertLinks(`${record.error.code}: ${record.error.message}`) : STATUS_LABELS[record.status];
      const message =
        record.status === 'failed'
          ? t('GenAI Gateway: video task "{0}" failed: {1}', label, reason)
          : t('GenAI Gateway: video task "{0}" expired: {1}', label, reason);
      const [retry, showRequest] = [t('Retry…'), t('Show Request')];
      const choice = await vscode.window.showErrorMessage(message, retry, showRequest);
      if (choice) await vscode.commands.executeCommand(choice === retry ? TASK_COMMANDS.retry : TASK_COMMANDS.showRequest, { taskId: record.id });
    }
  }
}

/** "Saved as …"; a video with AAC audio plays silently inside VS Code (gaps.md), so that is said and the system player offered. */
export async function announceVideo(what: string, video: string): Promise<void> {
  if (!(await hasAacAudio(video))) return announceSaved(what, [video]);
  const player: SavedAction = { title: t('Open in System Player'), run: () => vscode.env.openExternal(vscode.Uri.file(video)) };
  return announceSaved(what, [video], { note: t('Its AAC audio plays silently inside VS Code.'), actions: [player] });
}

/** What the sidecar keeps: the task without its expiring links, and the request it came from. */
async function sidecarOf(entry: TaskEntry, downloads: TaskDownloads): Promise<object> {
  const { content: _links, ...task } = entry.record;
  return {
    task,
    ...(entry.local ? { request: await describeTaskRequest(entry.local.recipe) } : {}),
    ...(downloads.lastFrame ? { lastFrame: path.basename(downloads.lastFrame) } : {}),
  };
}

/** A refused download after the links' lifetime is an expired link: say so. */
function explainExpiredLink(error: unknown, record: TaskRecord): unknown {
  const expiresAt = resultLinksExpireAt(record);
  if (!isGatewayError(error) || error.status !== 403 || expiresAt === undefined || Date.now() < expiresAt) return error;
  return new Error(
    t(
      'The result links of task {0} expired on {1} (they last 24 hours after the task finishes); the video can no longer be downloaded.',
      record.id,
      new Date(expiresAt).toISOString(),
    ),
  );
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
