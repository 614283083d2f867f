/**
 * Temporary files that a crashed or killed extension host left in the
 * output folder (`.<name>.<12 hex>.part`, see atomicFile.ts). A write in
 * progress touches its file at least once a minute (a body silent for 60 s
 * is cut), so one untouched for an hour is nobody's: another window's live
 * write is never removed.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export const STALE_PART_AGE_MS = 60 * 60 * 1000;
const PART_NAME = /^\..+\.[0-9a-f]{12}\.part$/;

/** Removes the stale temporary files directly in `folder`; returns their names. A missing folder has none. */
export async function removeStaleParts(folder: string, now = Date.now(), maxAgeMs = STALE_PART_AGE_MS): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => PART_NAME.test(n))) {
    const file = path.join(folder, name);
    try {
      const stat = await fs.lstat(file);
      if (!stat.isFile() || now - stat.mtimeMs < maxAgeMs) continue;
      await fs.unlink(file);
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
