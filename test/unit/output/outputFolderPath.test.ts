import { test } from 'node:test';
import assert from 'node:assert/strict';
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
