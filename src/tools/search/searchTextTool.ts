/**
 * search_text: by the ripgrep of this VS Code installation, as VS Code's own
 * search; where there is none, by the worker over the files findFiles lists.
 * Either way the pattern never runs on the extension host's thread.
 */
import * as vscode from 'vscode';
import { optionalBoolean, optionalInteger, optionalString, requiredString, type ToolArgs } from '../toolArgs';
import { findWorkspaceFiles, ignoredGlobs } from '../../workspace/workspaceFiles';
import { fileWorkspaceFolders, shownPath } from '../../workspace/workspacePaths';
import { bundledRipgrep } from '../../workspace/ripgrepLocation';
import { MAX_OUTPUT_BYTES, ripgrepSearch } from './ripgrepSearch';
import { describeOutcome, SEARCH_TIME_LIMIT_MS, type SearchLimits, type SearchOutcome } from './searchOutcome';
import { workerSearch } from './workerSearch';

/** The worker reads at most this many files. */
const MAX_SEARCHED_FILES = 5000;

export async function searchText(args: ToolArgs, signal: AbortSignal): Promise<string> {
  const query = requiredString(args, 'query');
  const isRegex = optionalBoolean(args, 'isRegex') ?? false;
  const include = optionalString(args, 'include');
  const limits: SearchLimits = { maxMatches: optionalInteger(args, 'maxResults', 1, 500) ?? 100, timeLimitMs: SEARCH_TIME_LIMIT_MS };
  const outcome = await search(query, isRegex, include, limits, signal);
  return describeOutcome(outcome, query, limits, (file) => shownPath(vscode.Uri.file(file)));
}

async function search(query: string, isRegex: boolean, include: string | undefined, limits: SearchLimits, signal: AbortSignal): Promise<SearchOutcome> {
  const rg = await bundledRipgrep(vscode.env.appRoot);
  if (rg) {
    const folders = fileWorkspaceFolders().map((folder) => ({ path: folder.uri.fsPath, excludes: ignoredGlobs(folder) }));
    return ripgrepSearch({ rg, folders, query, isRegex, include }, { ...limits, maxOutputBytes: MAX_OUTPUT_BYTES }, signal);
  }
  const files = await findWorkspaceFiles(include ?? '**/*', MAX_SEARCHED_FILES, signal);
  return workerSearch({ files: files.map((uri) => uri.fsPath), query, isRegex }, limits, signal);
}
