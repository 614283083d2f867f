// Mocha entry point loaded by the extension host (extensionTestsPath), in code-server
// (npm run test:integration) and in desktop VS Code (npm run test:desktop).
// Runs every *.test.js next to this file (and below it) with the tdd ui
// (suite/test/suiteSetup/setup...). Rejects when a test fails.
//
// Environment (set by the harness through extensionEnvironment):
//   GENAI_TEST_RESULTS     JSON results file (rewritten after each test)
//   GENAI_TEST_GREP        only tests whose full title matches this regexp
//   GENAI_TEST_TIMEOUT_MS  per-test timeout (default 30000)
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { writeResults, type RunResults } from '../lib/results';

function findTestFiles(dir: string): string[] {
  // out/test/vscode/suite -> test/vscode/suite: skip compiled leftovers whose source was deleted
  const srcDir = path.resolve(dir, '..', '..', '..', '..', 'test', 'vscode', 'suite');
  const haveSources = fs.existsSync(srcDir);
  const files: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (e.name.endsWith('.test.js')) {
        if (haveSources && !fs.existsSync(path.join(srcDir, r.replace(/\.js$/, '.ts')))) continue;
        files.push(path.join(d, e.name));
      }
    }
  };
  walk(dir, '');
  return files.sort();
}

export function run(): Promise<void> {
  const resultsFile = process.env.GENAI_TEST_RESULTS;
  const results: RunResults = { startedAt: new Date().toISOString(), done: false, tests: [], errors: [] };
  const save = (): void => {
    if (resultsFile) {
      try {
        writeResults(resultsFile, results);
      } catch (e) {
        console.error('[genai-tests] cannot write results:', e);
      }
    }
  };

  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    reporter: 'spec',
    timeout: Number(process.env.GENAI_TEST_TIMEOUT_MS) || 30000,
  });
  if (process.env.GENAI_TEST_GREP) mocha.grep(new RegExp(process.env.GENAI_TEST_GREP));
  for (const f of findTestFiles(__dirname)) mocha.addFile(f);
  save();

  return new Promise((resolve, reject) => {
    let runner: Mocha.Runner;
    try {
      runner = mocha.run((failures) => {
        results.done = true;
        results.finishedAt = new Date().toISOString();
        save();
        const passed = results.tests.filter((t) => t.state === 'passed').length;
        console.log(`[genai-tests] ${passed} passed, ${failures} failed`);
        if (failures > 0) reject(new Error(`${failures} tests failed.`));
        else resolve();
      });
    } catch (e) {
      // a test file that throws while loading
      results.errors.push(`loading tests: ${e instanceof Error ? e.stack || e.message : String(e)}`);
      results.done = true;
      results.finishedAt = new Date().toISOString();
      save();
      reject(e);
      return;
    }
    runner.on('pass', (t) => {
      results.tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration });
      save();
    });
    runner.on('fail', (t, err: Error) => {
      results.tests.push({
        title: t.fullTitle(),
        state: 'failed',
        durationMs: t.duration,
        error: String(err?.message ?? err),
        stack: err?.stack,
      });
      save();
    });
    runner.on('pending', (t) => {
      results.tests.push({ title: t.fullTitle(), state: 'pending' });
      save();
    });
  });
}
