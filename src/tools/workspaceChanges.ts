/**
 * The workspace files that change while a command runs (a terminal command
 * says nothing of what it writes): created, changed, deleted, for the
 * checkpoint of its message. Dependencies and git's own files are left out.
 */
import * as vscode from 'vscode';
import { fileWorkspaceFolders } from '../workspace/workspacePaths';

export type ChangeKind = 'created' | 'changed' | 'deleted';

/** File events arrive a little after the write: the watch goes on this long after it is ended. */
const LATE_EVENTS_MS = 1000;

const LEFT_OUT = /[\\/](node_modules|\.git)([\\/]|$)/;

/** Reports changed files until `end()` (and a moment after). */
export function watchWorkspaceChanges(report: (file: string, kind: ChangeKind) => void): { end(): void } {
  const watchers = fileWorkspaceFolders().map((folder) => vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*')));
  const on = (kind: ChangeKind) => (uri: vscode.Uri) => {
    if (uri.scheme === 'file' && !LEFT_OUT.test(uri.fsPath)) report(uri.fsPath, kind);
  };
  for (const watcher of watchers) {
    watcher.onDidCreate(on('created'));
    watcher.onDidChange(on('changed'));
    watcher.onDidDelete(on('deleted'));
  }
  return { end: () => setTimeout(() => watchers.forEach((w) => w.dispose()), LATE_EVENTS_MS) };
}
