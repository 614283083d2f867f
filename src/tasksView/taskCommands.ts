/**
 * The video task commands. Each takes an optional argument: a tree node (menus),
 * or `{ taskId, confirmed? }` from callers without UI; with neither, it asks
 * which task. Confirmations guard what costs money or cannot be undone.
 */
import * as vscode from 'vscode';
import type { TaskStatus } from '../gateway/types/tasks';
import { showError } from '../platform/notify';
import { isCreateTaskArgs } from '../tasks/createTaskArgs';
import { isActive, TASK_STATUSES, type TaskEntry } from '../tasks/taskEntry';
import { describeTaskRequest } from '../tasks/taskRecipe';
import { STATUS_LABELS, taskDescription, taskLabel } from '../tasks/taskText';
import { TASK_COMMANDS, TASKS_VIEW_ID } from '../mediaActions/commandIds';
import type { TaskCreator } from './taskCreator';
import { announceVideo, type TaskResults } from './taskResults';
import type { TaskTreeNode, TaskTreeProvider } from './taskTreeProvider';
import type { VideoTasks } from './videoTasks';
import { t } from '../l10n/localize';

/** What the item commands take besides a tree node. */
export interface TaskCommandArgs {
  taskId: string;
  /** Skips the confirmation (callers that confirmed themselves). */
  confirmed?: boolean;
}

export interface TaskCommandDeps {
  tasks: VideoTasks;
  results: TaskResults;
  creator: TaskCreator;
  tree: TaskTreeProvider;
}

const FINISHED_DELETABLE: readonly TaskStatus[] = ['succeeded', 'failed', 'expired'];

export function registerTaskCommands(deps: TaskCommandDeps): vscode.Disposable[] {
  const { tasks, results, creator, tree } = deps;
  /** `throwsFor`: whether the caller of these arguments takes failures itself instead of having them shown. */
  const command = <A extends unknown[], R>(id: string, failure: string, run: (...args: A) => Promise<R>, throwsFor?: (...args: A) => boolean) =>
    vscode.commands.registerCommand(id, async (...args: A): Promise<R | undefined> => {
      try {
        return await run(...args);
      } catch (error) {
        if (throwsFor?.(...args)) throw error;
        void showError(failure, error);
        return undefined;
      }
    });
  const task = (arg: unknown, placeHolder: string, fits: (e: TaskEntry) => boolean) => resolveTask(tasks, arg, placeHolder, fits);

  return [
    command(
      TASK_COMMANDS.create,
      t('GenAI Gateway: the video task was not created'),
      (arg?: unknown) => creator.createFromCommand(arg),
      (arg?: unknown) => isCreateTaskArgs(arg) && arg.throwErrors === true,
    ),
    command(TASK_COMMANDS.refresh, t('GenAI Gateway: refreshing the video tasks failed'), async () => {
      await vscode.window.withProgress({ location: { viewId: TASKS_VIEW_ID } }, () => tasks.require().refresh(tree.statusFilter));
    }),
    command(TASK_COMMANDS.loadMore, t('GenAI Gateway: loading more video tasks failed'), () => tasks.require().loadMore(tree.statusFilter)),
    command(TASK_COMMANDS.filter, t('GenAI Gateway: filtering failed'), async (arg?: { status?: TaskStatus | 'all' }) => {
      const status = arg?.status ?? (await pickStatusFilter(tree.statusFilter));
      if (status === undefined) return;
      tree.setFilter(status === 'all' ? undefined : status);
    }),
    command(TASK_COMMANDS.openResult, t('GenAI Gateway: the result could not be opened'), async (arg?: unknown) => {
      const entry = await task(arg, t('The task whose video to open'), (e) => e.record.status === 'succeeded');
      return entry && results.openResult(entry.record.id);
    }),
    command(TASK_COMMANDS.download, t('GenAI Gateway: the result could not be downloaded'), async (arg?: unknown) => {
      const entry = await task(arg, t('The task whose video to download'), (e) => e.record.status === 'succeeded');
      if (!entry) return undefined;
      const downloads = await results.ensureDownloaded(entry.record.id, { lastFrameToo: true });
      if (downloads.video) void announceVideo(t('Video task "{0}"', taskLabel(entry)), downloads.video);
      return downloads;
    }),
    command(TASK_COMMANDS.copyId, t('GenAI Gateway: the task id could not be copied'), async (arg?: unknown) => {
      const entry = await task(arg, t('The task whose id to copy'), () => true);
      if (entry) await vscode.env.clipboard.writeText(entry.record.id);
      return entry?.record.id;
    }),
    command(TASK_COMMANDS.cancel, t('GenAI Gateway: the task could not be cancelled'), async (arg?: unknown) => {
      const entry = await task(arg, t('The queued task to cancel'), (e) => e.record.status === 'queued');
      const message = entry && t('Cancel the queued video task "{0}"? It will not run.', taskLabel(entry));
      if (!entry || !message || !(await confirmed(arg, message, t('Cancel Task')))) return undefined;
      return tasks.require().cancelOrDelete(entry.record.id);
    }),
    command(TASK_COMMANDS.delete, t('GenAI Gateway: the task could not be deleted'), async (arg?: unknown) => {
      const entry = await task(arg, t('The finished task to delete'), (e) => FINISHED_DELETABLE.includes(e.record.status));
      const message =
        entry && t('Delete the video task "{0}" from the gateway? Downloaded files stay in the workspace; its links stop working.', taskLabel(entry));
      if (!entry || !message || !(await confirmed(arg, message, t('Delete Task')))) return undefined;
      return tasks.require().cancelOrDelete(entry.record.id);
    }),
    command(TASK_COMMANDS.retry, t('GenAI Gateway: the video task was not created again'), async (arg?: unknown) => {
      const entry = await task(arg, t('The task to create again'), (e) => e.local !== undefined);
      if (!entry?.local) return undefined;
      const message = t(
        'Create a new video task with the same parameters as "{0}"? This is a new, paid task; {1} stays as it is.',
        taskLabel(entry),
        entry.record.id,
      );
      if (!(await confirmed(arg, message, t('Create New Task')))) return undefined;
      return creator.create(entry.local.recipe, entry.record.id);
    }),
    command(TASK_COMMANDS.showRequest, t('GenAI Gateway: the request could not be shown'), async (arg?: unknown) => {
      const entry = await task(arg, t('The task whose request to show'), () => true);
      if (!entry) return undefined;
      const request = entry.local
        ? await describeTaskRequest(entry.local.recipe)
        : { note: t('Not created here: the gateway does not return the request. Its record:'), task: entry.record };
      // A record the extension could not understand is shown as the gateway sent it.
      const shown = entry.anomaly
        ? {
            warning: t(
              'The gateway\'s last record of this task has a status this extension does not know ("{0}"), first seen {1}.',
              entry.anomaly.rawStatus,
              new Date(entry.anomaly.since).toISOString(),
            ),
            gatewayRecord: entry.anomaly.raw,
            ...(entry.local ? { request } : {}),
          }
        : request;
      const text = `${JSON.stringify(shown, null, 2)}\n`;
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content: text }), { preview: true });
      return text;
    }),
  ];
}

