import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openAtomicFile } from '../../../src/files/atomicFile';
import { removeStaleParts, STALE_PART_AGE_MS } from '../../../src/output/staleParts';

test('temporary files a crash left behind are removed on the next start; live writes and other files are not', async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'stale-parts-'));
  try {
    const live = await openAtomicFile(path.join(folder, 'video.mp4'));
    await live.write(new Uint8Array([1, 2, 3]));
    const crashed = await openAtomicFile(path.join(folder, 'image.png'));
    await crashed.write(new Uint8Array([4]));
    const crashedTemp = (await fs.readdir(folder)).find((name) => name.startsWith('.image.png.'))!;
    const anHourAgo = new Date(Date.now() - STALE_PART_AGE_MS - 1000);
    await fs.utimes(path.join(folder, crashedTemp), anHourAgo, anHourAgo);
    for (const name of ['notes.part', '.hidden.txt', 'kept.png']) {
      await fs.writeFile(path.join(folder, name), 'x');
      await fs.utimes(path.join(folder, name), anHourAgo, anHourAgo);
    }

    assert.deepEqual(await removeStaleParts(folder), [crashedTemp]);
    const left = await fs.readdir(folder);
    assert.ok(!left.includes(crashedTemp));
    assert.ok(
      left.some((name) => name.startsWith('.video.mp4.')),
      'the write in progress keeps its file',
    );
    assert.deepEqual(
      ['notes.part', '.hidden.txt', 'kept.png'].filter((name) => !left.includes(name)),
      [],
    );
    assert.equal(await live.close(), path.join(folder, 'video.mp4'));
    await crashed.abort().catch(() => undefined);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
});

test('a missing output folder has nothing to remove', async () => {
  assert.deepEqual(await removeStaleParts(path.join(os.tmpdir(), 'does-not-exist-stale-parts')), []);
});
