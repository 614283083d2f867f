/**
 * Where a path the model gives may point: only inside the workspace folders.
 * Pure (no `vscode`, no I/O of its own): the caller hands in the folders and
 * a realpath function, so symlinks are judged by where they really lead.
 */
import * as path from 'path';
import { t } from '../l10n/localize';

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
 * Also refused, because they hide where a path leads on some system or reach
 * files that run code: control, invisible and look-alike characters, `~`,
 * drive-relative and stream paths, Windows device names, names ending in "."
 * or " ", anything inside `.git` or `.vscode`, and `.code-workspace` files
 * (in any case).
 */
export function resolveInWorkspace(roots: readonly string[], requested: string, realpath: Realpath): ResolvedPath {
  if (roots.length === 0) return refuse(t('no workspace folder is open'));
  if (typeof requested !== 'string' || requested.trim() === '') return refuse(t('the path is empty'));
  const text = fromFileUri(requested);
  if (text === undefined) return refuse(t('only workspace paths are allowed, not URLs'));
  // Checked after decoding too: a file URI may spell them with %-escapes.
  const hidden = hiddenTrick(requested) ?? hiddenTrick(text);
  if (hidden) return refuse(t('the path {0}', hidden));
  const slashed = text.replace(/\\/g, '/');
  const foreign = foreignForm(slashed);
  if (foreign) return refuse(`${requested} ${foreign}`);
  const candidate = path.isAbsolute(slashed) ? path.resolve(slashed) : path.resolve(rootFor(roots, slashed), slashed);
  const root = roots.map((r) => path.resolve(r)).find((r) => isInside(r, candidate));
  if (!root) return refuse(t('{0} is outside the workspace folders', requested));
  const relative = path.relative(root, candidate).split(path.sep).join('/');
  const realRoot = realOrSelf(realpath, root);
  const realTarget = realOfNearestExisting(realpath, candidate);
  if (realTarget === undefined || !isInside(realRoot, realTarget))
    return refuse(t('{0} leads outside the workspace folders (through a symbolic link)', requested));
  const unsafe = unsafeSegment(relative) ?? unsafeSegment(path.relative(realRoot, realTarget).split(path.sep).join('/'));
  if (unsafe) return refuse(`${requested} ${unsafe}`);
  return { ok: true, path: candidate, root, relative };
}

/** Characters that hide what a path is: control and invisible ones, and look-alikes of "." and "/". */
function hiddenTrick(text: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(text)) return t('contains control characters');
  if (/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(text)) return t('contains invisible or direction-changing characters');
  if (/[\u2044\u2215\u29f8\u29f9]/.test(text) || separatorsAndDots(text.normalize('NFKC')) !== separatorsAndDots(text))
    return t('contains look-alikes of "." or "/"');
  return undefined;
}

function separatorsAndDots(text: string): string {
  return text.replace(/[^./\\]/g, '');
}

/** What makes a path absolute or special on some system, though relative here: then it is no name inside a folder. */
function foreignForm(slashed: string): string | undefined {
  if (slashed.startsWith('~')) return t('starts with "~" (a home folder)');
  // A drive or UNC path on POSIX, a drive-relative path ("c:x") anywhere, an NTFS stream ("x::$DATA").
  if (!path.isAbsolute(slashed) && (/^[a-zA-Z]:/.test(slashed) || slashed.startsWith('//'))) return t('is a path of another system');
  if (slashed.replace(/^[a-zA-Z]:\//, '').includes(':')) return t('contains ":" (a drive or an alternate data stream on Windows)');
  return undefined;
}

/** Folders whose files run code (git hooks and config, workspace tasks and settings), in any case. */
const PROTECTED_FOLDERS = ['.git', '.vscode'];
/** A workspace file holds settings, tasks and launch configurations, as `.vscode` does (in effect when the window opened it). */
const WORKSPACE_FILE = /\.code-workspace$/i;
/** Names Windows reserves for devices, with any extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function unsafeSegment(relative: string): string | undefined {
  for (const segment of relative.split('/')) {
    if (PROTECTED_FOLDERS.includes(segment.toLowerCase())) return t('is inside {0}, whose files can run code', segment);
    if (WORKSPACE_FILE.test(segment)) return t('is a workspace file ({0}), whose settings and tasks can run code', segment);
    if (DEVICE_NAME.test(segment)) return t('names the Windows device {0}', segment);
    // Windows drops them: ".. " and "...." would be "..".
    if (/[. ]$/.test(segment) && segment !== '' && segment !== '.') return t('has a name ending in "." or " " ({0})', JSON.stringify(segment));
  }
  return undefined;
}

function refuse(reason: string): ResolvedPath {
  return { ok: false, reason: t('Refused: {0}.', reason) };
}

/** A `file:` URI as a path; other URLs (scheme of 2+ letters: a drive letter is not one) undefined; anything else as given. */
function fromFileUri(text: string): string | undefined {
  if (/^file:/i.test(text)) {
    try {
      return new URL(text).pathname
        .replace(/^\/([a-zA-Z]:)/, '$1')
        .split('/')
        .map(decodeURIComponent)
        .join('/');
    } catch {
      return undefined;
    }
  }
  return /^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(text) ? undefined : text;
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
