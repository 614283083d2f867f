/**
 * The Video Tasks tree: tasks grouped by status (or only one status, when
 * filtered), newest first, and "Load More" while the server lists more.
 * The first page of the server's list loads when the tree is first shown.
 */
import * as vscode from 'vscode';
import type { TaskStatus } from '../gateway/types/tasks';
import { shownStatus, TASK_STATUSES, type ShownStatus, type TaskEntry } from '../tasks/taskEntry';
import { SHOWN_STATUS_LABELS } from '../tasks/taskText';
import type { TaskTracker } from '../tasks/taskTracker';
import { TASK_COMMANDS } from '../mediaActions/commandIds';
import { SHOWN_STATUS_ICONS, taskTreeItem } from './taskTreeItem';
import type { VideoTasks } from './videoTasks';
import { t } from '../l10n/localize';

export type TaskTreeNode = { kind: 'group'; status: ShownStatus } | { kind: 'task'; entry: TaskEntry } | { kind: 'loadMore' };

/** Groups shown expanded; the rest (cancelled, expired) start collapsed. */
const EXPANDED_GROUPS: readonly ShownStatus[] = ['unrecognised', 'queued', 'running', 'succeeded', 'failed'];

/** Group order: tasks needing attention first. */
const GROUPS: readonly ShownStatus[] = ['unrecognised', ...TASK_STATUSES];

export class TaskTreeProvider implements vscode.TreeDataProvider<TaskTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TaskTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private filter: TaskStatus | undefined;
  /** The lists whose first page was asked for, per tracker, by filter ('' for all). */
  private readonly firstPageAsked = new WeakMap<TaskTracker, Set<string>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly tasks: VideoTasks,
    private readonly onLoadError: (error: unknown) => void,
  ) {
    this.subscriptions = [
      tasks.onDidChange(() => this.refresh()),
      // A list that failed (no key yet, the gateway down) is asked for again once the connection changed.
      tasks.onDidReconnect(() => tasks.current && this.firstPageAsked.delete(tasks.current)),
    ];
  }

  get statusFilter(): TaskStatus | undefined {
    return this.filter;
  }

  setFilter(status: TaskStatus | undefined): void {
    this.filter = status;
    this.refresh();
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(node?: TaskTreeNode): TaskTreeNode[] {
    const tracker = this.tasks.current;
    if (!tracker) return [];
    if (node?.kind === 'group') return this.tasksOf(tracker, node.status);
    if (node) return [];
    this.loadFirstPage(tracker);
    const nodes: TaskTreeNode[] = this.filter
      ? this.tasksOf(tracker, this.filter)
      : GROUPS.filter((status) => this.tasksOf(tracker, status).length > 0).map((status) => ({ kind: 'group', status }));
    if (tracker.hasMore(this.filter)) nodes.push({ kind: 'loadMore' });
    return nodes;
  }

  getParent(node: TaskTreeNode): TaskTreeNode | undefined {
    return node.kind === 'task' && !this.filter ? { kind: 'group', status: shownStatus(node.entry) } : undefined;
  }

  getTreeItem(node: TaskTreeNode): vscode.TreeItem {
    if (node.kind === 'task') return taskTreeItem(node.entry, Date.now());
    if (node.kind === 'loadMore') {
      const item = new vscode.TreeItem(t('Load More…'), vscode.TreeItemCollapsibleState.None);
      item.id = 'loadMore';
      item.iconPath = new vscode.ThemeIcon('more');
      item.contextValue = 'videoTaskLoadMore';
      item.command = { command: TASK_COMMANDS.loadMore, title: t('Load More') };
      return item;
    }
    const count = this.tasks.current ? this.tasksOf(this.tasks.current, node.status).length : 0;
    const state = EXPANDED_GROUPS.includes(node.status) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(SHOWN_STATUS_LABELS[node.status], state);
    item.id = `group:${node.status}`;
    item.description = String(count);
    item.iconPath = SHOWN_STATUS_ICONS[node.status];
    item.contextValue = 'videoTaskGroup';
    return item;
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }

  private tasksOf(tracker: TaskTracker, status: ShownStatus): TaskTreeNode[] {
    return tracker.registry
      .all()
      .filter((e) => shownStatus(e) === status)
      .map((entry) => ({ kind: 'task', entry }));
  }

  /** Once per tracker and filter; a failure is reported, and Refresh tries again. */
  private loadFirstPage(tracker: TaskTracker): void {
    const asked = this.firstPageAsked.get(tracker) ?? new Set<string>();
    this.firstPageAsked.set(tracker, asked);
    const key = this.filter ?? '';
    if (asked.has(key) || tracker.hasMore(this.filter) !== undefined) return;
    asked.add(key);
    tracker.loadMore(this.filter).catch(this.onLoadError);
  }
}
