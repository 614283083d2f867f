/**
 * Reads what the chat's chips refer to, when the message is sent: files
 * (the editor's text when open, so unsaved changes count), folders as a
 * tree, a symbol's lines, the current problems. Only inside the workspace
 * folders (the path policy, symlinks judged by where they lead); binary and
 * very large files are not attached; files that search leaves out
 * (.gitignore, files.exclude, search.exclude) are attached and marked.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { fitToLimits, looksBinary, MAX_PROBLEMS, MAX_READ_BYTES, treeListing } from '../chat/attachedContext';
import { newId, type ContextChip } from '../chat/conversation';
import { readCheckedFile, type CheckedRead } from '../workspace/checkedFiles';
import { isInWorkspace, shownPath, workspaceRoots } from '../workspace/workspacePaths';
import { t } from '../l10n/localize';
import type { WorkspaceListing } from './workspaceListing';

const IGNORED_NOTE = t('left out of search by .gitignore, files.exclude or search.exclude');

/** A chip referring to a file or folder (Add File to Chat, a drop); throws why it cannot be attached. */
export async function referenceChip(uri: vscode.Uri): Promise<ContextChip> {
  const shown = shownPath(uri);
  if (!isInWorkspace(uri)) throw new Error(t('{0} is outside the workspace folders: only workspace files can be attached.', shown));
  const stat = await statOf(uri);
  const folder = (stat.type & vscode.FileType.Directory) !== 0;
  if (!folder) await assertReadable(uri, stat);
  return { id: newId(), kind: folder ? 'folder' : 'file', file: shown, uri: uri.toString(), languageId: '', startLine: 0, endLine: 0, text: '' };
}

/** The chips with the text of every reference read now, notes saying what was cut, marked or refused; selections as they are. */
export async function readAttachments(chips: readonly ContextChip[], listing: WorkspaceListing): Promise<ContextChip[]> {
  const read = await Promise.all(
    chips.map((chip) =>
      readChip(chip, listing).catch((error: unknown): ContextChip => ({
        ...chip,
        text: '',
        note: t('not attached: {0}', error instanceof Error ? error.message : String(error)),
      })),
    ),
  );
  return fitToLimits(read);
}

async function readChip(chip: ContextChip, listing: WorkspaceListing): Promise<ContextChip> {
  const fresh = { ...chip, text: '' };
  delete fresh.note;
  switch (chip.kind) {
    case undefined:
    case 'selection':
      return chip;
    case 'problems':
      return { ...fresh, text: problemsText() };
    case 'folder': {
      const uri = workspaceUri(chip);
      const prefix = uri.fsPath + path.sep;
      const inside = (await listing.files()).uris
        .filter((u) => u.fsPath.startsWith(prefix))
        .map((u) => path.relative(uri.fsPath, u.fsPath).split(path.sep).join('/'));
      const tree = treeListing(inside);
      return { ...fresh, text: tree.text || t('(no files, or all left out of search)'), ...(tree.cut ? { note: t('tree cut') } : {}) };
    }
    case 'file':
    case 'symbol': {
      const uri = workspaceUri(chip);
      const { text, languageId, hardLinks = 1 } = await fileText(uri);
      const ignored = await isIgnored(uri, listing);
      const notes = [ignored ? IGNORED_NOTE : '', hardLinks > 1 ? hardLinksNote(hardLinks) : ''].filter(Boolean);
      const note = notes.length ? notes.join('; ') : undefined;
      if (chip.kind === 'file') return { ...fresh, text, languageId, ...(note ? { note } : {}) };
      const lines = text
        .split('\n')
        .slice(chip.startLine - 1, chip.endLine)
        .join('\n');
      return { ...fresh, text: lines, languageId, ...(note ? { note } : {}) };
    }
  }
}

/** The chip's URI when it is a file inside the workspace; throws otherwise. */
function workspaceUri(chip: ContextChip): vscode.Uri {
  const uri = vscode.Uri.parse(chip.uri, true);
  if (!isInWorkspace(uri)) throw new Error(t('it is outside the workspace folders'));
  return uri;
}

async function statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
  try {
    return await vscode.workspace.fs.stat(uri);
  } catch {
    throw new Error(t('{0} does not exist.', shownPath(uri)));
  }
}

async function assertReadable(uri: vscode.Uri, stat: vscode.FileStat): Promise<CheckedRead> {
  if (stat.size > MAX_READ_BYTES)
    throw new Error(
      t('{0} is too large to attach ({1} bytes; the limit is {2}).', shownPath(uri), stat.size.toLocaleString('en'), MAX_READ_BYTES.toLocaleString('en')),
    );
  const read = await readCheckedFile(workspaceRoots(), uri.fsPath, MAX_READ_BYTES);
  if (looksBinary(read.bytes)) throw new Error(t('{0} is a binary file: only text can be attached.', shownPath(uri)));
  return read;
}

/** The open editor's text (unsaved changes included), else the file's; throws for binary, large or missing files. */
async function fileText(uri: vscode.Uri): Promise<{ text: string; languageId: string; hardLinks?: number }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { text: open.getText(), languageId: open.languageId };
  const { bytes, hardLinks } = await assertReadable(uri, await statOf(uri));
  return { text: new TextDecoder().decode(bytes), languageId: path.extname(uri.fsPath).slice(1).toLowerCase(), hardLinks };
}

/** Said of a file with other names: what it holds may be a file outside the workspace. */
function hardLinksNote(links: number): string {
  return t('a hard link ({0} names of one file, possibly outside the workspace)', links);
}

async function isIgnored(uri: vscode.Uri, listing: WorkspaceListing): Promise<boolean> {
  const files = await listing.files();
  return !files.truncated && !files.has(uri);
}

/** Errors and warnings of the workspace's files, one per line: `file:line:column severity: message (source)`. */
function problemsText(): string {
  const severities = ['error', 'warning', 'info', 'hint'];
  const lines = vscode.languages
    .getDiagnostics()
    .filter(([uri]) => isInWorkspace(uri))
    .flatMap(([uri, diagnostics]) => diagnostics.map((d) => ({ uri, d })))
    .sort((a, b) => a.d.severity - b.d.severity)
    .map(
      ({ uri, d }) =>
        `${shownPath(uri)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severities[d.severity]}: ${d.message.replace(/\s*\n\s*/g, ' ')}${d.source ? ` (${d.source})` : ''}`,
    );
  if (lines.length === 0) return t('No problems in the workspace.');
  return [...lines.slice(0, MAX_PROBLEMS), ...(lines.length > MAX_PROBLEMS ? [t('({0} more not listed)', lines.length - MAX_PROBLEMS)] : [])].join('\n');
}
