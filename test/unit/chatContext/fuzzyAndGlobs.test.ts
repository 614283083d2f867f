import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestMatches, fuzzyScore } from '../../../src/chat/fuzzyMatch';
import { globMatcher } from '../../../src/workspace/globMatcher';

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
