/** The file system's side of the path policy: real locations, also of symlinks that lead nowhere yet. */
import * as fs from 'fs';
import * as path from 'path';
import type { Realpath } from './pathPolicy';

/** More links than this in one chain is a loop. */
const MAX_LINKS = 40;

/**
 * `fs.realpathSync.native`, except that a dangling symlink gives where its
 * target would be (the real location of the target's nearest existing
 * ancestor, plus the rest): writing through it would create the file there.
 */
export const realpathFollowingLinks: Realpath = (p) => resolve(p, 0);

function resolve(p: string, links: number): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    // Not there, a dangling link, or a link loop.
  }
  const target = links < MAX_LINKS ? linkTarget(p) : undefined;
  if (target === undefined) return undefined;
  return exists(target) ? resolve(target, links + 1) : wouldBe(target, links + 1);
}

/** True for anything there, a symlink included (even a dangling one). */
function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Where a path that does not exist would be: its parent's real location plus its name. */
function wouldBe(p: string, links: number): string | undefined {
  const parent = path.dirname(p);
  if (parent === p) return undefined;
  const realParent = resolve(parent, links) ?? wouldBe(parent, links);
  return realParent === undefined ? undefined : path.join(realParent, path.basename(p));
}

function linkTarget(p: string): string | undefined {
  try {
    if (!fs.lstatSync(p).isSymbolicLink()) return undefined;
    return path.resolve(path.dirname(p), fs.readlinkSync(p));
  } catch {
    return undefined;
  }
}
