import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveInWorkspace } from '../../../src/workspace/pathPolicy';
import { realpathFollowingLinks } from '../../../src/workspace/realpath';

// A real tree: two workspace folders, a folder outside, and symlinks of every kind between them.
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'path-policy-')));
const ws = path.join(base, 'ws');
const other = path.join(base, 'other-root');
const outside = path.join(base, 'outside');
for (const dir of [path.join(ws, 'src', 'deep'), other, outside]) fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'a');
fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
fs.writeFileSync(path.join(other, 'b.txt'), 'b');
fs.symlinkSync(outside, path.join(ws, 'link-out'));
fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'secret-link'));
fs.symlinkSync(path.join(ws, 'src'), path.join(ws, 'link-in'));
fs.symlinkSync(path.join(outside, 'not-yet.txt'), path.join(ws, 'dangling-out'));
fs.symlinkSync(path.join(ws, 'src', 'not-yet.txt'), path.join(ws, 'dangling-in'));
fs.symlinkSync(path.join(ws, 'loop-b'), path.join(ws, 'loop-a'));
fs.symlinkSync(path.join(ws, 'loop-a'), path.join(ws, 'loop-b'));
fs.symlinkSync('../outside', path.join(ws, 'relative-link-out'));
after(() => fs.rmSync(base, { recursive: true, force: true }));

const roots = [ws];
const resolve = (requested: string, folders: readonly string[] = roots) => resolveInWorkspace(folders, requested, realpathFollowingLinks);

/** Paths that must stay inside, and where they land (relative to the folder). */
const INSIDE: Array<[string, string]> = [
  ['src/a.ts', 'src/a.ts'],
  ['./src/a.ts', 'src/a.ts'],
  ['src/deep/../a.ts', 'src/a.ts'],
  ['src//a.ts', 'src/a.ts'],
  ['.', ''],
  ['src/new-file.ts', 'src/new-file.ts'],
  ['src/new/dir/file.ts', 'src/new/dir/file.ts'],
  ['link-in/a.ts', 'link-in/a.ts'],
  ['dangling-in', 'dangling-in'],
  ['..foo', '..foo'],
  ['src\\a.ts', 'src/a.ts'],
  [`${ws}/src/a.ts`, 'src/a.ts'],
  [`file://${ws}/src/a.ts`, 'src/a.ts'],
  ['%2e%2e/x', '%2e%2e/x'],
  ['.github/workflows/ci.yml', '.github/workflows/ci.yml'],
  ['src/.gitignore', 'src/.gitignore'],
  ['Ünïcödé/файл.txt', 'Ünïcödé/файл.txt'],
];

/** Tricks that must be refused. */
const ESCAPES: string[] = [
  '..',
  '../outside/secret.txt',
  'src/../../outside/secret.txt',
  'src/deep/../../../outside',
  '..\\outside\\secret.txt',
  'src\\..\\..\\outside',
  '/etc/passwd',
  `${outside}/secret.txt`,
  `${ws}/../outside/secret.txt`,
  `${ws}-sibling/file`,
  'file:///etc/passwd',
  `file://${outside}/secret.txt`,
  `file://${ws}/%2e%2e/outside/secret.txt`,
  'https://example.com/x',
  'vscode-remote://host/etc/passwd',
  'link-out/secret.txt',
  'link-out',
  'link-out/new.txt',
  'secret-link',
  'relative-link-out/secret.txt',
  'dangling-out',
  '',
  '   ',
  'src/a.ts\0.png',
  '//server/share/x',
  'C:\\Windows\\system.ini',
  '~/x',
  '.git/config',
  'src/../.Git/hooks/pre-commit',
  '.vscode/tasks.json',
  // A multi-root workspace's file, kept in its folder: its settings and tasks are those of the open window.
  'team.code-workspace',
  'src/../Team.Code-Workspace',
  'src/new.code-workspace',
  'src/CON',
  'src/nul.txt',
  'src/a.ts::$DATA',
  'c:a.ts',
  'src/a.ts.',
  'src/a.ts ',
  '.. /x',
  '\uFF0E\uFF0E/x',
  '..\u2215x',
  'src/\u202Ea.ts',
  'src/a\tb.ts',
  `file://${ws}/src/%00a.ts`,
];

for (const [requested, relative] of INSIDE) {
  test(`inside: ${JSON.stringify(requested)}`, () => {
    const result = resolve(requested);
    assert.ok(result.ok, `refused: ${result.ok ? '' : result.reason}`);
    assert.equal(result.relative, relative);
    assert.equal(result.root, ws);
    assert.equal(result.path, path.join(ws, relative));
  });
}

for (const requested of ESCAPES) {
  test(`refused: ${JSON.stringify(requested)}`, () => {
    const result = resolve(requested);
    assert.equal(result.ok, false, `resolved to ${result.ok ? result.path : ''}`);
    if (!result.ok) assert.match(result.reason, /^Refused: /);
  });
}

test('with several folders, a leading folder name picks that folder; an absolute path in any folder is allowed', () => {
  const both = [ws, other];
  const named = resolve('other-root/b.txt', both);
  assert.ok(named.ok && named.root === other && named.relative === 'b.txt');
  const plain = resolve('src/a.ts', both);
  assert.ok(plain.ok && plain.root === ws);
  const absolute = resolve(path.join(other, 'b.txt'), both);
  assert.ok(absolute.ok && absolute.root === other);
  assert.equal(resolve('other-root/../outside/secret.txt', both).ok, false);
});

test('a symlink loop leads nowhere outside: it resolves, if at all, inside the folder (opening it then fails)', () => {
  const result = resolve('loop-a/x');
  assert.ok(!result.ok || result.path.startsWith(ws + path.sep));
});

test('without a workspace folder, every path is refused', () => {
  const result = resolve('src/a.ts', []);
  assert.equal(result.ok, false);
});

test('a workspace folder that is itself a symlink: paths inside it are allowed', () => {
  const linkedRoot = path.join(base, 'linked-ws');
  fs.symlinkSync(ws, linkedRoot);
  const result = resolve('src/a.ts', [linkedRoot]);
  assert.ok(result.ok && result.path === path.join(linkedRoot, 'src', 'a.ts'));
  assert.equal(resolve('link-out/secret.txt', [linkedRoot]).ok, false);
});

test('the realpath function is only asked, never trusted to exist: one that throws counts as "nothing there"', () => {
  const result = resolveInWorkspace(['/ws'], 'a/b.txt', () => {
    throw new Error('ENOENT');
  });
  assert.equal(result.ok, false, 'without any existing ancestor, nothing can be vouched for');
  const mapped = resolveInWorkspace(['/ws'], 'a/b.txt', (p) => (p === '/ws' || p === '/' ? p : undefined));
  assert.ok(mapped.ok && mapped.path === '/ws/a/b.txt');
});
