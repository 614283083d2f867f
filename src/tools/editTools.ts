/**
 * create_file and edit_file: shown as a diff before the user approves them,
 * applied as a WorkspaceEdit so Undo takes them back.
 */
import * as vscode from 'vscode';
import { builtinSpec, BUILTIN_TOOLS } from './builtinToolSpecs';
import type { ProposedChanges } from './proposedChanges';
import { openWorkspaceDocument } from './readTools';
import { applyReplacement, planEdit, type Replacement } from './textEdits';
import { optionalBoolean, optionalInteger, optionalString, requiredString, type ToolArgs } from './toolArgs';
import type { WorkspaceTool } from './workspaceTool';
import { checkBeforeWrite } from '../workspace/checkedFiles';
import { resolveWorkspaceUri, shownPath, workspaceRoots } from '../workspace/workspacePaths';
import { t } from '../l10n/localize';

export function editTools(proposals: ProposedChanges): WorkspaceTool[] {
  return [createFileTool(proposals), editFileTool(proposals)];
}

/** The one file a call writes, for its checkpoint. */
const writtenFile = async (args: ToolArgs) => [resolveWorkspaceUri(requiredString(args, 'path')).fsPath];

function createFileTool(proposals: ProposedChanges): WorkspaceTool {
  return {
    spec: builtinSpec(BUILTIN_TOOLS.createFile),
    changes: writtenFile,
    async preview(args) {
      const { uri, content, existing } = await plannedFile(args);
      const before = existing ? uri : proposals.emptyBefore(uri);
      return proposals.show(uri, before, content, existing ? t('{0} (replaced, proposed)', shownPath(uri)) : t('{0} (new file, proposed)', shownPath(uri)));
    },
    /* model text */
    async run(args) {
      const { uri, content, existing } = await plannedFile(args);
      const edit = new vscode.WorkspaceEdit();
      if (existing) {
        const document = await openWorkspaceDocument(uri);
        edit.replace(uri, fullRange(document), content);
      } else {
        edit.createFile(uri, { contents: new TextEncoder().encode(content) });
      }
      await apply(edit, uri);
      return `${existing ? 'Replaced' : 'Created'} ${shownPath(uri)} (${content.split('\n').length} lines).`;
    },
  };
}

function editFileTool(proposals: ProposedChanges): WorkspaceTool {
  return {
    spec: builtinSpec(BUILTIN_TOOLS.editFile),
    changes: writtenFile,
    async preview(args) {
      const { uri, document, replacement } = await plannedEdit(args);
      return proposals.show(uri, uri, applyReplacement(document.getText(), replacement), t('{0} (proposed edit)', shownPath(uri)));
    },
    /* model text */
    async run(args) {
      // Planned again: the file may have changed while the user looked at the diff.
      const { uri, document, replacement } = await plannedEdit(args);
      const range = new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, range, replacement.newText);
      await apply(edit, uri);
      const lines = replacement.newText === '' ? 0 : replacement.newText.split('\n').length;
      return `Edited ${shownPath(uri)}: lines ${range.start.line + 1}-${range.end.line + 1} replaced by ${lines} line${lines === 1 ? '' : 's'}.`;
    },
  };
}

/* model text */
async function plannedFile(args: ToolArgs): Promise<{ uri: vscode.Uri; content: string; existing: boolean }> {
  const uri = resolveWorkspaceUri(requiredString(args, 'path'));
  const content = requiredString(args, 'content');
  const existing = await exists(uri);
  if (existing && !optionalBoolean(args, 'overwrite'))
    throw new Error(`${shownPath(uri)} already exists: use edit_file, or set overwrite to true to replace it.`);
  return { uri, content, existing };
}

async function plannedEdit(args: ToolArgs): Promise<{ uri: vscode.Uri; document: vscode.TextDocument; replacement: Replacement }> {
  const uri = resolveWorkspaceUri(requiredString(args, 'path'));
  const document = await openWorkspaceDocument(uri);
  const replacement = planEdit(document.getText(), {
    newText: requiredString(args, 'newText'),
    oldText: optionalString(args, 'oldText'),
    startLine: optionalInteger(args, 'startLine', 1),
    endLine: optionalInteger(args, 'endLine', 1),
  });
  return { uri, document, replacement };
}

/** Lets a test change the workspace between the path's check and the write. */
export const writeSeams: { betweenCheckAndWrite?: (file: string) => Promise<void> } = {};

/**
 * As a refactoring, then saved unless the file had unsaved changes of the
 * user's before (those stay for the user to save): a command the model runs
 * next, in the terminal or as a task, reads the file from disk. The path is
 * checked again just before: the user may have taken minutes to approve.
 */
/* model text */
async function apply(edit: vscode.WorkspaceEdit, uri: vscode.Uri): Promise<void> {
  await writeSeams.betweenCheckAndWrite?.(uri.fsPath);
  checkBeforeWrite(workspaceRoots(), uri.fsPath);
  const openDocument = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const hadUnsavedChanges = openDocument()?.isDirty === true;
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: true }))) throw new Error(`VS Code could not apply the change to ${shownPath(uri)}.`);
  const document = openDocument();
  if (!hadUnsavedChanges && document?.isDirty) await document.save();
}

function fullRange(document: vscode.TextDocument): vscode.Range {
  return new vscode.Range(0, 0, document.lineCount, 0);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
