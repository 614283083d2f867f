/**
 * Where a path the model gives may point: only inside the workspace folders.
 * Pure (no `vscode`, no I/O of its own): the caller hands in the folders and
 * a realpath function, so symlinks are judged by where they really lead.
 */
import * as path from 'path';

export type ResolvedPath =
  | {
      ok: true;
      /** Absolute, normalized, inside `root`: the path to use (never re-resolve the request). */
      path: string;
      /** The workspace folder it is in. */
      root: string;
      /** Relative to `root`, with '/' separators; '' for the folder itself. */
      relative: string;
    }
  | { ok: false; reason: string };

/**
 * The real location of a path, following every symlink; undefined (or a
 * throw) when nothing exists there. For a symlink whose target does not exist
 * it must give where the target would be (a write would create it there):
 * `fs.realpathSync` alone does not.
 */
export type Realpath = (p: string) => string | undefined;

/**
 * Resolves `requested` (relative to a workspace folder, or absolute) and
 * refuses it unless it stays inside one of `roots` (absolute folder paths):
 * lexically (`..`, absolute paths elsewhere, `file:` URIs) and really (a
 * symlink on the way, or the nearest existing ancestor of a path to create,
 * must lead inside a root's real location). A relative path starting with a
 * folder's name is in that folder when there are several; otherwise in the
 * first. Backslashes count as separators, so `..\` is caught on every platform.
 */
export function resolveInWorkspace(roots: readonly string[], requested: string, realpath: Realpath): ResolvedPath {
  if (roots.length === 0) return refuse('no workspace folder is open');
  if (typeof requested !== 'string' || requested.trim() === '') return refuse('the path is empty');
  if (requested.includes('\0')) return refuse('the path contains a NUL character');
  const text = fromFileUri(requested.trim());
  if (text === undefined) return refuse('only workspace paths are allowed, not URLs');
  const slashed = text.replace(/\\/g, '/');
  // A drive or UNC path on POSIX: absolute elsewhere, so never a name inside a folder here.
  if (isAbsolute(slashed) && !path.isAbsolute(slashed)) return refuse(`${requested} is outside the workspace folders`);
  const candidate = path.isAbsolute(slashed) ? path.resolve(slashed) : path.resolve(rootFor(roots, slashed), slashed);
  const root = roots.map((r) => path.resolve(r)).find((r) => isInside(r, candidate));
  if (!root) return refuse(`${requested} is outside the workspace folders`);
  const realRoot = realOrSelf(realpath, root);
  const realTarget = realOfNearestExisting(realpath, candidate);
  if (realTarget === undefined || !isInside(realRoot, realTarget)) return refuse(`${requested} leads outside the workspace folders (through a symbolic link)`);
  return { ok: true, path: candidate, root, relative: path.relative(root, candidate).split(path.sep).join('/') };
}

function refuse(reason: string): ResolvedPath {
  return { ok: false, reason: `Refused: ${reason}.` };
}

/** A `file:` URI as a path; other URLs (scheme of 2+ letters: a drive letter is not one) undefined; anything else as given. */
function fromFileUri(text: string): string | undefined {
  if (/^file:/i.test(text)) {
    try {
      return new URL(text).pathname.replace(/^\/([a-zA-Z]:)/, '$1').split('/').map(decodeURIComponent).join('/');
    } catch {
      return undefined;
    }
  }
  return /^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(text) ? undefined : text;
}

/** Absolute on POSIX, and drive or UNC paths everywhere (outside a POSIX workspace, they must not count as relative). */
function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[a-zA-Z]:\//.test(p) || path.isAbsolute(p);
}

function rootFor(roots: readonly string[], relative: string): string {
  if (roots.length > 1) {
    const first = relative.split('/').find((part) => part !== '' && part !== '.');
    const named = roots.find((r) => path.basename(r) === first);
    if (named) return path.dirname(named);
  }
  return roots[0]!;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // '..foo' is a name inside the root; '..' or '../x' is not.
  return !/^\.\.(?:[\\/]|$)/.test(relative) && !path.isAbsolute(relative);
}

function realOrSelf(realpath: Realpath, p: string): string {
  return safeRealpath(realpath, p) ?? p;
}

/** The real path of `p`, or of its nearest existing ancestor with the rest appended (a file to create). */
function realOfNearestExisting(realpath: Realpath, p: string): string | undefined {
  const rest: string[] = [];
  for (let current = p; ; current = path.dirname(current)) {
    const real = safeRealpath(realpath, current);
    if (real !== undefined) return path.join(real, ...rest.reverse());
    if (path.dirname(current) === current) return undefined;
    rest.push(path.basename(current));
  }
}

function safeRealpath(realpath: Realpath, p: string): string | undefined {
  try {
    return realpath(p);
  } catch {
    return undefined;
  }
}
