// Runs the extension's tests inside a real VS Code (code-server + headless Chromium).
//
//   node out/test/vscode/run.js integration [--grep REGEXP] [--timeout SECONDS]
//       mocha suite out/test/vscode/suite/*.test.js inside the extension host
//   node out/test/vscode/run.js ui [--grep TEXT] [--timeout SECONDS]
//       UI tests out/test/vscode/ui/*.ui.js driving the workbench with playwright, in
//       GENAI_UI_WORKERS workers (default: 2 from 4 cores, else 1)
//
// Prints one line per test and, last, exactly "N passed, N failed". Exit code 0 only when
// every test passed. Every process it starts is stopped on exit, failure, SIGINT and SIGTERM.
// GENAI_KEEP_RUN_DIR=1 keeps the temp run dir; logs always land in test-output/logs/<mode>/
// (ui-1, ui-2, ... with several UI workers).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openWorkbench, type WorkbenchPage } from './lib/browser';
import {
  checkPrerequisites,
  HARNESS_SRC,
  LOG_DIR,
  OUTPUT_DIR,
  SCREENSHOT_DIR,
  SUITE_INDEX,
  TEST_TOOLS_EXTENSION,
  UI_TESTS_DIR,
  warnIfStale,
} from './lib/paths';
import { cleanupAll, elapsed, installSignalHandlers, log, sleep, withTimeout } from './lib/proc';
import { printResults, readResults, summaryLine, type TestResult } from './lib/results';
import { startSession, type Session } from './lib/session';
import { Workbench, type UiContext, type UiTest } from './lib/ui';

interface Args {
  mode: string;
  grep?: string;
  timeoutS?: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { mode: argv[0] ?? '' };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--grep' || a === '-g') args.grep = value();
    else if (a === '--timeout') args.timeoutS = Number(value());
    else if (a.startsWith('--grep=')) args.grep = a.slice(7);
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

async function screenshotTo(page: import('playwright-core').Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) }).catch((e) => log('screenshot failed:', e.message));
}

// ---------------------------------------------------------------- integration

async function integration(args: Args): Promise<{ tests: TestResult[]; errors: string[] }> {
  checkPrerequisites({ suite: true });
  warnIfStale(log);
  const phases: string[] = [];
  let t = Date.now();
  const phase = (name: string): void => {
    phases.push(`${name} ${elapsed(t)}`);
    t = Date.now();
  };

  const session = await startSession({ name: 'integration', installedExtensions: [TEST_TOOLS_EXTENSION] });
  phase('start');
  const resultsFile = path.join(session.runDir, 'results.json');
  const testTimeoutMs = Number(process.env.GENAI_TEST_TIMEOUT_MS) || 30000;
  const env = session.extensionEnv({
    GENAI_TEST_RESULTS: resultsFile,
    GENAI_TEST_TIMEOUT_MS: String(testTimeoutMs),
    ...(args.grep ? { GENAI_TEST_GREP: args.grep } : {}),
  });
  const url = session.workbenchUrl({ testsPath: SUITE_INDEX, env });
  const browser = await launchBrowser();
  let exitCode: number | undefined;
  const wb = await openWorkbench(browser, url, {
    consoleLog: path.join(session.logDir, 'browser-console.log'),
    onAutomationExit: (code) => {
      exitCode = code;
    },
  });
  log('workbench visible; running the suite in the extension host');
  phase('workbench');

  const errors: string[] = [];
  const overallMs = (args.timeoutS ?? 900) * 1000;
  const stallMs = Math.max(120000, 3 * testTimeoutMs);
  const started = Date.now();
  let lastChange = Date.now();
  let lastMtime = 0;
  while (exitCode === undefined) {
    await sleep(250);
    let mtime = 0;
    try {
      mtime = fs.statSync(resultsFile).mtimeMs;
    } catch {
      /* not yet */
    }
    if (mtime !== lastMtime) {
      lastMtime = mtime;
      lastChange = Date.now();
    }
    if (Date.now() - started > overallMs) {
      errors.push(`timed out after ${overallMs / 1000} s`);
      break;
    }
    if (Date.now() - lastChange > stallMs) {
      errors.push(
        mtime
          ? `no test finished for ${stallMs / 1000} s (extension host hung or crashed?)`
          : `the suite did not start within ${stallMs / 1000} s (extension host failed? see ${path.join(LOG_DIR, 'integration')})`,
      );
      break;
    }
    if (wb.page.isClosed()) {
      errors.push('the workbench page closed');
      break;
    }
  }
  phase('tests');
  await screenshotTo(wb.page, 'integration-end.png');

  const results = readResults(resultsFile);
  if (results) {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.copyFileSync(resultsFile, path.join(OUTPUT_DIR, 'integration-results.json'));
    errors.push(...results.errors);
    if (!results.done && !errors.length) errors.push('the suite did not finish');
  } else if (!errors.length) {
    errors.push(`the suite wrote no results (exit code ${exitCode}); see ${path.join(LOG_DIR, 'integration')}`);
  }
  const tests = results?.tests ?? [];
  if (exitCode !== undefined && exitCode !== 0 && !tests.some((x) => x.state === 'failed') && !errors.length) {
    errors.push(`the suite reported exit code ${exitCode}`);
  }
  log(`phases: ${phases.join(', ')}`);
  return { tests, errors };
}

