/**
 * Reads and writes of workspace files that hold when the path changes under
 * them: a folder on the way swapped for a symbolic link after the path
 * policy's check, or a file that is a hard link (another name of a file
 * that may be outside the workspace). No `vscode` import.
 */
import * as fs from 'fs';
import { t } from '../l10n/localize';
import { resolveInWorkspace } from './pathPolicy';
import { realpathFollowingLinks } from './realpath';

export interface CheckedRead {
  bytes: Uint8Array;
  /** More than 1: the file has other names, which may be outside the workspace. */
  hardLinks: number;
}

/**
 * Opens the file, then checks that what it opened is the file its path leads
 * to now, inside the workspace (same device and inode), and reads from that
 * handle: a swap after the check cannot make it read another file. Throws
 * when the file is larger than `maxBytes`, is no regular file or fails a check.
 */
export async function readCheckedFile(roots: readonly string[], file: string, maxBytes: number): Promise<CheckedRead> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new Error(t('{0} is not a file.', file));
    if (opened.size > maxBytes) throw new Error(t('{0} is too large ({1} bytes; the limit is {2}).', file, opened.size, maxBytes));
    assertLeadsInside(roots, file);
    const now = fs.statSync(fs.realpathSync.native(file));
    if (now.dev !== opened.dev || now.ino !== opened.ino) throw new Error(t('{0} changed while it was opened; nothing was read.', file));
    const buffer = Buffer.alloc(opened.size);
    const { bytesRead } = await handle.read(buffer, 0, opened.size, 0);
    return { bytes: buffer.subarray(0, bytesRead), hardLinks: opened.nlink };
  } finally {
    await handle.close();
  }
}

/**
 * Checked again right before a write of the path the user approved: it
 * still leads inside the workspace (no folder on the way became a link
 * leading out), and an existing file has no other hard links (writing would
 * change the file under its other names too).
 */
export function checkBeforeWrite(roots: readonly string[], file: string): void {
  assertLeadsInside(roots, file);
  const links = hardLinkCount(file);
  if (links > 1) throw new Error(t('{0} has {1} hard links (other names of the same file, possibly outside the workspace): it is not written.', file, links));
}

/** How many names the file has (1 when it cannot be told). */
export function hardLinkCount(file: string): number {
  try {
    return fs.lstatSync(file).nlink;
  } catch {
    return 1;
  }
}

function assertLeadsInside(roots: readonly string[], file: string): void {
  const resolved = resolveInWorkspace(roots, file, realpathFollowingLinks);
  if (!resolved.ok) throw new Error(resolved.reason);
}
