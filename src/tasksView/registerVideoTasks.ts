/** Wires the Video Tasks view into the extension: tracker, tree, badge, results and commands. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GatewayClient } from '../gateway/client';
import type { ModelPlace } from '../gateway/catalog';
import type { ModelObject } from '../gateway/types/models';
import { OutputFiles } from '../output/outputFiles';
import type { Settings } from '../platform/settings';
import { errorText } from '../gateway/errors';
import { TASKS_FILE_NAME } from '../tasks/gatewayTaskStorage';
import { JsonFileStore } from '../tasks/jsonFileStore';
import type { VideoTaskFeed } from '../tasks/taskFeed';
import { TASKS_VIEW_ID } from '../mediaActions/commandIds';
import { registerTaskCommands } from './taskCommands';
import { TaskCreator } from './taskCreator';
import { TaskResults } from './taskResults';
import { TaskTreeProvider, type TaskTreeNode } from './taskTreeProvider';
import { VideoTasks } from './videoTasks';
import { t } from '../l10n/localize';

export interface VideoTasksViewServices {
  clients: { get(): GatewayClient; readonly onDidChangeConnection: vscode.Event<void> };
  catalog: { list(signal?: AbortSignal): Promise<ModelObject[]>; placeOf(model: ModelObject): ModelPlace };
  settings: Settings;
  log: { info(message: string): void; warn(message: string): void };
}

/** How often the elapsed times of unfinished tasks are redrawn while the view is visible. */
const ELAPSED_REDRAW_MS = 5000;

/**
 * Returns the tasks as the view's tracker knows them, for other features (the chat's task cards): no polling of
 * their own; and what deactivate waits for: the poll lease let go.
 */
export function registerVideoTasks(
  context: vscode.ExtensionContext,
  services: VideoTasksViewServices,
): { feed: VideoTaskFeed; closeBeforeExit(): Promise<void> } {
  const { clients, settings, log } = services;
  // A file on the extension host: globalState lives in the browser under VS Code for the Web and code-server.
  const state = JsonFileStore.openSync(path.join(context.globalStorageUri.fsPath, TASKS_FILE_NAME));
  const tasks = new VideoTasks({ clients, settings, log, state });
  const outputFiles = new OutputFiles(settings);
  const results = new TaskResults(tasks, { clients, settings, outputFiles, log });
  const tree = new TaskTreeProvider(tasks, (error) => {
    const message = errorText(error);
    log.warn(`Listing the gateway's video tasks failed: ${message}`);
    view.message = t("The gateway's task list could not be loaded: {0} Refresh to try again.", message);
  });
  const view = vscode.window.createTreeView<TaskTreeNode>(TASKS_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const creator = new TaskCreator(
    tasks,
    services,
    (entry) => view.reveal({ kind: 'task', entry }, { select: true, focus: false }),
    () => outputFiles.currentFolder(),
  );

  const showActiveCount = (): void => {
    const active = tasks.current?.registry.activeIds().length ?? 0;
    const tooltip = active === 1 ? t('{0} video task queued or running', active) : t('{0} video tasks queued or running', active);
    view.badge = active > 0 ? { value: active, tooltip } : undefined;
  };
  showActiveCount();
  tasks.setVisible(view.visible);
  const redraw = setInterval(() => {
    if (view.visible && (tasks.current?.registry.activeIds().length ?? 0) > 0) tree.refresh();
  }, ELAPSED_REDRAW_MS);

  context.subscriptions.push(
    tasks,
    results,
    tree,
    view,
    { dispose: () => clearInterval(redraw) },
    tasks.onDidChange(() => {
      showActiveCount();
      view.message = undefined;
    }),
    view.onDidChangeVisibility((e) => tasks.setVisible(e.visible)),
    ...registerTaskCommands({ tasks, results, creator, tree }),
  );
  const feed: VideoTaskFeed = {
    entry: (id) => tasks.current?.registry.get(id),
    onDidChange: (listener) => tasks.onDidChange(listener),
    ensureDownloaded: (id) => results.ensureDownloaded(id),
  };
  return { feed, closeBeforeExit: () => tasks.closeBeforeExit() };
}
