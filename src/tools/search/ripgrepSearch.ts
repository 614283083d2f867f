/**
 * The text search by ripgrep, in a child process: its regular expressions
 * run in linear time, it follows .gitignore, and it is killed when the
 * search has enough, runs out of time or is cancelled.
 */
import { spawn } from 'child_process';
import { ripgrepArgs, ripgrepFailure, RipgrepJsonReader, type RipgrepQuery } from './ripgrepOutput';
import { searchCancelled, type FoundLine, type SearchLimits, type SearchOutcome, type SearchStop } from './searchOutcome';

/** Output beyond this (long matching lines of minified files) stops the search. */
export const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

export interface RipgrepSearch extends Omit<RipgrepQuery, 'excludes'> {
  /** The ripgrep executable. */
  rg: string;
  /** Searched in turn, each with the excludes of its own settings. */
  folders: ReadonlyArray<{ path: string; excludes: readonly string[] }>;
}

export interface RipgrepLimits extends SearchLimits {
  maxOutputBytes: number;
}

/** What the folders searched so far have used of the limits. */
interface Budget {
  found: FoundLine[];
  deadline: number;
  outputBytes: number;
}

/** Rejects with the model's message when ripgrep refuses the pattern or a glob, and when `signal` aborts. */
export async function ripgrepSearch(search: RipgrepSearch, limits: RipgrepLimits, signal: AbortSignal): Promise<SearchOutcome> {
  const budget: Budget = { found: [], deadline: Date.now() + limits.timeLimitMs, outputBytes: 0 };
  for (const folder of search.folders) {
    const stopped = await searchFolder(search.rg, ripgrepArgs({ ...search, excludes: folder.excludes }), folder.path, limits, budget, signal);
    if (stopped) return { found: budget.found, stopped };
  }
  return { found: budget.found };
}

function searchFolder(rg: string, args: string[], folder: string, limits: RipgrepLimits, budget: Budget, signal: AbortSignal): Promise<SearchStop | undefined> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(searchCancelled());
    const child = spawn(rg, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const reader = new RipgrepJsonReader(folder);
    let stderr = '';
    let stopped: SearchStop | undefined;
    const stop = (why: SearchStop) => {
      stopped ??= why;
      child.kill();
    };
    const onAbort = () => child.kill();
    const timer = setTimeout(() => stop('timeLimit'), Math.max(0, budget.deadline - Date.now()));
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      budget.outputBytes += chunk.length;
      for (const found of reader.push(chunk)) {
        budget.found.push(found);
        if (budget.found.length >= limits.maxMatches) return stop('maxMatches');
      }
      if (budget.outputBytes >= limits.maxOutputBytes) stop('outputLimit');
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    const cleanUp = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      cleanUp();
      /* model text */
      reject(new Error(`The search could not run ripgrep: ${error.message}`));
    });
    child.on('close', (code) => {
      cleanUp();
      if (signal.aborted) reject(searchCancelled());
      // 0: found, 1: nothing found; 2 after the summary: some files could not be read.
      else if (stopped || code === 0 || code === 1 || reader.finished) resolve(stopped);
      else reject(new Error(ripgrepFailure(stderr)));
    });
  });
}
