/**
 * The workspace's files as the tools and the chat's # picker see them: in the
 * folders, without what .gitignore, the user's `files.exclude` /
 * `search.exclude` and ALWAYS_EXCLUDED leave out. Listed by the ripgrep of
 * this VS Code installation, as VS Code's own search does; where there is
 * none, by findFiles (which cannot follow .gitignore in the stable API).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { tokenFor } from './cancellation';
import { excludedGlobs, findFilesExclude } from './excludeGlobs';
import { globMatcher } from './globMatcher';
import { ripgrepFiles } from './ripgrepFiles';
import { bundledRipgrep } from './ripgrepLocation';
import { fileWorkspaceFolders, isInWorkspace } from './workspacePaths';

/** The globs nothing lists or searches in this folder: node_modules, .git, `files.exclude` and `search.exclude`. */
export function ignoredGlobs(folder: vscode.WorkspaceFolder): string[] {
  const setting = (section: string) => vscode.workspace.getConfiguration(section, folder.uri).get<unknown>('exclude');
  return excludedGlobs(setting('files'), setting('search'));
}

export interface FileListingOptions {
  /** A VS Code glob relative to each folder; absent: every file. */
  include?: string;
  max: number;
  /** Told of each file as it is found (the first ones arrive before the listing ends). */
  found?(uri: vscode.Uri): void;
}

/** The files, folder by folder; `truncated` when there were more than `max`. */
export async function listWorkspaceFiles(options: FileListingOptions, signal: AbortSignal): Promise<{ uris: vscode.Uri[]; truncated: boolean }> {
  const rg = await bundledRipgrep(vscode.env.appRoot);
  const uris: vscode.Uri[] = [];
  for (const folder of fileWorkspaceFolders()) {
    const max = options.max - uris.length;
    if (max <= 0) return { uris, truncated: true };
    const excludes = ignoredGlobs(folder);
    if (rg) {
      const accept = options.include === undefined ? undefined : globMatcher(options.include);
      const toUri = (relative: string) => vscode.Uri.file(path.join(folder.uri.fsPath, relative));
      const listed = await ripgrepFiles(
        { rg, folder: folder.uri.fsPath, excludes, max, accept, found: options.found && ((relative) => options.found!(toUri(relative))) },
        signal,
      );
      uris.push(...listed.files.map(toUri));
      if (listed.truncated) return { uris, truncated: true };
    } else {
      const source = tokenFor(signal);
      try {
        const found = await vscode.workspace.findFiles(
          new vscode.RelativePattern(folder, options.include ?? '**/*'),
          findFilesExclude(excludes),
          max + 1,
          source.token,
        );
        found.slice(0, max).forEach((uri) => options.found?.(uri));
        uris.push(...found.slice(0, max));
        if (found.length > max) return { uris, truncated: true };
      } finally {
        source.dispose();
      }
    }
  }
  return { uris, truncated: false };
}

/** Files matching the glob, inside the workspace (symlinks included only when they stay in). */
export async function findWorkspaceFiles(pattern: string, max: number, signal: AbortSignal): Promise<vscode.Uri[]> {
  return (await listWorkspaceFiles({ include: pattern, max }, signal)).uris.filter(isInWorkspace);
}
