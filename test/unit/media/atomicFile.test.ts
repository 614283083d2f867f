import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { GatewayError } from '../../../src/gateway/errors';
import { abortUnfinishedFiles, openAtomicFile, writeFileAtomic } from '../../../src/files/atomicFile';
import { inChunksOf, listDir, withTempDir } from './mediaTestHelpers';

test('the file appears under its name only when closed, from a hidden .part file', async () => {
  await withTempDir(async (dir) => {
    const target = path.join(dir, 'cat.png');
    const file = await openAtomicFile(target);
    await file.write(Buffer.from('hello '));
    await file.write(Buffer.from('world'));
    const [temp] = await listDir(dir);
    assert.match(temp, /^\.cat\.png\.[0-9a-f]+\.part$/);
    assert.equal(await file.close(), target);
    assert.equal(file.path, target);
    assert.deepEqual(await listDir(dir), ['cat.png']);
    assert.equal(await fs.readFile(target, 'utf8'), 'hello world');
  });
});

test('finish flushes and closes the handle but keeps the temporary name; close then publishes, abort removes it', async () => {
  await withTempDir(async (dir) => {
    const kept = await openAtomicFile(path.join(dir, 'kept.png'));
    await kept.write(Buffer.from('kept'));
    await kept.finish();
    await assert.rejects(kept.write(Buffer.from('more')), /already finished/);
    assert.match((await listDir(dir))[0] ?? '', /^\.kept\.png\.[0-9a-f]+\.part$/);
    const dropped = await openAtomicFile(path.join(dir, 'dropped.png'));
    await dropped.write(Buffer.from('dropped'));
    await dropped.finish();
    await dropped.abort();
    assert.equal(await kept.close(), path.join(dir, 'kept.png'));
    assert.deepEqual(await listDir(dir), ['kept.png']);
    assert.equal(await fs.readFile(path.join(dir, 'kept.png'), 'utf8'), 'kept');
  });
});

test('an existing file is never overwritten: the next free name is used', async () => {
  await withTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'a.png'), 'original');
    const second = await openAtomicFile(path.join(dir, 'a.png'));
    await second.write(Buffer.from('second'));
    assert.equal(await second.close(), path.join(dir, 'a-2.png'));
    const third = await writeFileAtomic(path.join(dir, 'a.png'), 'third');
    assert.equal(third, path.join(dir, 'a-3.png'));
    assert.equal(await fs.readFile(path.join(dir, 'a.png'), 'utf8'), 'original');
    assert.equal(await fs.readFile(path.join(dir, 'a-2.png'), 'utf8'), 'second');
    assert.equal(await fs.readFile(third, 'utf8'), 'third');
  });
});

test('a name taken while writing is detected when closing, and the path used is reported', async () => {
  await withTempDir(async (dir) => {
    const file = await openAtomicFile(path.join(dir, 'clip.mp4'));
    await file.write(Buffer.from('ours'));
    await fs.writeFile(path.join(dir, 'clip.mp4'), 'theirs');
    assert.equal(await file.close(), path.join(dir, 'clip-2.mp4'));
    assert.equal(file.path, path.join(dir, 'clip-2.mp4'));
    assert.equal(await fs.readFile(path.join(dir, 'clip.mp4'), 'utf8'), 'theirs');
  });
});

test('files closed at the same time under one name all get distinct names', async () => {
  await withTempDir(async (dir) => {
    const files = await Promise.all(Array.from({ length: 12 }, () => openAtomicFile(path.join(dir, 'same.txt'))));
    await Promise.all(files.map((file, i) => file.write(Buffer.from(`content ${i}`))));
    const used = await Promise.all(files.map((file) => file.close()));
    assert.equal(new Set(used).size, files.length);
    for (const [i, usedPath] of used.entries()) assert.equal(await fs.readFile(usedPath, 'utf8'), `content ${i}`);
    assert.equal((await listDir(dir)).length, files.length);
  });
});

