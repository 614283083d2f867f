/**
 * Creates video tasks from the guided input, a caller's argument object, or
 * (Retry) the recipe of an earlier task. The POST is sent once: when its
 * outcome is unknown, the server's list is reloaded so that a task created
 * anyway shows up, and nothing is re-sent.
 */
import * as vscode from 'vscode';
import { isGatewayError } from '../gateway/errors';
import { TASK_IMAGE_MAX_BYTES, TASK_IMAGE_MIME_TYPES } from '../gateway/validation/limits';
import { isHttpUrl } from '../gateway/validation/media';
import { readAsDataUrl, resolveWorkspacePath } from '../output/workspaceMedia';
import { withCancellableProgress } from '../platform/progress';
import { isCreateTaskArgs, recipeFromArgs } from '../tasks/createTaskArgs';
import type { TaskImageRole } from '../gateway/types/tasks';
import type { TaskEntry, TaskImageInput, TaskRecipe } from '../tasks/taskEntry';
import { askForTaskRecipe, type CreateFlowServices } from './createTaskFlow';
import { workspaceRoot } from './pickWorkspaceImages';
import type { VideoTasks } from './videoTasks';
import { t } from '../l10n/localize';

export class TaskCreator {
  constructor(
    private readonly tasks: VideoTasks,
    private readonly services: CreateFlowServices,
    private readonly reveal: (entry: TaskEntry) => Thenable<void>,
    /** This window's output folder, where the task's results are to be saved; undefined without one. */
    private readonly outputFolder: () => string | undefined,
  ) {}

  /** From a caller's argument object, or else the guided input (prompt prefilled from the editor's selection). */
  async createFromCommand(arg: unknown): Promise<string | undefined> {
    const recipe = isCreateTaskArgs(arg)
      ? recipeFromArgs(arg, this.services.settings.model('videoTask'))
      : await askForTaskRecipe(this.services, selectedText());
    return recipe && this.create(recipe);
  }

  /** Sends one create request; returns the new task's id. */
  async create(recipe: TaskRecipe, retryOf?: string): Promise<string> {
    const tracker = this.tasks.require();
    const root = workspaceRoot();
    try {
      const entry = await withCancellableProgress(t('GenAI Gateway: creating the video task…'), (signal) =>
        tracker.create(recipe, (input) => imageUrlOf(input, root), signal, { retryOf, outputFolder: this.outputFolder() }),
      );
      void this.reveal(entry);
      return entry.record.id;
    } catch (error) {
      if (!outcomeUnknown(error)) throw error;
      tracker.refresh().catch(() => undefined);
      // Its message holds the raw reply, its advice and request id say what to do.
      if (isGatewayError(error) && error.code === 'task_id_missing') throw new Error(error.userMessage);
      const maybeCreated = t('The gateway may have created the task anyway; it was not sent again. If it was created, it appears in the Video Tasks view.');
      throw new Error(`${error instanceof Error ? error.message : String(error)} ${maybeCreated}`);
    }
  }
}

/** The URL of an input image: an http(s) URL as is, a file as a data URL within the task limits. */
async function imageUrlOf(input: TaskImageInput, root: string | undefined): Promise<string> {
  if (isHttpUrl(input.source)) return input.source;
  const label = input.role ? imageLabel(input.role) : t('input image');
  return readAsDataUrl(resolveWorkspacePath(input.source, root), { mimeTypes: TASK_IMAGE_MIME_TYPES, maxBytes: TASK_IMAGE_MAX_BYTES }, label, input.source);
}

/** What an error calls an input image of this role. */
function imageLabel(role: TaskImageRole): string {
  return { first_frame: t('first frame image'), last_frame: t('last frame image'), reference_image: t('reference image') }[role];
}

/** The request may have reached the gateway: a broken connection or timeout after sending, an answer cut short, a cancel, a 5xx but 503. */
function outcomeUnknown(error: unknown): boolean {
  if (!isGatewayError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'stream' || error.kind === 'aborted') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500 && error.status !== 503;
}

function selectedText(): string {
  const editor = vscode.window.activeTextEditor;
  return editor ? editor.document.getText(editor.selection).trim() : '';
}
