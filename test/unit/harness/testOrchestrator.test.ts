// scripts/test.mjs (`npm test`) run by a real `npm` in a scratch project whose scripts record when they
// start and end: the harness setup runs in the background, and every step that needs it starts after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const realScripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const NEEDS_SYSTEM_PACKAGES = ['test:unit'];
const NEEDS_HARNESS = ['test:harness-benches', 'test:integration', 'test:ui', 'test:vsix'];
const SLOW = new Set(['setup:system', 'setup:vscode']);

interface Run {
  status: number | null;
  /** "start NAME" and "end NAME" lines, in the order they happened. */
  events: string[];
  stdout: string;
}

/** Runs `npm test` in a project with the real scripts/test.mjs, every other script a recorder; `failing` exits with 3. */
function runNpmTest(failing?: string): Run {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchestrator-'));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.copyFileSync(path.join(root, 'scripts/test.mjs'), path.join(dir, 'scripts/test.mjs'));
  const log = path.join(dir, 'events.log');
  const scripts: Record<string, string> = { test: realScripts.test };
  for (const name of Object.keys(realScripts)) {
    if (name === 'test') continue;
    const pause = SLOW.has(name) ? 'sleep 2; ' : '';
    scripts[name] = `echo start ${name} >> ${log}; ${pause}echo end ${name} >> ${log}; exit ${name === failing ? 3 : 0}`;
  }
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'orchestrator-check', version: '1.0.0', private: true, type: 'module', scripts }));
  const result = spawnSync('npm', ['test'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const events = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: result.status, events, stdout: result.stdout };
}

test('npm test runs every step once, the harness setup in the background, and each step that needs it after it', () => {
  assert.equal(realScripts.test, 'node scripts/test.mjs');
  const { status, events, stdout } = runNpmTest();
  assert.equal(status, 0, stdout);
  const at = (event: string): number => {
    const index = events.indexOf(event);
    assert.ok(index >= 0, `${event} in ${JSON.stringify(events)}`);
    return index;
  };
  for (const step of ['compile', 'lint', 'format:check', 'build', ...NEEDS_SYSTEM_PACKAGES, ...NEEDS_HARNESS, 'setup:system', 'setup:vscode']) {
    assert.equal(events.filter((e) => e === `start ${step}`).length, 1, `${step} ran once: ${JSON.stringify(events)}`);
  }
  // In the background: compiling starts while the system packages install.
  assert.ok(at('start compile') < at('end setup:system'), JSON.stringify(events));
  for (const step of ['build', 'lint', 'format:check', 'test:unit'])
    assert.ok(at(`start ${step}`) > at('end compile'), `${step} after compile: ${JSON.stringify(events)}`);
  for (const step of ['lint', 'test:unit']) assert.ok(at(`start ${step}`) > at('end build'), `${step} after build: ${JSON.stringify(events)}`);
  assert.ok(at('start format:check') > at('end lint'));
  for (const step of NEEDS_SYSTEM_PACKAGES) assert.ok(at(`start ${step}`) > at('end setup:system'), `${step} after the apt part: ${JSON.stringify(events)}`);
  assert.ok(at('start setup:vscode') > at('end setup:system'));
  for (const step of NEEDS_HARNESS) assert.ok(at(`start ${step}`) > at('end setup:vscode'), `${step} after the harness: ${JSON.stringify(events)}`);
  assert.match(stdout, /npm test passed/);
  assert.match(stdout, /test:ui\s+\d+s/, 'the time of each step');
});

test('a failing lint fails npm test, and no step that needs the harness starts', () => {
  const { status, events, stdout } = runNpmTest('lint');
  assert.equal(status, 3, stdout);
  assert.match(stdout, /lint \(ran in the background\) FAILED/);
  for (const step of ['format:check', ...NEEDS_HARNESS]) assert.ok(!events.includes(`start ${step}`), `${step} did not start: ${JSON.stringify(events)}`);
});

test('a failing harness setup fails npm test, with its output, and no step that needs the harness starts', () => {
  const { status, events, stdout } = runNpmTest('setup:vscode');
  assert.equal(status, 3, stdout);
  assert.match(stdout, /setup:vscode \(ran in the background\) FAILED/);
  for (const step of NEEDS_HARNESS) assert.ok(!events.includes(`start ${step}`), `${step} did not start: ${JSON.stringify(events)}`);
});

test('a failing step fails npm test and stops what comes after it', () => {
  const { status, events, stdout } = runNpmTest('compile');
  assert.equal(status, 3, stdout);
  for (const step of ['build', 'lint', 'format:check', 'test:unit', ...NEEDS_HARNESS])
    assert.ok(!events.includes(`start ${step}`), `${step} did not start: ${JSON.stringify(events)}`);
});
