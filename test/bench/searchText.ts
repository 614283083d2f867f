/**
 * #7 search_text, pathological pattern: `(a+)+$` over a workspace whose
 * every file holds a line of a's ending in "!", which a backtracking engine
 * takes time exponential in the line's length to reject. Ours: ripgrep (when
 * the harness's code-server or PATH has one) and the worker (always: it is
 * what runs where VS Code's ripgrep is missing). The peer: the previous
 * synchronous search (each file read, the JavaScript RegExp run on each of
 * its lines on the main thread), run on the first few files only, its time
 * extrapolated to the files it would have read. Figures: the time until the
 * tool answers (the worker answers at the time limit that the search took
 * too long), and the longest gap of the main thread's event loop meanwhile,
 * which is how long every other extension would have waited.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { excludedGlobs } from '../../src/workspace/excludeGlobs';
import { MAX_OUTPUT_BYTES, ripgrepSearch } from '../../src/tools/search/ripgrepSearch';
import { SEARCH_TIME_LIMIT_MS, type SearchOutcome } from '../../src/tools/search/searchOutcome';
import { workerSearch } from '../../src/tools/search/workerSearch';
import { lineMatcher, matchingLines } from '../../src/tools/textEdits';
import { watchEventLoop, type EventLoopWatch } from '../support/eventLoopGap';
import { findTestRipgrep } from '../support/ripgrep';
import { loadAverage, medianOf, runInterleaved, summarize, type BenchmarkReport, type Contestant, type Measurement } from './harness';

export interface SearchTextSizes {
  files: number;
  /** How many a's precede the "!": each one more doubles the backtracking. */
  runLength: number;
  /** The previous search runs on this many files only. */
  previousFiles: number;
  timeLimitMs: number;
  rounds: number;
}

export const SEARCH_TEXT_FULL: SearchTextSizes = { files: 10_000, runLength: 25, previousFiles: 3, timeLimitMs: SEARCH_TIME_LIMIT_MS, rounds: 3 };
export const SEARCH_TEXT_TINY: SearchTextSizes = { files: 50, runLength: 16, previousFiles: 2, timeLimitMs: 500, rounds: 1 };

const PATTERN = '(a+)+$';
/** One file in ten is a dependency's. */
const NODE_MODULES_SHARE = 10;
/** The previous search read at most this many files (its findFiles call's limit). */
const PREVIOUS_MAX_FILES = 5000;
const MAX_MATCHES = 100;
const TIME = 'time until the tool answers';
const GAP = 'longest event-loop gap';

export async function searchText(sizes: SearchTextSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  try {
    const { searched, all } = writeWorkspace(root, sizes);
    const rg = await findTestRipgrep();
    const limits = { maxMatches: MAX_MATCHES, timeLimitMs: sizes.timeLimitMs };
    const signal = new AbortController().signal;
    const RIPGREP = 'ours: ripgrep';
    const WORKER = 'ours: worker thread';
    const previousRead = Math.min(all.length, PREVIOUS_MAX_FILES);
    const PREVIOUS = `the previous synchronous search (${sizes.previousFiles} files, extrapolated to ${previousRead.toLocaleString('en')})`;
    const contestants: Contestant[] = [
      ...(rg
        ? [
            {
              name: RIPGREP,
              run: () =>
                measured(() =>
                  ripgrepSearch(
                    { rg, folders: [{ path: root, excludes: excludedGlobs() }], query: PATTERN, isRegex: true },
                    { ...limits, maxOutputBytes: MAX_OUTPUT_BYTES },
                    signal,
                  ),
                ),
            },
          ]
        : []),
      { name: WORKER, run: () => measured(() => workerSearch({ files: searched, query: PATTERN, isRegex: true }, limits, signal)) },
      { name: PREVIOUS, run: () => previousSearch(all.slice(0, sizes.previousFiles), previousRead) },
    ];
    const rows = summarize(await runInterleaved(contestants, sizes.rounds), {
      ms: { label: TIME, unit: 'ms' },
      gapMs: { label: GAP, unit: 'ms' },
      busy: { label: 'main thread busy', unit: '%' },
    });
    const ours = rg ? [RIPGREP, WORKER] : [WORKER];
    const ratio = (name: string, metric: string) => medianOf(rows, PREVIOUS, metric) / medianOf(rows, name, metric);
    return {
      id: 'search-text',
      title: '7. search_text, pathological pattern',
      setup: `${PATTERN} over ${all.length.toLocaleString('en')} files (${(all.length - searched.length).toLocaleString('en')} in node_modules), each with a line of ${sizes.runLength} a's and "!"; time limit ${sizes.timeLimitMs / 1000} s; ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: ours.flatMap((name) => [
        { label: `previous / ${name}: time until the tool answers (x sooner)`, value: ratio(name, TIME) },
        { label: `previous / ${name}: longest event-loop gap (x shorter)`, value: ratio(name, GAP) },
      ]),
      targets: ours.map((name) => ({ label: `${name}: the main thread never waits 200 ms`, met: medianOf(rows, name, GAP) < 200 })),
      notes: [
        rg
          ? `ripgrep: ${rg}.`
          : "ripgrep: none found (neither the harness's code-server nor PATH has one), so only the worker ran; the extension uses VS Code's own.",
        `The worker searches the files outside node_modules (in the extension findFiles lists them, with the excludes); a worker still running at the time limit is terminated, and the search ends with what it found.`,
        'Longest event-loop gap: the longest time between two ticks of a 5 ms timer on the main thread; it includes time the OS gave to other processes. Main thread busy: its event-loop utilization.',
        `The previous search is timed on ${sizes.previousFiles} files and extrapolated to the ${previousRead.toLocaleString('en')} it would have read (node_modules included: only files.exclude applied); its event-loop gap is measured.`,
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Writes the files; gives those outside node_modules and all of them, in the order written. */
function writeWorkspace(root: string, sizes: SearchTextSizes): { searched: string[]; all: string[] } {
  const searched: string[] = [];
  const all: string[] = [];
  for (let i = 0; i < sizes.files; i++) {
    const dependency = i % NODE_MODULES_SHARE === NODE_MODULES_SHARE - 1;
    const file = dependency ? path.join(root, 'node_modules', `pkg${i % 50}`, `f${i}.js`) : path.join(root, 'src', `d${i % 100}`, `f${i}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `export const value${i} = ${i};\n${'a'.repeat(sizes.runLength)}!\n// end\n`);
    all.push(file);
    if (!dependency) searched.push(file);
  }
  return { searched, all };
}

async function measured(search: () => Promise<SearchOutcome>): Promise<Measurement> {
  const stopWatching = watchEventLoop();
  const started = performance.now();
  await search();
  const ms = performance.now() - started;
  return loopFigures(ms, stopWatching());
}

function loopFigures(ms: number, loop: EventLoopWatch): Measurement {
  return { ms, gapMs: loop.longestGapMs, busy: loop.utilization * 100 };
}

/** The search_text of before: each file read asynchronously, the pattern run on its lines on this thread. */
async function previousSearch(files: readonly string[], wouldRead: number): Promise<Measurement> {
  const stopWatching = watchEventLoop();
  const matches = lineMatcher(PATTERN, true);
  const started = performance.now();
  let found = 0;
  for (const file of files) {
    const text = await fs.promises.readFile(file, 'utf8');
    found += matchingLines(text, matches, MAX_MATCHES - found).length;
  }
  const ms = performance.now() - started;
  return loopFigures((ms / files.length) * wouldRead, stopWatching());
}
