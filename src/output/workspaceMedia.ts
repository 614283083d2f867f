/**
 * Local media files sent inline in a request (as a data URL or bare base64),
 * shared by every feature that takes workspace images or videos: paths kept
 * relative to the workspace, and a read that refuses, with a clear error,
 * a file too large or of a type the model does not take. The bytes decide
 * the type, not the extension.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { validationError } from '../gateway/errors';
import { sniffMediaType } from '../gateway/media/mediaType';
import { t } from '../l10n/localize';

export interface LocalMediaRule {
  /** e.g. `image/png`. */
  mimeTypes: readonly string[];
  maxBytes: number;
}

export interface LocalMedia {
  mimeType: string;
  base64: string;
}

/**
 * Reads a file within the rule.
 *
 * @param label what the file is for, as an error names it (e.g. `first frame image`).
 * @param shownPath the path as the user knows it (e.g. workspace-relative).
 */
export async function readLocalMedia(filePath: string, rule: LocalMediaRule, label: string, shownPath = filePath): Promise<LocalMedia> {
  const allowed = t('a {0} file of at most {1}', rule.mimeTypes.join(', '), describeMegabytes(rule.maxBytes));
  let size: number;
  try {
    size = (await fs.stat(filePath)).size;
  } catch (error) {
    throw validationError(label, shownPath, allowed, (error as NodeJS.ErrnoException).code === 'ENOENT' ? t('no such file') : String(error));
  }
  if (size > rule.maxBytes) throw validationError(label, shownPath, allowed, describeMegabytes(size));
  const bytes = await fs.readFile(filePath);
  const mimeType = sniffMediaType(bytes)?.mimeType;
  if (!mimeType || !rule.mimeTypes.includes(mimeType)) {
    throw validationError(label, shownPath, allowed, mimeType ? t('a {0} file', mimeType) : t('not a known media type'));
  }
  return { mimeType, base64: bytes.toString('base64') };
}

/** `data:<type>;base64,...` of a file within the rule. */
export async function readAsDataUrl(filePath: string, rule: LocalMediaRule, label: string, shownPath = filePath): Promise<string> {
  const media = await readLocalMedia(filePath, rule, label, shownPath);
  return `data:${media.mimeType};base64,${media.base64}`;
}

/** The path relative to the workspace root when inside it (with `/`), else the absolute path. */
export function workspaceRelativePath(absolutePath: string, root: string | undefined): string {
  if (!root) return absolutePath;
  const relative = path.relative(root, absolutePath);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolutePath : relative.split(path.sep).join('/');
}

/** The absolute path of a workspace-relative (or already absolute) path. */
export function resolveWorkspacePath(storedPath: string, root: string | undefined): string {
  if (path.isAbsolute(storedPath) || !root) return storedPath;
  return path.join(root, ...storedPath.split('/'));
}

function describeMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