/** The task of a tree node or `{ taskId }`; otherwise, one the user picks among those that fit. */
async function resolveTask(tasks: VideoTasks, arg: unknown, placeHolder: string, fits: (e: TaskEntry) => boolean): Promise<TaskEntry | undefined> {
  const registry = tasks.require().registry;
  const id = taskIdOf(arg);
  if (id !== undefined) {
    const entry = registry.get(id);
    if (!entry) throw new Error(t('No video task {0} is known here.', id));
    return entry;
  }
  const candidates = registry.all().filter(fits);
  if (candidates.length === 0) {
    // The placeholder's first letter in lower case: it is the end of a sentence here.
    void vscode.window.showInformationMessage(t('GenAI Gateway: no video task fits ({0}).', placeHolder.charAt(0).toLowerCase() + placeHolder.slice(1)));
    return undefined;
  }
  const now = Date.now();
  const picked = await vscode.window.showQuickPick(
    candidates.map((entry) => ({
      label: taskLabel(entry),
      description: `${STATUS_LABELS[entry.record.status]} · ${taskDescription(entry, now)}`,
      detail: entry.record.id,
      entry,
    })),
    { title: t('GenAI Gateway: Video Tasks'), placeHolder, matchOnDetail: true },
  );
  return picked?.entry;
}

function taskIdOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const node = arg as Partial<TaskTreeNode> & Partial<TaskCommandArgs>;
  if (node.kind === 'task' && node.entry) return node.entry.record.id;
  return typeof node.taskId === 'string' ? node.taskId : undefined;
}

async function confirmed(arg: unknown, message: string, action: string): Promise<boolean> {
  if (typeof arg === 'object' && arg !== null && (arg as Partial<TaskCommandArgs>).confirmed === true) return true;
  return (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action;
}

async function pickStatusFilter(current: TaskStatus | undefined): Promise<TaskStatus | 'all' | undefined> {
  const items: Array<vscode.QuickPickItem & { value: TaskStatus | 'all' }> = [
    { label: t('All statuses'), description: current === undefined ? t('current') : undefined, value: 'all' },
    ...TASK_STATUSES.map((status) => ({
      label: STATUS_LABELS[status],
      description: [isActive(status) ? t('unfinished') : '', status === current ? t('current') : ''].filter(Boolean).join(' · ') || undefined,
      value: status,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: t('GenAI Gateway: Show Video Tasks'), placeHolder: t('Show only the tasks of one status') });
  return picked?.value;
}
