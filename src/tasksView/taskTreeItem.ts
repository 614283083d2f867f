/** The tree item of one video task: label, description, tooltip, status icon and menu context. */
import * as vscode from 'vscode';
import type { TaskStatus } from '../gateway/types/tasks';
import { shownStatus, type ShownStatus, type TaskEntry } from '../tasks/taskEntry';
import { SHOWN_STATUS_LABELS, taskDescription, taskDetails, taskLabel } from '../tasks/taskText';
import { TASK_COMMANDS } from '../mediaActions/commandIds';
import { t } from '../l10n/localize';

export const STATUS_ICONS: Record<TaskStatus, vscode.ThemeIcon> = {
  queued: new vscode.ThemeIcon('clock'),
  running: new vscode.ThemeIcon('loading~spin'),
  succeeded: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  cancelled: new vscode.ThemeIcon('circle-slash'),
  expired: new vscode.ThemeIcon('watch'),
};

/** Icons of the view's groups: the statuses, and tasks whose status is not recognised. */
export const SHOWN_STATUS_ICONS: Record<ShownStatus, vscode.ThemeIcon> = {
  ...STATUS_ICONS,
  unrecognised: new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')),
};

/**
 * `videoTask.<status>`, then `.unrecognised` while the gateway's record is not understood (Show Request), `.local` for a task created here (Retry, Show
 * Request) and `.saved` once its video is downloaded: package.json's menus
 * match these with `viewItem =~ /.../`.
 */
function taskContextValue(entry: TaskEntry): string {
  return [
    'videoTask',
    entry.record.status,
    ...(entry.anomaly ? ['unrecognised'] : []),
    ...(entry.local ? ['local'] : []),
    ...(entry.downloads?.video ? ['saved'] : []),
  ].join('.');
}

export function taskTreeItem(entry: TaskEntry, nowMs: number): vscode.TreeItem {
  const item = new vscode.TreeItem(taskLabel(entry), vscode.TreeItemCollapsibleState.None);
  item.id = `task:${entry.record.id}`;
  item.description = taskDescription(entry, nowMs);
  item.tooltip = tooltipOf(entry, nowMs);
  item.iconPath = SHOWN_STATUS_ICONS[shownStatus(entry)];
  item.contextValue = taskContextValue(entry);
  item.accessibilityInformation = {
    label: t('{0} video task: {1}, {2}', SHOWN_STATUS_LABELS[shownStatus(entry)], taskLabel(entry), item.description),
  };
  if (entry.downloads?.video) {
    item.command = { command: TASK_COMMANDS.openResult, title: t('Open Result'), arguments: [{ taskId: entry.record.id }] };
  }
  return item;
}

function tooltipOf(entry: TaskEntry, nowMs: number): vscode.MarkdownString {
  const escape = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&').replace(/\n/g, ' ');
  const rows = taskDetails(entry, nowMs).map(([name, value]) => `| ${name} | ${escape(value)} |`);
  return new vscode.MarkdownString(['| | |', '|---|---|', ...rows].join('\n'));
}
