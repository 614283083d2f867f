import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { outputFolderPath } from '../../../src/output/outputFolderPath';

const root = path.resolve('/work/ws');

test('the output folder: relative to the workspace, or absolute from user settings', () => {
  assert.equal(outputFolderPath('generated', 'default', root), path.join(root, 'generated'));
  assert.equal(outputFolderPath('media/out', 'workspace', root), path.join(root, 'media/out'));
  assert.equal(outputFolderPath('/srv/media', 'user', root), '/srv/media');
  assert.equal(outputFolderPath('../shared', 'user', root), path.resolve(root, '../shared'));
});

test('a repository cannot send generated files outside the workspace (absolute or ../ in workspace settings)', () => {
  for (const folder of ['/etc/cron.d', '../outside', 'a/../../outside', '..']) {
    assert.throws(
      () => outputFolderPath(folder, 'workspace', root),
      (error: Error) => /genaiGateway\.outputFolder/.test(error.message) && /inside the workspace/.test(error.message),
      folder,
    );
  }
});

test('without a workspace folder, a relative folder is a clear error', () => {
  assert.throws(() => outputFolderPath('generated', 'default', undefined), /no workspace folder is open/);
});

test('a folder inside the workspace must really be there: a symbolic link of the repository leading out is refused, whoever set the name', () => {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'output-folder-')));
  try {
    const ws = path.join(base, 'ws');
    const outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(ws, 'inner'), { recursive: true });
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(ws, 'generated'));
    fs.symlinkSync(outside, path.join(ws, 'media'));
    fs.symlinkSync(path.join(ws, 'inner'), path.join(ws, 'linked-inner'));
    for (const [folder, source] of [
      ['generated', 'default'],
      ['media', 'workspace'],
      ['media/new', 'workspace'],
      ['generated', 'user'],
    ] as const) {
      assert.throws(
        () => outputFolderPath(folder, source, ws),
        (error: Error) => /genaiGateway\.outputFolder/.test(error.message) && /symbolic link/.test(error.message),
        `${source} ${folder}`,
      );
    }
    assert.equal(outputFolderPath('linked-inner', 'workspace', ws), path.join(ws, 'linked-inner'));
    assert.equal(outputFolderPath('new/folder', 'default', ws), path.join(ws, 'new/folder'));
    assert.equal(outputFolderPath('../outside', 'user', ws), outside, "the user's own folder outside is taken as it is");
    assert.equal(outputFolderPath(path.join(ws, 'generated'), 'user', ws), path.join(ws, 'generated'), "and so is the user's absolute path");
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
