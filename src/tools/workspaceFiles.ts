/** The workspace's files as the tools see them: in the folders, without what the user's settings and ALWAYS_EXCLUDED leave out. */
import * as vscode from 'vscode';
import { excludedGlobs, findFilesExclude } from './search/excludeGlobs';
import { tokenFor } from './workspaceTool';
import { fileWorkspaceFolders, isInWorkspace } from '../workspace/workspacePaths';

/** The globs no tool lists or searches in this folder: node_modules, .git, `files.exclude` and `search.exclude`. */
export function ignoredGlobs(folder: vscode.WorkspaceFolder): string[] {
  const setting = (section: string) => vscode.workspace.getConfiguration(section, folder.uri).get<unknown>('exclude');
  return excludedGlobs(setting('files'), setting('search'));
}

/**
 * Files of the workspace folders matching the glob, inside the workspace
 * (symlinks included only when they stay in). findFiles applies
 * `files.exclude` itself; the exclude argument adds the rest. (.gitignore
 * files are not followed: the stable API has no option for that.)
 */
export async function findWorkspaceFiles(pattern: string, max: number, signal: AbortSignal): Promise<vscode.Uri[]> {
  const source = tokenFor(signal);
  try {
    const found: vscode.Uri[] = [];
    for (const folder of fileWorkspaceFolders()) {
      if (found.length >= max) break;
      const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, pattern), findFilesExclude(ignoredGlobs(folder)), max - found.length, source.token);
      found.push(...files.filter(isInWorkspace));
    }
    return found;
  } finally {
    source.dispose();
  }
}