// ---------------------------------------------------------------- ui

interface UiFile {
  name: string;
  file: string;
  tests: UiTest[];
  loadError?: string;
}

function loadUiFiles(grep?: string): UiFile[] {
  const srcDir = path.join(HARNESS_SRC, 'ui');
  const haveSources = fs.existsSync(srcDir);
  const files = fs.existsSync(UI_TESTS_DIR)
    ? fs
        .readdirSync(UI_TESTS_DIR)
        .filter((f) => f.endsWith('.ui.js'))
        .sort()
    : [];
  const out: UiFile[] = [];
  for (const f of files) {
    // skip compiled leftovers whose source was deleted
    if (haveSources && !fs.existsSync(path.join(srcDir, f.replace(/\.js$/, '.ts')))) continue;
    const name = f.replace(/\.ui\.js$/, '');
    const file = path.join(UI_TESTS_DIR, f);
    try {
      const mod = require(file) as { tests?: UiTest[]; default?: UiTest[] };
      const tests = mod.tests ?? mod.default;
      if (!Array.isArray(tests)) throw new Error('exports no `tests` array');
      out.push({ name, file, tests });
    } catch (e) {
      out.push({ name, file, tests: [], loadError: e instanceof Error ? e.stack || e.message : String(e) });
    }
  }
  if (!grep) return out;
  const re = new RegExp(grep, 'i');
  return out
    .map((u) => ({ ...u, tests: u.tests.filter((x) => re.test(`${u.name} › ${x.title}`)) }))
    .filter((u) => u.tests.length > 0 || (u.loadError && re.test(u.name)));
}

async function ui(args: Args): Promise<{ tests: TestResult[]; errors: string[] }> {
  checkPrerequisites();
  warnIfStale(log);
  const files = loadUiFiles(args.grep);
  const errors: string[] = [];
  for (const f of files) if (f.loadError) errors.push(`${f.name}.ui: cannot load\n${f.loadError}`);
  const runnable = files.filter((f) => !f.loadError && f.tests.length);
  if (!runnable.length) {
    if (!errors.length) errors.push(`no UI tests found in ${UI_TESTS_DIR}${args.grep ? ` matching ${args.grep}` : ''}`);
    return { tests: [], errors };
  }
  const started = Date.now();
  const browser: Browser = await launchBrowser();
  const overallEnd = Date.now() + (args.timeoutS ?? 1200) * 1000;
  const workers = Math.min(uiWorkerCount(), runnable.length);
  log(`${runnable.length} UI test files in ${workers} worker(s), each with its own code-server and emulator`);
  const resultsOf = new Map<UiFile, TestResult[]>();
  // File i runs in worker i mod n, so that a file always follows the same files (state on the server persists across them).
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const session = await startSession({ name: workers === 1 ? 'ui' : `ui-${w + 1}` });
      const mine = runnable.filter((_, i) => i % workers === w);
      for (const [i, f] of mine.entries()) {
        resultsOf.set(f, await runUiFile(f, session, browser, i === 0 ? session.workspace : session.createWorkspace(f.name), overallEnd));
      }
    }),
  );
  log(`UI test files done in ${elapsed(started)}`);
  return { tests: runnable.flatMap((f) => resultsOf.get(f) ?? []), errors };
}

/**
 * How many UI test files run at once: GENAI_UI_WORKERS, else 2 on a machine with 4 or more
 * cores and 1 below. Measured on 2 cores: 720 s in one worker, about 490 s in two, but each
 * of three runs in two workers lost one test (a different one each time) to a workbench too
 * busy to answer within the test's wait.
 */
