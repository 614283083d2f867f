import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { GatewayError } from '../../../src/gateway/errors';
import { openAtomicFile, type AtomicFile } from '../../../src/files/atomicFile';
import { ExtractedField, extractBase64Fields } from '../../../src/gateway/media/jsonMediaStream';
import { chunked, inChunksOf, listDir, withTempDir } from './mediaTestHelpers';

const IMAGES = [randomBytes(200_000), randomBytes(1_500_001), randomBytes(10)];
const BODY = JSON.stringify({
  created: 1,
  data: IMAGES.map((_, i) => ({ b64_json: `@${i}@`, revised_prompt: 'p' })),
}).replace(/@(\d)@/g, (_, i: string) => IMAGES[Number(i)].toString('base64').replace(/\//g, '\\/'));

function openImageFile(dir: string, files: AtomicFile[]) {
  return async ({ index }: { index: number }): Promise<AtomicFile> => {
    const file = await openAtomicFile(path.join(dir, `image-${index + 1}.png`));
    files.push(file);
    return file;
  };
}

function isKind(kind: GatewayError['kind']): (error: unknown) => boolean {
  return (error) => error instanceof GatewayError && error.kind === kind;
}

test('each image of a response is streamed into its own file', async () => {
  await withTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'image-1.png'), 'older image');
    const files: AtomicFile[] = [];
    const result = await extractBase64Fields(inChunksOf(BODY, 16_384 + 1), ['b64_json'], openImageFile(dir, files));
    assert.equal(result.extracted, 3);
    assert.deepEqual(
      files.map((file) => path.basename(file.path)),
      ['image-1-2.png', 'image-2.png', 'image-3.png'],
    );
    for (const [i, file] of files.entries()) assert.deepEqual(await fs.readFile(file.path), IMAGES[i]);
    const data = (result.document as { data: { b64_json: unknown }[] }).data;
    assert.deepEqual(
      data.map((entry) => entry.b64_json),
      IMAGES.map((image, i) => new ExtractedField(i, 'b64_json', image.length)),
    );
    assert.deepEqual(await listDir(dir), ['image-1-2.png', 'image-1.png', 'image-2.png', 'image-3.png']);
  });
});

test('a truncated body leaves no file, neither final nor temporary', async () => {
  await withTempDir(async (dir) => {
    for (const length of [BODY.length - 2, BODY.length - 300_000, BODY.indexOf('revised_prompt') + 3]) {
      await assert.rejects(
        extractBase64Fields(inChunksOf(BODY.slice(0, length), 65_536), ['b64_json'], openImageFile(dir, [])),
        isKind('stream'),
      );
      assert.deepEqual(await listDir(dir), [], `cut at ${length}`);
    }
  });
});

test('invalid base64 after a valid image leaves no file', async () => {
  await withTempDir(async (dir) => {
    const body = BODY.replace(/("revised_prompt":"p"},\{"b64_json":"[^"]{5000})/, '$1!');
    await assert.rejects(
      extractBase64Fields(chunked(body, [100_000, 400_000]), ['b64_json'], openImageFile(dir, [])),
      isKind('stream'),
    );
    assert.deepEqual(await listDir(dir), []);
  });
});

test('an abort mid-way leaves no file', async () => {
  await withTempDir(async (dir) => {
    const controller = new AbortController();
    const files: AtomicFile[] = [];
    async function* abortingBody(): AsyncGenerator<Uint8Array> {
      for await (const chunk of inChunksOf(BODY, 65_536)) {
        yield chunk;
        if (files.length === 2) controller.abort();
      }
    }
    await assert.rejects(
      extractBase64Fields(abortingBody(), ['b64_json'], openImageFile(dir, files), controller.signal),
      isKind('aborted'),
    );
    assert.equal(files.length, 2);
    assert.deepEqual(await listDir(dir), []);
  });
});