test('where hard links are refused, a name is claimed exclusively before the rename', async () => {
  await withTempDir(async (dir) => {
    const link = mock.method(fs, 'link', async () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    });
    try {
      await fs.writeFile(path.join(dir, 'a.png'), 'original');
      const used = await writeFileAtomic(path.join(dir, 'a.png'), 'new');
      assert.equal(used, path.join(dir, 'a-2.png'));
      assert.ok(link.mock.callCount() >= 2);
      assert.deepEqual(await listDir(dir), ['a-2.png', 'a.png']);
      assert.equal(await fs.readFile(path.join(dir, 'a.png'), 'utf8'), 'original');
      assert.equal(await fs.readFile(used, 'utf8'), 'new');
    } finally {
      link.mock.restore();
    }
  });
});

test('abort removes the temporary file; after close it does nothing, and writing is refused', async () => {
  await withTempDir(async (dir) => {
    const aborted = await openAtomicFile(path.join(dir, 'x.bin'));
    await aborted.write(Buffer.alloc(1000));
    await aborted.abort();
    await aborted.abort();
    assert.deepEqual(await listDir(dir), []);
    await assert.rejects(aborted.write(Buffer.from('late')));

    const closed = await openAtomicFile(path.join(dir, 'y.bin'));
    await closed.close();
    await closed.abort();
    assert.deepEqual(await listDir(dir), ['y.bin']);
    await assert.rejects(closed.close());
  });
});

test('overwrite replaces an existing file', async () => {
  await withTempDir(async (dir) => {
    const target = path.join(dir, 'meta.json');
    await fs.writeFile(target, '{"old":true}');
    assert.equal(await writeFileAtomic(target, '{"new":true}', { overwrite: true }), target);
    assert.equal(await fs.readFile(target, 'utf8'), '{"new":true}');
    assert.deepEqual(await listDir(dir), ['meta.json']);
  });
});

test('writeFileAtomic takes bytes, text and async chunks', async () => {
  await withTempDir(async (dir) => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    assert.deepEqual(await fs.readFile(await writeFileAtomic(path.join(dir, 'a.bin'), bytes)), bytes);
    assert.equal(await fs.readFile(await writeFileAtomic(path.join(dir, 'b.txt'), 'é ✓'), 'utf8'), 'é ✓');
    const large = Buffer.alloc(300_000, 'abc');
    assert.deepEqual(await fs.readFile(await writeFileAtomic(path.join(dir, 'c.bin'), inChunksOf(large, 7001))), large);
  });
});

test('writeFileAtomic leaves nothing behind when the source fails or the signal fires', async () => {
  await withTempDir(async (dir) => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('partial');
      throw new Error('download failed');
    }
    await assert.rejects(writeFileAtomic(path.join(dir, 'a.bin'), failing()), /download failed/);

    const controller = new AbortController();
    const stalled: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          setTimeout(() => controller.abort(), 5);
          return new Promise<IteratorResult<Uint8Array>>(() => undefined);
        },
      }),
    };
    await assert.rejects(
      writeFileAtomic(path.join(dir, 'b.bin'), stalled, { signal: controller.signal }),
      (error) => error instanceof GatewayError && error.kind === 'aborted',
    );
    await assert.rejects(
      writeFileAtomic(path.join(dir, 'c.bin'), 'text', { signal: controller.signal }),
      (error) => error instanceof GatewayError && error.kind === 'aborted',
    );
    assert.deepEqual(await listDir(dir), []);
  });
});

test('at shutdown, every file still being written is abandoned without its .part; finished ones stay', async () => {
  await withTempDir(async (dir) => {
    const finished = await openAtomicFile(path.join(dir, 'done.png'));
    await finished.write(Buffer.from('done'));
    await finished.close();
    const downloading = [await openAtomicFile(path.join(dir, 'a.mp4')), await openAtomicFile(path.join(dir, 'b.mp3'))];
    for (const file of downloading) await file.write(Buffer.from('partial'));
    assert.equal((await listDir(dir)).length, 3);
    await abortUnfinishedFiles();
    assert.deepEqual(await listDir(dir), ['done.png']);
    await assert.rejects(downloading[0].write(Buffer.from('more')), /already aborted/);
  });
});
