// Reads and writes that hold when the path changes under them: folders swapped for links leading out, hard links.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkBeforeWrite, readCheckedFile } from '../../../src/workspace/checkedFiles';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'checked-files-'));
after(() => fs.rmSync(base, { recursive: true, force: true }));
const ws = path.join(base, 'ws');
const outside = path.join(base, 'outside');
fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
fs.mkdirSync(outside);
fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside');
fs.writeFileSync(path.join(ws, 'src', 'a.txt'), 'inside');

test('a plain workspace file is read through its checked handle and may be written', async () => {
  const read = await readCheckedFile([ws], path.join(ws, 'src', 'a.txt'), 1024);
  assert.equal(new TextDecoder().decode(read.bytes), 'inside');
  assert.equal(read.hardLinks, 1);
  checkBeforeWrite([ws], path.join(ws, 'src', 'a.txt'));
  checkBeforeWrite([ws], path.join(ws, 'src', 'new.txt'));
});

test('a folder swapped for a link leading out after the first check: the write is refused, and so is the read', async () => {
  const folder = path.join(ws, 'swapped');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'secret.txt'), 'was inside');
  checkBeforeWrite([ws], path.join(folder, 'secret.txt'));
  fs.rmSync(folder, { recursive: true });
  fs.symlinkSync(outside, folder);
  assert.throws(() => checkBeforeWrite([ws], path.join(folder, 'secret.txt')), /leads outside the workspace/);
  assert.throws(() => checkBeforeWrite([ws], path.join(folder, 'new.txt')), /leads outside the workspace/);
  await assert.rejects(readCheckedFile([ws], path.join(folder, 'secret.txt'), 1024), /leads outside the workspace/);
  assert.equal(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'outside');
});

test('a hard link to a file outside: read with its count of names, never written', async () => {
  const link = path.join(ws, 'src', 'hard.txt');
  fs.linkSync(path.join(outside, 'secret.txt'), link);
  const read = await readCheckedFile([ws], link, 1024);
  assert.equal(read.hardLinks, 2);
  assert.throws(() => checkBeforeWrite([ws], link), /has 2 hard links .*it is not written/);
});

test('a file larger than the limit, or no regular file, is not read', async () => {
  await assert.rejects(readCheckedFile([ws], path.join(ws, 'src', 'a.txt'), 3), /too large/);
  await assert.rejects(readCheckedFile([ws], path.join(ws, 'src'), 1024), /not a file|EISDIR/);
});
