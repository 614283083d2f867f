// Results of a test run, as JSON on disk, and their printing. No dependencies: loaded in the extension host too.
import * as fs from 'fs';

export interface TestResult {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
  stack?: string;
}

export interface RunResults {
  startedAt: string;
  finishedAt?: string;
  /** false while the run is in progress (the file is rewritten after every test). */
  done: boolean;
  tests: TestResult[];
  /** Errors outside any test (a test file that does not load, ...). */
  errors: string[];
}

export function readResults(file: string): RunResults | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RunResults;
  } catch {
    return undefined;
  }
}

export function writeResults(file: string, results: RunResults): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(results, null, 2));
  fs.renameSync(tmp, file);
}

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/** Prints one line per test (and failure details); returns the counts. */
export function printResults(tests: TestResult[], extraFailures: string[] = []): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const t of tests) {
    const ms = t.durationMs !== undefined ? ` (${t.durationMs} ms)` : '';
    if (t.state === 'passed') {
      passed++;
      console.log(`  PASS  ${t.title}${ms}`);
    } else if (t.state === 'pending') {
      console.log(`  SKIP  ${t.title}`);
    } else {
      failed++;
      console.log(`  FAIL  ${t.title}${ms}`);
      console.log(indent(t.stack || t.error || 'failed', '        '));
    }
  }
  for (const e of extraFailures) {
    failed++;
    console.log(`  FAIL  [harness] ${e.split('\n')[0]}`);
    const rest = e.split('\n').slice(1).join('\n');
    if (rest) console.log(indent(rest, '        '));
  }
  return { passed, failed };
}

/** The last line of every run: exactly "N passed, N failed". */
export function summaryLine(counts: { passed: number; failed: number }): string {
  return `${counts.passed} passed, ${counts.failed} failed`;
}
