import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isGatewayError } from '../../../src/gateway/errors';
import { readAsDataUrl, readLocalMedia, resolveWorkspacePath, workspaceRelativePath } from '../../../src/output/workspaceMedia';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const RULE = { mimeTypes: ['image/png', 'image/jpeg'], maxBytes: 64 };

function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'workspace-media-'));
}

test('an image becomes a data URL of the type its bytes show, whatever its extension', async () => {
  const dir = scratch();
  const file = path.join(dir, 'frame.jpg');
  fs.writeFileSync(file, PNG_HEAD);
  assert.equal(await readAsDataUrl(file, RULE, 'first frame image'), `data:image/png;base64,${PNG_HEAD.toString('base64')}`);
  assert.deepEqual(await readLocalMedia(file, RULE, 'image'), { mimeType: 'image/png', base64: PNG_HEAD.toString('base64') });
});

test('too large, of another type, unknown or missing: a validation error naming the file and the limits', async () => {
  const dir = scratch();
  const big = path.join(dir, 'big.png');
  fs.writeFileSync(big, Buffer.concat([PNG_HEAD, Buffer.alloc(100)]));
  const gif = path.join(dir, 'anim.gif');
  fs.writeFileSync(gif, Buffer.from('GIF89a0000000000'));
  const text = path.join(dir, 'notes.png');
  fs.writeFileSync(text, 'just some text here');
  const refused = (detail: RegExp) => (e: unknown) =>
    isGatewayError(e) &&
    e.kind === 'validation' &&
    e.param === 'last frame image' &&
    detail.test(e.message) &&
    /image\/png, image\/jpeg file of at most/.test(e.message);
  await assert.rejects(readAsDataUrl(big, RULE, 'last frame image', 'images/big.png'), refused(/"images\/big.png".*MB/));
  await assert.rejects(readAsDataUrl(gif, RULE, 'last frame image'), refused(/a image\/gif file/));
  await assert.rejects(readAsDataUrl(text, RULE, 'last frame image'), refused(/not a known media type/));
  await assert.rejects(readAsDataUrl(path.join(dir, 'gone.png'), RULE, 'last frame image'), refused(/no such file/));
});

test('paths inside the workspace are kept relative with /, others absolute', () => {
  const root = path.join(os.tmpdir(), 'ws');
  assert.equal(workspaceRelativePath(path.join(root, 'images', 'cat.png'), root), 'images/cat.png');
  assert.equal(workspaceRelativePath(path.join(os.tmpdir(), 'elsewhere.png'), root), path.join(os.tmpdir(), 'elsewhere.png'));
  assert.equal(workspaceRelativePath('/x/y.png', undefined), '/x/y.png');
  assert.equal(resolveWorkspacePath('images/cat.png', root), path.join(root, 'images', 'cat.png'));
  assert.equal(resolveWorkspacePath('/abs/cat.png', root), '/abs/cat.png');
});
