/**
 * A lock shared by every process on the machine: a file created with an
 * exclusive create (O_EXCL), removed when done. One that stays past
 * `staleMs` is left by a process that died holding it, and is broken. Meant
 * for short work (a read and an atomic write of a small file), so a live
 * holder never comes near `staleMs`.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import { t } from '../l10n/localize';

export interface FileLockOptions {
  /** Age (by modification time) after which a lock is taken for abandoned. */
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
  try {
    return await work();
  } finally {
    await release(lockPath, mine);
  }
}

/** Tells one lock file from another created later at the same path (a freed inode number is soon reused). */
type LockIdentity = Pick<Stats, 'ino' | 'mtimeMs'>;

function same(a: LockIdentity, b: LockIdentity): boolean {
  return a.ino === b.ino && a.mtimeMs === b.mtimeMs;
}

/** Creates the lock file; returns its identity. */
async function acquire(lockPath: string, staleMs: number, timeoutMs: number): Promise<LockIdentity> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await fs.open(lockPath, 'wx');
      const created = await handle.stat();
      await handle.close();
      return created;
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
    const held = await fs.stat(lockPath).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > staleMs) await breakStale(lockPath, held);
    else if (Date.now() > giveUpAt) throw new Error(t('{0} stayed locked by another window for {1} s.', lockPath, Math.round(timeoutMs / 1000)));
    else await new Promise((resolve) => setTimeout(resolve, RETRY_MS + Math.random() * RETRY_MS));
  }
}

/**
 * Moves the abandoned lock aside rather than deleting it by name: when two
 * processes break it at once, the second would otherwise delete the lock
 * the first has just created. The one moved aside is checked to be the
 * stale one (same inode) and put back when it is not.
 */
async function breakStale(lockPath: string, stale: LockIdentity): Promise<void> {
  const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(lockPath, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await fs.stat(aside);
  if (!same(moved, stale)) await fs.link(aside, lockPath).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

/** Removes the lock only while it is still the one this process created. */
async function release(lockPath: string, mine: LockIdentity): Promise<void> {
  const current = await fs.stat(lockPath).catch(() => undefined);
  if (current && same(current, mine)) await fs.rm(lockPath, { force: true });
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}