function uiWorkerCount(): number {
  const requested = Number(process.env.GENAI_UI_WORKERS);
  if (Number.isInteger(requested) && requested >= 1) return requested;
  return os.availableParallelism() >= 4 ? 2 : 1;
}

/** Runs one UI test file in a fresh workbench on `workspace` (a fresh copy of the fixture). */
async function runUiFile(f: UiFile, session: Session, browser: Browser, workspace: string, overallEnd: number): Promise<TestResult[]> {
  const results: TestResult[] = [];
  const extensionEnv = session.extensionEnv({ GENAI_TEST_WORKSPACE: workspace });
  const url = session.workbenchUrl({ env: extensionEnv, workspace });
  // failure screenshots of earlier runs of this file would mislead
  if (fs.existsSync(SCREENSHOT_DIR)) {
    for (const png of fs.readdirSync(SCREENSHOT_DIR)) {
      if (png.startsWith(`${f.name}-FAILED-`)) fs.rmSync(path.join(SCREENSHOT_DIR, png), { force: true });
    }
  }
  log(`${f.name}.ui: opening a fresh workbench (${session.name})`);
  let wbp: WorkbenchPage | undefined;
  const open = async (windowUrl = url): Promise<WorkbenchPage> =>
    openWorkbench(browser, windowUrl, {
      consoleLog: path.join(session.logDir, `browser-console-${f.name}.log`),
    });
  const moreWindows: WorkbenchPage[] = [];
  try {
    wbp = await open();
  } catch (e) {
    for (const test of f.tests) {
      results.push({ title: `${f.name} › ${test.title}`, state: 'failed', error: `workbench did not open: ${(e as Error).message}` });
    }
    return results;
  }
  const ctx: UiContext = {
    page: wbp.page,
    wb: new Workbench(wbp.page, f.name),
    emulator: session.emulator,
    workspace,
    extensionEnv,
    screenshot: (name) => ctx.wb.screenshot(name),
    log: () => undefined,
    reload: async () => {
      await wbp!.close();
      wbp = await open();
      ctx.page = wbp.page;
      ctx.wb = new Workbench(wbp.page, f.name);
    },
    openWindow: async (env = {}) => {
      const opened = await open(session.workbenchUrl({ env: { ...extensionEnv, ...env }, workspace }));
      moreWindows.push(opened);
      return { page: opened.page, wb: new Workbench(opened.page, f.name), close: opened.close };
    },
  };
  for (const test of f.tests) {
    const title = `${f.name} › ${test.title}`;
    if (test.skip) {
      results.push({ title, state: 'pending' });
      continue;
    }
    if (Date.now() > overallEnd) {
      results.push({ title, state: 'failed', error: 'not run: overall timeout' });
      continue;
    }
    ctx.log = (...a: unknown[]) => log(`[${title}]`, ...a);
    const t0 = Date.now();
    const timeoutMs = test.timeoutMs ?? 60000;
    try {
      await withTimeout(test.run(ctx), timeoutMs, `timed out after ${timeoutMs} ms`);
      results.push({ title, state: 'passed', durationMs: Date.now() - t0 });
      log(`PASS ${title}`);
    } catch (e) {
      const err = e as Error;
      results.push({ title, state: 'failed', durationMs: Date.now() - t0, error: err.message, stack: err.stack });
      log(`FAIL ${title}`);
      await ctx.wb.screenshot(`FAILED-${test.title}`).catch(() => undefined);
    }
  }
  await Promise.all([wbp, ...moreWindows].map((w) => w.close()));
  return results;
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  installSignalHandlers();
  const args = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  let outcome: { tests: TestResult[]; errors: string[] };
  try {
    if (args.mode === 'integration') outcome = await integration(args);
    else if (args.mode === 'ui') outcome = await ui(args);
    else throw new Error(`usage: run.js integration|ui [--grep X] [--timeout SECONDS] (got "${args.mode}")`);
  } catch (e) {
    outcome = { tests: [], errors: [e instanceof Error ? e.stack || e.message : String(e)] };
  }
  const tc = Date.now();
  await cleanupAll();
  log(`cleanup ${elapsed(tc)}; total ${elapsed(t0)}`);
  console.log(`\n${args.mode} tests:`);
  const counts = printResults(outcome.tests, outcome.errors);
  console.log(summaryLine(counts));
  return counts.failed > 0 || counts.passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
