// Real ripgrep (code-server's, or one on PATH; skipped without either) listing a temporary folder as VS Code's search would.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { excludedGlobs } from '../../../src/workspace/excludeGlobs';
import { globMatcher } from '../../../src/workspace/globMatcher';
import { ripgrepFiles } from '../../../src/workspace/ripgrepFiles';
import { findTestRipgrep } from '../../support/ripgrep';

const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ripgrep-files-')));
after(() => fs.rmSync(ws, { recursive: true, force: true }));
for (const [file, text] of Object.entries({
  'src/a.ts': 'a',
  'src/b.md': 'b',
  '.gitignore': 'ignored.txt\nout/\n',
  'ignored.txt': 'i',
  'out/x.js': 'x',
  'node_modules/p/i.js': 'p',
  '.github/ci.yml': 'c',
  'build/gen.ts': 'g',
  'sub/.gitignore': 'local.txt\n',
  'sub/local.txt': 'l',
  'sub/kept.txt': 'k',
})) {
  fs.mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
  fs.writeFileSync(path.join(ws, file), text);
}
const signal = new AbortController().signal;

test("ripgrep --files: .gitignore (nested too), node_modules, .git and the settings' excludes left out; hidden files listed", async (t) => {
  const rg = await findTestRipgrep();
  if (!rg) return t.skip('no ripgrep');
  const { files, truncated } = await ripgrepFiles({ rg, folder: ws, excludes: excludedGlobs({ build: true }), max: 100 }, signal);
  assert.deepEqual(files.sort(), ['.github/ci.yml', '.gitignore', 'src/a.ts', 'src/b.md', 'sub/.gitignore', 'sub/kept.txt']);
  assert.equal(truncated, false);
});

test('an include is matched on the list, so it cannot bring ignored files back; max stops the walk; found is told as files arrive', async (t) => {
  const rg = await findTestRipgrep();
  if (!rg) return t.skip('no ripgrep');
  const all = await ripgrepFiles({ rg, folder: ws, excludes: excludedGlobs(), max: 100, accept: globMatcher('**/*.txt') }, signal);
  assert.deepEqual(all.files, ['sub/kept.txt']);
  const seen: string[] = [];
  const few = await ripgrepFiles({ rg, folder: ws, excludes: excludedGlobs(), max: 2, found: (f) => seen.push(f) }, signal);
  assert.equal(few.files.length, 2);
  assert.equal(few.truncated, true);
  assert.deepEqual(seen, few.files);
});

test('a cancelled listing rejects', async (t) => {
  const rg = await findTestRipgrep();
  if (!rg) return t.skip('no ripgrep');
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(ripgrepFiles({ rg, folder: ws, excludes: [], max: 10 }, controller.signal), /cancelled/);
});
