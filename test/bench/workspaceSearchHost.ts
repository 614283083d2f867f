/**
 * The in-VS-Code half of bench #8, loaded by code-server's extension host as
 * its tests module (`run()`): times the text search and the file listing of
 * the extension against VS Code's findFiles + reading every file, on the
 * workspace opened, and writes the summarized rows to GENAI_BENCH_RESULTS.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import { MAX_OUTPUT_BYTES, ripgrepSearch } from '../../src/tools/search/ripgrepSearch';
import { findFilesExclude } from '../../src/workspace/excludeGlobs';
import { bundledRipgrep } from '../../src/workspace/ripgrepLocation';
import { ignoredGlobs, listWorkspaceFiles } from '../../src/workspace/workspaceFiles';
import { watchEventLoop } from '../support/eventLoopGap';
import { runInterleaved, summarize, type Measurement } from './harness';
import { LISTING, METRICS, NEEDLE, PEER_LISTING, PEER_SEARCH, SEARCH } from './workspaceSearchNames';

/** The peer reads this many files at a time (one at a time would be a straw man). */
const READ_CONCURRENCY = 16;

export async function run(): Promise<void> {
  const out = process.env.GENAI_BENCH_RESULTS!;
  try {
    const folder = vscode.workspace.workspaceFolders![0]!;
    const rg = await bundledRipgrep(vscode.env.appRoot);
    if (!rg) throw new Error(`no ripgrep under ${vscode.env.appRoot}`);
    const excludes = ignoredGlobs(folder);
    const signal = new AbortController().signal;
    const search = (maxMatches: number) =>
      ripgrepSearch(
        { rg, folders: [{ path: folder.uri.fsPath, excludes }], query: NEEDLE, isRegex: false },
        { maxMatches, timeLimitMs: 60_000, maxOutputBytes: MAX_OUTPUT_BYTES },
        signal,
      );
    const results = await runInterleaved(
      [
        {
          name: SEARCH,
          run: () =>
            timed(async (first) => {
              await search(1);
              first();
              return (await search(1_000_000)).found.length;
            }),
        },
        { name: PEER_SEARCH, run: () => timed((first) => findAndRead(folder, excludes, first)) },
        {
          name: LISTING,
          run: () => timed(async (first) => (await listWorkspaceFiles({ max: 1_000_000, found: first }, signal)).uris.length),
        },
        {
          name: PEER_LISTING,
          run: () =>
            timed(async (first) => {
              const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), findFilesExclude(excludes));
              first();
              return uris.length;
            }),
        },
      ],
      Number(process.env.GENAI_BENCH_ROUNDS ?? '3'),
    );
    fs.writeFileSync(out, JSON.stringify({ rows: summarize(results, METRICS), appRoot: vscode.env.appRoot, version: vscode.version }));
  } catch (error) {
    fs.writeFileSync(out, JSON.stringify({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
  }
}

/** Times `work`: `first()` marks its first result (the first call counts); it returns how many results it had. */
async function timed(work: (first: () => void) => Promise<number>): Promise<Measurement> {
  const stop = watchEventLoop();
  const started = performance.now();
  let firstMs: number | undefined;
  const results = await work(() => (firstMs ??= performance.now() - started));
  const totalMs = performance.now() - started;
  return { firstMs: firstMs ?? totalMs, totalMs, results, gapMs: stop().longestGapMs };
}

/** What an extension without ripgrep does: findFiles (files.exclude and the same excludes; no .gitignore), then every file read and searched. */
async function findAndRead(folder: vscode.WorkspaceFolder, excludes: readonly string[], first: () => void): Promise<number> {
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), findFilesExclude(excludes));
  const decoder = new TextDecoder();
  let found = 0;
  let next = 0;
  const worker = async () => {
    while (next < uris.length) {
      const text = decoder.decode(await vscode.workspace.fs.readFile(uris[next++]!));
      const lines = text.split('\n').filter((line) => line.toLowerCase().includes(NEEDLE.toLowerCase())).length;
      if (lines > 0) first();
      found += lines;
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  return found;
}
