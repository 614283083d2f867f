/**
 * A lock shared by every process on the machine: a file created with an
 * exclusive create (O_EXCL), removed when done. Its holder touches it every
 * quarter of `staleMs` while it holds it, so only a lock left by a process
 * that died holding it (or one whose event loop stood still for `staleMs`)
 * goes stale, and is broken.
 *
 * Breaking is the one place a process removes a lock it did not create, and
 * it is done so that a live holder's lock is never removed:
 * - breakers take turns through a second lock (`.breaking`), held for a few
 *   file operations only, so no two break at once;
 * - the breaker looks again, holding that one, and acts only when the lock
 *   is still the stale one it saw (same inode and modification time);
 * - it moves the lock aside rather than deleting it by name, deletes it
 *   only when the one moved is that stale one, and otherwise puts it back;
 *   when it cannot (another lock was created in between) it is left aside:
 *   it is not the breaker's to delete.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { t } from '../l10n/localize';

export interface FileLockOptions {
  /** How long a lock may stay untouched before it is taken for abandoned. */
  staleMs?: number;
  /** Longest wait for the lock before giving up with an error. */
  timeoutMs?: number;
}

export const FILE_LOCK_STALE_MS = 20_000;
const RETRY_MS = 15;

/** Runs `work` while holding the lock at `lockPath`; the lock is removed afterwards, whether `work` succeeds or not. */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? FILE_LOCK_STALE_MS;
  const mine = await acquire(lockPath, staleMs, options.timeoutMs ?? 2 * staleMs);
  const fresh = keepFresh(lockPath, mine, staleMs);
  try {
    return await work();
  } finally {
    await release(lockPath, await fresh.stop());
  }
}

/** Tells one lock file from another created later at the same path (a freed inode number is soon reused), and a touched lock from the same lock before. */
type LockIdentity = Pick<Stats, 'ino' | 'mtimeMs'>;

function same(a: LockIdentity, b: LockIdentity): boolean {
  return a.ino === b.ino && a.mtimeMs === b.mtimeMs;
}

/**
 * Stale: modified longer than `staleMs` ago, or seen unchanged for
 * `staleMs` by this process's own steady clock. The second covers a lock
 * dated ahead of the clock (set back since it was written, by NTP or a VM
 * restored), which the first would take for fresh until the clock caught
 * up; it does not take a live lock dated ahead for stale, as its holder
 * touches it well within `staleMs`.
 */
class StaleWatch {
  private seen: { lock: LockIdentity; since: number } | undefined;

  constructor(private readonly staleMs: number) {}

  isStale(lock: LockIdentity): boolean {
    const now = performance.now();
    if (!this.seen || !same(this.seen.lock, lock)) this.seen = { lock, since: now };
    return Date.now() - lock.mtimeMs > this.staleMs || now - this.seen.since > this.staleMs;
  }
}

/** Creates the lock file; returns its identity. */
async function acquire(lockPath: string, staleMs: number, timeoutMs: number): Promise<LockIdentity> {
  const giveUpAt = Date.now() + timeoutMs;
  const lockWatch = new StaleWatch(staleMs);
  const breakingWatch = new StaleWatch(staleMs);
  for (;;) {
    const created = await create(lockPath);
    if (created) return created;
    const held = await fs.stat(lockPath).catch(() => undefined);
    if (held && lockWatch.isStale(held) && (await breakStale(lockPath, held, breakingWatch))) continue;
    if (Date.now() > giveUpAt) throw new Error(t('{0} stayed locked by another window for {1} s.', lockPath, Math.round(timeoutMs / 1000)));
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS + Math.random() * RETRY_MS));
  }
}

/** Creates the file when there is none; returns its identity, or undefined when there is one already. */
async function create(lockPath: string): Promise<LockIdentity | undefined> {
  try {
    const handle = await fs.open(lockPath, 'wx');
    try {
      return await handle.stat();
    } finally {
      await handle.close();
    }
  } catch (error) {
    // Windows refuses a new file with EPERM while one being deleted is still open elsewhere: held, for a moment more.
    if (code(error) === 'EEXIST' || (process.platform === 'win32' && code(error) === 'EPERM')) return undefined;
    throw error;
  }
}

/** Breaks the lock when it is still `stale`, holding the breakers' lock; false, having done nothing, when another breaker holds that. */
async function breakStale(lockPath: string, stale: LockIdentity, breakingWatch: StaleWatch): Promise<boolean> {
  const breakingPath = `${lockPath}.breaking`;
  const breaking = await create(breakingPath);
  if (!breaking) {
    // A breaker holds it for a few file operations: still there after staleMs, it died doing so.
    const held = await fs.stat(breakingPath).catch(() => undefined);
    if (held && breakingWatch.isStale(held)) await moveAsideIfStill(breakingPath, held);
    return false;
  }
  try {
    await moveAsideIfStill(lockPath, stale);
    return true;
  } finally {
    await release(breakingPath, breaking);
  }
}

/** Deletes the file at `lockPath` when it is `stale`; any other is left where it is, or put back, or left aside. */
async function moveAsideIfStill(lockPath: string, stale: LockIdentity): Promise<void> {
  const current = await fs.stat(lockPath).catch(() => undefined);
  if (!current || !same(current, stale)) return;
  const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(lockPath, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await fs.stat(aside);
  if (!same(moved, stale)) {
    // A live lock (its holder released the stale one in between, and another window took it): put back where its holder looks for it.
    // A link, not a rename: it fails rather than replace a lock created in the gap. Then two windows hold one, and nothing this one deletes would help.
    const putBack = await fs.link(aside, lockPath).then(
      () => true,
      () => false,
    );
    if (!putBack) return;
  }
  await fs.rm(aside, { force: true });
}

/**
 * Touches the lock every quarter of `staleMs` while it is still this
 * holder's (looked at through the open file, so it never touches another's);
 * `stop` ends that and resolves to the lock's identity as last touched.
 */
function keepFresh(lockPath: string, mine: LockIdentity, staleMs: number): { stop(): Promise<LockIdentity> } {
  let current = mine;
  let stopped = false;
  let touching: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const touch = async (): Promise<void> => {
    const handle = await fs.open(lockPath, 'r+').catch(() => undefined);
    if (!handle) return;
    try {
      if (!same(await handle.stat(), current)) return;
      const now = new Date();
      await handle.utimes(now, now);
      current = await handle.stat();
    } catch {
      // Touched next time.
    } finally {
      await handle.close().catch(() => undefined);
    }
  };
  const schedule = (): void => {
    timer = setTimeout(() => {
      touching = touch().finally(() => {
        if (!stopped) schedule();
      });
    }, staleMs / 4);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await touching;
      return current;
    },
  };
}

/** Removes the lock only while it is still the one this process created. */
async function release(lockPath: string, mine: LockIdentity): Promise<void> {
  const current = await fs.stat(lockPath).catch(() => undefined);
  if (current && same(current, mine)) await fs.rm(lockPath, { force: true });
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}
