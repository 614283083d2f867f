// Real ripgrep on a temporary folder: code-server's (the one VS Code runs) or one on PATH; skipped without either.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { excludedGlobs } from '../../../src/workspace/excludeGlobs';
import { bundledRipgrep } from '../../../src/workspace/ripgrepLocation';
import { MAX_OUTPUT_BYTES, ripgrepSearch, type RipgrepSearch } from '../../../src/tools/search/ripgrepSearch';
import { findTestRipgrep } from '../../support/ripgrep';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ripgrep-search-')));
const ws = path.join(base, 'ws');
const second = path.join(base, 'second');
after(() => fs.rmSync(base, { recursive: true, force: true }));

function write(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

write(path.join(ws, 'src', 'a.txt'), 'Hello world\nfoo\n');
write(path.join(ws, 'node_modules', 'x', 'b.txt'), 'hello\n');
write(path.join(ws, 'src', 'node_modules', 'y', 'b.txt'), 'hello\n');
write(path.join(ws, '.git', 'config'), 'hello\n');
write(path.join(ws, '.github', 'ci.yml'), 'hello\n');
write(path.join(ws, '.gitignore'), 'ignored.txt\nignored-folder/\n');
write(path.join(ws, 'ignored.txt'), 'hello\n');
write(path.join(ws, 'ignored-folder', 'e.txt'), 'hello\n');
write(path.join(ws, 'build', 'out.txt'), 'hello\n');
write(path.join(ws, 'deep', 'build', 'kept.txt'), 'hello\n');
write(path.join(ws, 'crlf.txt'), 'hello\r\n');
write(path.join(ws, 'binary.bin'), Buffer.from('hello\0'));
write(path.join(ws, 'pathological.txt'), `${'a'.repeat(40)}!\n`);
write(path.join(second, 'c.txt'), 'hello from the second folder\n');
write(path.join(second, 'skipped', 'd.txt'), 'hello\n');

let rg: string | undefined;
before(async () => {
  rg = await findTestRipgrep();
});

const limits = { maxMatches: 100, timeLimitMs: 10_000, maxOutputBytes: MAX_OUTPUT_BYTES };
const never = new AbortController().signal;
// "build" is anchored to the folder as in VS Code: deep/build stays.
const folders = [
  { path: ws, excludes: excludedGlobs({ build: true }) },
  { path: second, excludes: excludedGlobs({ '**/skipped': true }) },
];
const search = (query: string, more: Partial<RipgrepSearch> = {}) => ({ rg: rg!, folders, query, isRegex: false, ...more });
const relative = (file: string) => path.relative(base, file).split(path.sep).join('/');
const skip = (t: { skip(message: string): void }) => {
  if (!rg) t.skip("no ripgrep here: apt-get install ripgrep, or run test/vscode/setup.sh for code-server's");
  return !rg;
};

test('ripgrep skips node_modules, .git, .gitignored and excluded files and binaries, and searches hidden ones and every folder', async (t) => {
  if (skip(t)) return;
  const outcome = await ripgrepSearch(search('HELLO'), limits, never);
  assert.equal(outcome.stopped, undefined);
  assert.deepEqual(outcome.found.map((f) => `${relative(f.file)}:${f.line}: ${f.text}`).sort(), [
    'second/c.txt:1: hello from the second folder',
    'ws/.github/ci.yml:1: hello',
    'ws/crlf.txt:1: hello',
    'ws/deep/build/kept.txt:1: hello',
    'ws/src/a.txt:1: Hello world',
  ]);
});

test("include narrows the files as a VS Code glob relative to each folder; a file it names is searched even when .gitignored, as in VS Code's search", async (t) => {
  if (skip(t)) return;
  const outcome = await ripgrepSearch(search('hello', { include: '*.{txt,yml}' }), limits, never);
  assert.deepEqual(outcome.found.map((f) => relative(f.file)).sort(), ['second/c.txt', 'ws/crlf.txt', 'ws/ignored.txt']);
  const deep = await ripgrepSearch(search('hello', { include: '**/*.txt' }), limits, never);
  assert.deepEqual(deep.found.map((f) => relative(f.file)).sort(), ['second/c.txt', 'ws/crlf.txt', 'ws/deep/build/kept.txt', 'ws/ignored.txt', 'ws/src/a.txt']);
});

test('a pathological pattern runs in linear time, and $ ends a line before CRLF', async (t) => {
  if (skip(t)) return;
  // Not stopped by the time limit: no backtracking.
  const outcome = await ripgrepSearch(search('(a+)+$', { isRegex: true }), { ...limits, timeLimitMs: 2000 }, never);
  assert.deepEqual(outcome, { found: [] });
  const crlf = await ripgrepSearch(search('^hello$', { isRegex: true, include: 'crlf.txt' }), limits, never);
  assert.deepEqual(
    crlf.found.map((f) => relative(f.file)),
    ['ws/crlf.txt'],
  );
});

test('look-around and backreferences are refused with a message for the model', async (t) => {
  if (skip(t)) return;
  await assert.rejects(
    ripgrepSearch(search('foo(?=bar)', { isRegex: true }), limits, never),
    /^Error: "query" is not a regular expression the search understands \(Rust syntax, as ripgrep uses: no look-around, no backreferences\)\. regex parse error:[^]*look-around[^]*supported$/,
  );
  await assert.rejects(ripgrepSearch(search('(a)\\1', { isRegex: true }), limits, never), /backreferences are not supported$/);
});

test('the search stops at maxMatches, and at the output limit', async (t) => {
  if (skip(t)) return;
  const few = await ripgrepSearch(search('hello'), { ...limits, maxMatches: 2 }, never);
  assert.equal(few.stopped, 'maxMatches');
  assert.equal(few.found.length, 2);
  const small = await ripgrepSearch(search('hello'), { ...limits, maxOutputBytes: 1 }, never);
  assert.equal(small.stopped, 'outputLimit');
});

test('cancelling kills ripgrep and rejects', async (t) => {
  if (skip(t)) return;
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(ripgrepSearch(search('hello'), limits, controller.signal), /cancelled/);
});

test("VS Code's ripgrep is found under appRoot, in each layout VS Code has had", async () => {
  const executable = async (relativePath: string) => {
    const appRoot = fs.mkdtempSync(path.join(base, 'app-'));
    write(path.join(appRoot, relativePath), '');
    fs.chmodSync(path.join(appRoot, relativePath), 0o755);
    return path.relative(appRoot, (await bundledRipgrep(appRoot, 'linux', 'x64')) ?? appRoot);
  };
  for (const layout of [
    'node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg',
    'node_modules/@vscode/ripgrep/bin/rg',
    'node_modules.asar.unpacked/@vscode/ripgrep/bin/rg',
  ]) {
    assert.equal(await executable(layout), layout);
  }
  assert.equal(await executable('node_modules/@vscode/ripgrep-universal/bin/darwin-arm64/rg'), '');
  assert.equal(await bundledRipgrep(path.join(base, 'no-such-app')), undefined);
});
