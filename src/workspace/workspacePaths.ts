/** The path policy applied to this window's workspace folders. */
import * as vscode from 'vscode';
import { resolveInWorkspace } from './pathPolicy';
import { realpathFollowingLinks } from './realpath';

/** The workspace folders on disk (other schemes are not the tools' to touch). */
export function fileWorkspaceFolders(): vscode.WorkspaceFolder[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
}

/** The paths of fileWorkspaceFolders. */
export function workspaceRoots(): string[] {
  return fileWorkspaceFolders().map((f) => f.uri.fsPath);
}

/** The file a tool argument names; throws the policy's refusal for the model to read. */
export function resolveWorkspaceUri(requested: string): vscode.Uri {
  const resolved = resolveInWorkspace(workspaceRoots(), requested, realpathFollowingLinks);
  if (!resolved.ok) throw new Error(resolved.reason);
  return vscode.Uri.file(resolved.path);
}

/**
 * Input files a model names (images to edit or animate) as absolute paths
 * inside the workspace, http(s) URLs kept as they are when `urlsAllowed`;
 * throws the policy's refusal, so nothing outside is read and uploaded.
 */
export function workspaceInputFiles(items: readonly string[] | undefined, urlsAllowed: boolean): string[] | undefined {
  return items?.map((item) => (urlsAllowed && /^https?:\/\//i.test(item) ? item : resolveWorkspaceUri(item).fsPath));
}

/** True when the file is inside a workspace folder (symlinks judged by where they lead). */
export function isInWorkspace(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && resolveInWorkspace(workspaceRoots(), uri.fsPath, realpathFollowingLinks).ok;
}

/** A file as the model and the user know it: relative to the workspace when inside it. */
export function shownPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}
