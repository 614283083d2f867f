/**
 * The text search where VS Code's ripgrep is missing: the files are read and
 * the JavaScript regular expression runs in a worker thread, terminated at
 * the time limit. A pattern such as `(a+)+$` takes time exponential in the
 * line's length and cannot be interrupted on the thread it runs on; here that
 * thread is the worker's, and the extension host stays responsive.
 *
 * The worker is its own file, `searchWorker.js` beside this module's code:
 * out/src/tools/search/ when compiled, dist/ when bundled (package.json's
 * build scripts make it a second esbuild entry point). A separate file keeps
 * it type-checked and able to import the line search it shares.
 */
import * as path from 'path';
import { Worker } from 'worker_threads';
import { lineMatcher } from '../textEdits';
import { searchCancelled, type FoundLine, type SearchLimits, type SearchOutcome, type SearchStop } from './searchOutcome';

export interface WorkerSearch {
  /** Absolute paths, searched in this order. */
  files: readonly string[];
  query: string;
  isRegex: boolean;
}

/** What the worker is given. */
export interface WorkerJob extends WorkerSearch {
  maxMatches: number;
}

/** What the worker posts: the lines found in one file, or the end of the search. */
export type WorkerMessage = { type: 'found'; found: FoundLine[] } | { type: 'done'; stopped?: SearchStop };

/** Rejects when the pattern is invalid (with the model's message) and when `signal` aborts. */
export async function workerSearch(search: WorkerSearch, limits: SearchLimits, signal: AbortSignal): Promise<SearchOutcome> {
  // Compiling is quick whatever the pattern: a bad one is refused here, before a worker starts.
  lineMatcher(search.query, search.isRegex);
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(searchCancelled());
    const job: WorkerJob = { ...search, maxMatches: limits.maxMatches };
    const worker = new Worker(path.join(__dirname, 'searchWorker.js'), { workerData: job });
    const found: FoundLine[] = [];
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => end(() => reject(searchCancelled()));
    const timer = setTimeout(() => end(() => resolve({ found, stopped: 'timeLimit' })), limits.timeLimitMs);
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'found') found.push(...message.found);
      else end(() => resolve({ found, ...(message.stopped ? { stopped: message.stopped } : {}) }));
    });
    /* model text */
    worker.on('error', (error) => end(() => reject(new Error(`The search failed: ${error.message}`))));
    /* model text */
    worker.on('exit', (code) => end(() => reject(new Error(`The search stopped unexpectedly (exit code ${code}).`))));
  });
}
