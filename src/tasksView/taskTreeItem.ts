/** The tree item of one video task: label, description, tooltip, status icon and menu context. */
import * as vscode from 'vscode';
import type { TaskStatus } from '../gateway/types/tasks';
import type { TaskEntry } from '../tasks/taskEntry';
import { STATUS_LABELS, taskDescription, taskDetails, taskLabel } from '../tasks/taskText';
import { TASK_COMMANDS } from './taskCommandIds';

export const STATUS_ICONS: Record<TaskStatus, vscode.ThemeIcon> = {
  queued: new vscode.ThemeIcon('clock'),
  running: new vscode.ThemeIcon('loading~spin'),
  succeeded: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  cancelled: new vscode.ThemeIcon('circle-slash'),
  expired: new vscode.ThemeIcon('watch'),
};

/**
 * `videoTask.<status>`, then `.local` for a task created here (Retry, Show
 * Request) and `.saved` once its video is downloaded: package.json's menus
 * match these with `viewItem =~ /.../`.
 */
function taskContextValue(entry: TaskEntry): string {
  return ['videoTask', entry.record.status, ...(entry.local ? ['local'] : []), ...(entry.downloads?.video ? ['saved'] : [])].join('.');
}

export function taskTreeItem(entry: TaskEntry, nowMs: number): vscode.TreeItem {
  const item = new vscode.TreeItem(taskLabel(entry), vscode.TreeItemCollapsibleState.None);
  item.id = `task:${entry.record.id}`;
  item.description = taskDescription(entry, nowMs);
  item.tooltip = tooltipOf(entry, nowMs);
  item.iconPath = STATUS_ICONS[entry.record.status];
  item.contextValue = taskContextValue(entry);
  item.accessibilityInformation = { label: `${STATUS_LABELS[entry.record.status]} video task: ${taskLabel(entry)}, ${item.description}` };
  if (entry.downloads?.video) {
    item.command = { command: TASK_COMMANDS.openResult, title: 'Open Result', arguments: [{ taskId: entry.record.id }] };
  }
  return item;
}

function tooltipOf(entry: TaskEntry, nowMs: number): vscode.MarkdownString {
  const escape = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&').replace(/\n/g, ' ');
  const rows = taskDetails(entry, nowMs).map(([name, value]) => `| ${name} | ${escape(value)} |`);
  return new vscode.MarkdownString(['| | |', '|---|---|', ...rows].join('\n'));
}
