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

test('a lock a crashed window left before the clock was set back is broken once stale, not only when the clock catches up', async () => {
  const lock = scratchLock();
  fs.writeFileSync(lock, '');
  // Dated an hour "ahead": the clock was stepped back (NTP, a VM restored, a manual change) after the crash.
  const future = new Date(Date.now() + 3600_000);
  fs.utimesSync(lock, future, future);
  const result = await withFileLock(lock, () => Promise.resolve('taken'), { staleMs: 200, timeoutMs: 2000 }).catch((error: Error) => error.message);
  assert.equal(result, 'taken');
  assert.deepEqual(fs.readdirSync(path.dirname(lock)), []);
});

/** How many holders were inside the lock at once, when one holds it three times staleMs (200 ms) and another asks meanwhile. */
async function mostInsideWithSlowHolder(lock: string): Promise<number> {
  let inside = 0;
  let most = 0;
  const holder = (ms: number) =>
    withFileLock(
      lock,
      async () => {
        most = Math.max(most, ++inside);
        await pause(ms);
        inside--;
      },
      { staleMs: 200, timeoutMs: 2000 },
    );
  const slow = holder(600);
  await pause(20);
  await Promise.all([slow, holder(10)]);
  return most;
}

test('a holder busy for longer than staleMs keeps the lock to itself: it is kept fresh while held', async () => {
  const lock = scratchLock();
  assert.equal(await mostInsideWithSlowHolder(lock), 1, 'two windows inside the lock at once');
  assert.deepEqual(fs.readdirSync(path.dirname(lock)), []);
});

/**
 * Three windows and a stale lock. Windows 1 and 2 both see it; window 2 is
 * slower and acts on what it saw only once window 1 has broken it and holds
 * a new lock; window 3 comes along just then. Without a re-check, window 2
 * moved window 1's new lock aside, window 3 created its own in the gap, and
 * window 2 could not put window 1's back: two holders. The file operations
 * are the real ones, only held at those points.
 */
test("breaking a stale lock never takes away a live holder's lock", async () => {
  const lock = scratchLock();
  fs.writeFileSync(lock, '');
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(lock, past, past);
  const staleIno = fs.statSync(lock).ino;
  let inside = 0;
  let most = 0;
  let window3In = false;
  const stat = fs.promises.stat;
  const rename = fs.promises.rename;
  let staleSeen = 0;
  let window2Resumes!: () => void;
  const window2Resumed = new Promise<void>((resolve) => (window2Resumes = resolve));
  fs.promises.stat = (async (p: fs.PathLike, ...rest: unknown[]) => {
    const s = await (stat as (p: fs.PathLike, ...r: unknown[]) => Promise<fs.Stats>)(p, ...rest);
    if (p === lock && s.ino === staleIno && s.mtimeMs < Date.now() - 30_000 && ++staleSeen === 2) {
      while (inside === 0) await pause(2);
      window2Resumes();
    }
    return s;
  }) as typeof stat;
  let asides = 0;
  fs.promises.rename = (async (from: fs.PathLike, to: fs.PathLike) => {
    await rename(from, to);
    // A second lock moved aside is window 1's live one: window 3 gets its chance before window 2 tries to put it back.
    if (from === lock && String(to).endsWith('.stale') && ++asides === 2) {
      for (let waited = 0; !window3In && waited < 500; waited += 2) await pause(2);
    }
  }) as typeof rename;
  const work = (window3 = false) => async () => {
    most = Math.max(most, ++inside);
    if (window3) window3In = true;
    await pause(150);
    inside--;
  };
  try {
    const windows = [withFileLock(lock, work()), withFileLock(lock, work())];
    await window2Resumed;
    windows.push(withFileLock(lock, work(true)));
    await Promise.all(windows);
  } finally {
    fs.promises.stat = stat;
    fs.promises.rename = rename;
  }
  assert.equal(most, 1, 'two windows inside the lock at once');
});

test('a live lock dated ahead of the clock (set back while it was held) is not taken for stale', async (t) => {
  const lock = scratchLock();
  const now = Date.now.bind(Date);
  // This process's clock an hour behind the one that dates the files: every lock looks an hour ahead.
  t.mock.method(Date, 'now', () => now() - 3600_000);
  assert.equal(await mostInsideWithSlowHolder(lock), 1, 'two windows inside the lock at once');
});

test('a breaker that died while breaking a stale lock does not keep the others from breaking it', async () => {
  const lock = scratchLock();
  const past = new Date(Date.now() - 60_000);
  for (const file of [lock, `${lock}.breaking`]) {
    fs.writeFileSync(file, '');
    fs.utimesSync(file, past, past);
  }
  assert.equal(await withFileLock(lock, () => Promise.resolve('taken'), { staleMs: 200 }), 'taken');
  assert.deepEqual(fs.readdirSync(path.dirname(lock)), []);
});
