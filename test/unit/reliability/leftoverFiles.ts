import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every file below `dir`, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Temporary files of unfinished writes (see openAtomicFile): a workspace must never keep one. */
export function partialFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => path.basename(file).endsWith('.part'));
}

/** Saved results: files that are neither partial nor JSON sidecars. */
export function resultFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => !file.endsWith('.part') && !file.endsWith('.json'));
}
