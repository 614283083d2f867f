import { test } from 'node:test';
import assert from 'node:assert/strict';
import { excludedGlobs, expandBraces, findFilesExclude, ripgrepGlobArgs } from '../../../src/workspace/excludeGlobs';

test('excluded: node_modules and .git always, and the globs the settings set to true', () => {
  const filesExclude = { '**/.git': true, '**/.DS_Store': true, out: false, '**/*.js': { when: '$(basename).ts' } };
  const searchExclude = { '**/node_modules': true, 'dist/**': true, '**/*.code-search': true };
  assert.deepEqual(excludedGlobs(filesExclude, searchExclude), ['**/node_modules', '**/.git', '**/.DS_Store', 'dist/**', '**/*.code-search']);
  assert.deepEqual(excludedGlobs(undefined, null, ['x'], 'y'), ['**/node_modules', '**/.git']);
});

test('braces are expanded, nested ones too; unbalanced ones are left alone', () => {
  assert.deepEqual(expandBraces('**/*.{js,map}'), ['**/*.js', '**/*.map']);
  assert.deepEqual(expandBraces('a{b,c{d,e}}f'), ['abf', 'acdf', 'acef']);
  assert.deepEqual(expandBraces('{a,b}/{c,d}'), ['a/c', 'a/d', 'b/c', 'b/d']);
  assert.deepEqual(expandBraces('x{}y'), ['xy']);
  assert.deepEqual(expandBraces('a{b,c'), ['a{b,c']);
  assert.deepEqual(expandBraces('plain/**'), ['plain/**']);
  assert.throws(() => expandBraces('{a,b}'.repeat(7)), /too many \{\.\.\.\} alternatives/);
});

test('findFiles gets one glob without nested braces', () => {
  assert.equal(findFilesExclude(['**/node_modules', '**/.git', '**/*.{log,tmp}']), '{**/node_modules,**/.git,**/*.log,**/*.tmp}');
});

test('ripgrep gets the include, then each exclude negated; globs not starting with ** are anchored to the folder', () => {
  assert.deepEqual(ripgrepGlobArgs(undefined, ['**/node_modules', 'build', 'src/*.{gen,tmp}.ts']), [
    '--glob',
    '!**/node_modules',
    '--glob',
    '!/build',
    '--glob',
    '!/src/*.gen.ts',
    '--glob',
    '!/src/*.tmp.ts',
  ]);
  assert.deepEqual(ripgrepGlobArgs('*.ts', []), ['--glob', '/*.ts']);
  assert.deepEqual(ripgrepGlobArgs('**/*.{ts,tsx}', ['**/.git']), ['--glob', '**/*.ts', '--glob', '**/*.tsx', '--glob', '!**/.git']);
});
