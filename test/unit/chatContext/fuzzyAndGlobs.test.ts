import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestMatches, fuzzyScore } from '../../../src/chat/fuzzyMatch';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { globMatcher, MAX_GLOB_LENGTH } from '../../../src/workspace/globMatcher';

test('fuzzy: the characters in order, case-insensitive; the file name and word starts rank first', () => {
  assert.equal(fuzzyScore('xyz', 'src/abc.ts'), undefined);
  assert.equal(fuzzyScore('', 'anything'), 0);
  assert.ok(fuzzyScore('CMP', 'src/webview/chat/composer.ts') !== undefined);
  const files = [
    'docs/composer-notes.md',
    'src/webview/chat/composer.ts',
    'src/compat/matrix.ts',
    'src/chat/conversation.ts',
    'test/unit/some/deep/c/o/m/p/x.ts',
  ];
  assert.deepEqual(
    bestMatches(files, 'composer', (f) => f, 2),
    ['docs/composer-notes.md', 'src/webview/chat/composer.ts'],
    'equal matches: the shorter path first',
  );
  assert.equal(bestMatches(files, 'composer.ts', (f) => f, 1)[0], 'src/webview/chat/composer.ts');
  assert.equal(bestMatches(files, 'wvcomp', (f) => f, 1)[0], 'src/webview/chat/composer.ts', 'word starts across folders');
  assert.equal(bestMatches(files, 'conv', (f) => f, 1)[0], 'src/chat/conversation.ts');
  assert.deepEqual(
    bestMatches(files, 'qqq', (f) => f, 5),
    [],
  );
});

test('globs as VS Code reads them: ** any folders, * within one, braces, classes', () => {
  const m = (glob: string, p: string) => globMatcher(glob)(p);
  assert.equal(m('**', 'a/b/c.ts'), true);
  assert.equal(m('**/*.ts', 'a.ts'), true);
  assert.equal(m('**/*.ts', 'a/b/c.ts'), true);
  assert.equal(m('*.ts', 'a/b.ts'), false);
  assert.equal(m('src/**', 'src/x/y.md'), true);
  assert.equal(m('src/**', 'lib/src/y.md'), false);
  assert.equal(m('**/*.{ts,md}', 'x/y.md'), true);
  assert.equal(m('f[0-9].txt', 'f7.txt'), true);
  assert.equal(m('f[!0-9].txt', 'f7.txt'), false);
  assert.equal(m('a?c', 'abc'), true);
  assert.equal(m('a.c', 'abc'), false, 'a dot is a dot');
  assert.equal(m('./docs/*.md', 'docs/x.md'), true);
});

test('globs: "**" as a whole segment spans folders; inside a segment it is "*"', () => {
  const m = (glob: string, p: string) => globMatcher(glob)(p);
  assert.equal(m('src/**/*.ts', 'src/a/b/c.ts'), true);
  assert.equal(m('src/**/*.ts', 'src/c.ts'), true);
  assert.equal(m('**.ts', 'a/b.ts'), false);
  assert.equal(m('**.ts', 'b.ts'), true);
  assert.equal(m('a*b*c', 'axxbyyc'), true);
  assert.equal(m('a*b*c', 'axxbyy'), false);
  assert.equal(m('[]x]', ']'), true, 'a ] first in a class is one of its characters');
  assert.equal(m('f[a-c-]', 'f-'), true);
  assert.equal(m('f[^a-c]', 'fb'), false);
  assert.equal(m('*😀.txt', 'a😀.txt'), true, 'characters beyond the BMP');
  assert.equal(m('😀/?.md', '😀/é.md'), true);
  assert.equal(m('a?b', 'a😀b'), true, '? is one character, an emoji too');
  assert.throws(() => globMatcher('*'.repeat(MAX_GLOB_LENGTH + 1)), /longer than 1000 characters/);
});

test('globs from the model that a backtracking regular expression takes years on are matched at once', async () => {
  // In a worker: a matcher that blocks its thread cannot be stopped from the same thread.
  const matcher = path.join(__dirname, '../../../src/workspace/globMatcher.js');
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { globMatcher } = require(${JSON.stringify(matcher)});
     const deep = Array.from({ length: 18 }, (_, i) => 'folder' + i).join('/') + '/linkRendering.ts';
     const results = [
       globMatcher('*'.repeat(16) + 'Z')('src/webview/chat/markdown/linkRendering.ts'),
       globMatcher('**/'.repeat(14) + 'Z')(deep),
       globMatcher('*a'.repeat(30) + 'Z')('a'.repeat(200)),
       globMatcher('**/'.repeat(14) + '*.ts')(deep),
     ];
     parentPort.postMessage(results);`,
    { eval: true },
  );
  try {
    const results = await new Promise((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error('the globs were still being matched after 30 s')), 30_000);
      worker.once('message', (value) => (clearTimeout(deadline), resolve(value)));
      worker.once('error', reject);
    });
    assert.deepEqual(results, [false, false, false, true]);
  } finally {
    await worker.terminate();
  }
});
