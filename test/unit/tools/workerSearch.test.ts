import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeOutcome } from '../../../src/tools/search/searchOutcome';
import { workerSearch } from '../../../src/tools/search/workerSearch';
import { MAX_TEXT_FILE_BYTES } from '../../../src/tools/textFileLimit';
import { watchEventLoop } from '../../support/eventLoopGap';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-search-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

const notes = file('notes.txt', 'Alpha\nbeta\r\ngamma beta\n');
const quick = file('quick.txt', 'aaaa\n');
// (a+)+$ backtracks through 2^40 ways of splitting the a's before it gives up at the "!": hours of one thread.
const pathological = file('pathological.txt', `${'a'.repeat(40)}!\n`);
const limits = { maxMatches: 100, timeLimitMs: 5000 };
const never = new AbortController().signal;

test('a pathological pattern is stopped at the time limit while this thread keeps ticking; the lines found before it are kept', async () => {
  const stopWatching = watchEventLoop();
  const started = performance.now();
  const outcome = await workerSearch({ files: [quick, pathological, notes], query: '(a+)+$', isRegex: true }, { maxMatches: 100, timeLimitMs: 1000 }, never);
  const elapsed = performance.now() - started;
  const loop = stopWatching();
  assert.equal(outcome.stopped, 'timeLimit');
  assert.deepEqual(outcome.found, [{ file: quick, line: 1, text: 'aaaa' }]);
  assert.ok(elapsed < 2500, `finished ${elapsed.toFixed(0)} ms after it started`);
  // About 1 % and gaps of 10-40 ms on an idle machine. A loaded one (load 8 on 2 cores) showed gaps of up to 190 ms
  // with nothing of ours on the thread, hence the margin; the pattern on this thread would block it for hours.
  assert.ok(loop.utilization < 0.25, `the event loop ran code ${(loop.utilization * 100).toFixed(0)} % of the time`);
  assert.ok(loop.longestGapMs < 500, `the event loop stood still for ${loop.longestGapMs.toFixed(0)} ms`);
  const text = describeOutcome(outcome, '(a+)+$', { maxMatches: 100, timeLimitMs: 1000 }, (f) => path.basename(f));
  assert.equal(text, 'quick.txt:1: aaaa\n(the search took too long and was stopped after 1 s; narrow "include" or simplify the pattern)');
});

test('text is found case-insensitively, a line at a time, in the order of the files', async () => {
  const outcome = await workerSearch({ files: [notes, quick], query: 'BETA', isRegex: false }, limits, never);
  assert.deepEqual(outcome, {
    found: [
      { file: notes, line: 2, text: 'beta' },
      { file: notes, line: 3, text: 'gamma beta' },
    ],
  });
  const regex = await workerSearch({ files: [notes], query: '^a.p', isRegex: true }, limits, never);
  assert.deepEqual(
    regex.found.map((f) => f.line),
    [1],
  );
});

test('binary, large and missing files are skipped', async () => {
  const binary = file('binary.bin', Buffer.from('beta\0beta'));
  const large = file('large.txt', `beta\n${'x'.repeat(MAX_TEXT_FILE_BYTES)}`);
  const outcome = await workerSearch({ files: [binary, large, path.join(dir, 'missing.txt'), notes], query: 'beta', isRegex: false }, limits, never);
  assert.deepEqual(
    outcome.found.map((f) => f.file),
    [notes, notes],
  );
});

test('the search stops at maxMatches and says so', async () => {
  const outcome = await workerSearch({ files: [notes, notes], query: 'a', isRegex: false }, { ...limits, maxMatches: 4 }, never);
  assert.equal(outcome.found.length, 4);
  assert.equal(outcome.stopped, 'maxMatches');
  assert.match(describeOutcome(outcome, 'a', { ...limits, maxMatches: 4 }, String), /\(stopped at 4 matches\)$/);
});

test('an invalid pattern is refused with the reason before a worker starts', async () => {
  await assert.rejects(workerSearch({ files: [notes], query: '(', isRegex: true }, limits, never), /"query" is not a valid regular expression/);
});

test('cancelling ends a search that would run for hours', async () => {
  const controller = new AbortController();
  const search = workerSearch({ files: [pathological], query: '(a+)+$', isRegex: true }, limits, controller.signal);
  setTimeout(() => controller.abort(), 100);
  const started = performance.now();
  await assert.rejects(search, /cancelled/);
  assert.ok(performance.now() - started < 1000);
});
