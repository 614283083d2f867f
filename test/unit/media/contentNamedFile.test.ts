import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { uniquePath } from '../../../src/files/atomicFile';
import { openContentNamedFile } from '../../../src/files/contentNamedFile';
import { extensionsOf, sniffMediaType } from '../../../src/gateway/media/mediaType';
import { renderPng } from '../../emulator/media/png';
import { renderMp4 } from '../../emulator/media/mp4';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

test('media types are told by their first bytes, not by a name', () => {
  assert.deepEqual(sniffMediaType(renderPng({ width: 4, height: 4, prompt: 'p' })), { mimeType: 'image/png', extension: 'png' });
  assert.deepEqual(sniffMediaType(JPEG), { mimeType: 'image/jpeg', extension: 'jpg' });
  assert.deepEqual(sniffMediaType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')), { mimeType: 'image/webp', extension: 'webp' });
  assert.deepEqual(sniffMediaType(Buffer.from('GIF89a')), { mimeType: 'image/gif', extension: 'gif' });
  assert.deepEqual(sniffMediaType(Buffer.from([0x49, 0x49, 0x2a, 0])), { mimeType: 'image/tiff', extension: 'tiff' });
  assert.deepEqual(sniffMediaType(renderMp4({ width: 16, height: 16, seconds: 0.1, prompt: 'v' })), { mimeType: 'video/mp4', extension: 'mp4' });
  assert.equal(sniffMediaType(Buffer.from('{"not":"media"}')), undefined);
  assert.equal(sniffMediaType(Buffer.alloc(0)), undefined);
  assert.deepEqual(extensionsOf('image/jpeg'), ['jpg', 'jpeg']);
  assert.deepEqual(extensionsOf('text/plain'), []);
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'content-named-'));
}

test('a content-named file takes the extension of what is written, even byte by byte', async () => {
  const dir = tempDir();
  const file = openContentNamedFile((ext) => uniquePath(dir, 'result', ext), 'bin');
  assert.equal(file.path, undefined);
  for (const byte of JPEG) await file.write(Buffer.from([byte]));
  assert.deepEqual(fs.readdirSync(dir).filter((n) => !n.endsWith('.part')), [], 'nothing appears before close');
  assert.equal(await file.close(), path.join(dir, 'result.jpg'));
  assert.ok(fs.readFileSync(path.join(dir, 'result.jpg')).equals(JPEG));
  assert.deepEqual(fs.readdirSync(dir), ['result.jpg']);
});

test('unknown or short content gets the fallback extension; a taken name the next free one', async () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'result.bin'), 'taken');
  const file = openContentNamedFile((ext) => Promise.resolve(path.join(dir, `result.${ext}`)), 'bin');
  await file.write(Buffer.from('tiny'));
  assert.equal(await file.close(), path.join(dir, 'result-2.bin'));
  assert.equal(fs.readFileSync(path.join(dir, 'result.bin'), 'utf8'), 'taken');
});

test('abort leaves nothing, before or after the file was created', async () => {
  const dir = tempDir();
  const early = openContentNamedFile((ext) => uniquePath(dir, 'early', ext), 'bin');
  await early.write(Buffer.from([0x89]));
  await early.abort();
  const late = openContentNamedFile((ext) => uniquePath(dir, 'late', ext), 'bin');
  await late.write(renderPng({ width: 8, height: 8, prompt: 'x' }));
  await late.abort();
  assert.deepEqual(fs.readdirSync(dir), []);
});
