import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withFileLock } from '../../../src/files/fileLock';

function scratchLock(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'file-lock-')), 'store.json.lock');
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('holders take turns: no two run at once, and the lock is gone afterwards', async () => {
  const lock = scratchLock();
  let inside = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: 8 }, () =>
      withFileLock(lock, async () => {
        most = Math.max(most, ++inside);
        await pause(5);
        inside--;
      }),
    ),
  );
  assert.equal(most, 1);
  assert.equal(fs.existsSync(lock), false);
});

test('a failing holder releases the lock', async () => {
  const lock = scratchLock();
  await assert.rejects(
    withFileLock(lock, () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  assert.equal(await withFileLock(lock, () => Promise.resolve('next')), 'next');
});

test('a lock a crashed window left is broken once stale, by exactly one of the windows waiting', async () => {
  const lock = scratchLock();
  fs.writeFileSync(lock, '');
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(lock, past, past);
  let inside = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: 6 }, () =>
      withFileLock(
        lock,
        async () => {
          most = Math.max(most, ++inside);
          await pause(5);
          inside--;
        },
        { staleMs: 1000 },
      ),
    ),
  );
  assert.equal(most, 1);
  assert.deepEqual(fs.readdirSync(path.dirname(lock)), [], 'nothing left beside the lock either');
});

test('a live lock is waited for, then the wait gives up with an error naming the file', async () => {
  const lock = scratchLock();
  fs.writeFileSync(lock, '');
  await assert.rejects(
    withFileLock(lock, () => Promise.resolve(), { staleMs: 60_000, timeoutMs: 200 }),
    (error: Error) => error.message.includes(lock),
  );
  assert.equal(fs.existsSync(lock), true, "another window's lock is left alone");
});
