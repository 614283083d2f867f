/** The read-only workspace tools: files, search, the editor's selection and problems, opening a file. */
import * as vscode from 'vscode';
import { builtinSpec, BUILTIN_TOOLS } from './builtinToolSpecs';
import { searchText } from './search/searchTextTool';
import { sliceLines } from './textEdits';
import { MAX_TEXT_FILE_BYTES } from './textFileLimit';
import { optionalInteger, optionalString, requiredString, type ToolArgs } from './toolArgs';
import type { WorkspaceTool } from './workspaceTool';
import { hardLinkCount } from '../workspace/checkedFiles';
import { findWorkspaceFiles } from '../workspace/workspaceFiles';
import { isInWorkspace, resolveWorkspaceUri, shownPath } from '../workspace/workspacePaths';

const MAX_DIAGNOSTICS = 200;

export function readTools(): WorkspaceTool[] {
  return [
    tool(BUILTIN_TOOLS.readFile, readFile),
    tool(BUILTIN_TOOLS.listFiles, listFiles),
    tool(BUILTIN_TOOLS.searchText, searchText),
    tool(BUILTIN_TOOLS.openFile, openFile),
    tool(BUILTIN_TOOLS.getSelection, getSelection),
    tool(BUILTIN_TOOLS.getDiagnostics, getDiagnostics),
  ];
}

function tool(name: string, run: WorkspaceTool['run']): WorkspaceTool {
  return { spec: builtinSpec(name), run };
}

/** The document of a workspace text file (unsaved changes included); throws for folders and large files. */
/* model text */
export async function openWorkspaceDocument(uri: vscode.Uri): Promise<vscode.TextDocument> {
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    throw new Error(`${shownPath(uri)} does not exist.`);
  }
  if (stat.type & vscode.FileType.Directory) throw new Error(`${shownPath(uri)} is a folder: use list_files.`);
  if (stat.size > MAX_TEXT_FILE_BYTES) throw new Error(`${shownPath(uri)} is too large to read (${stat.size} bytes).`);
  return vscode.workspace.openTextDocument(uri);
}

/* model text */
async function readFile(args: ToolArgs): Promise<string> {
  const uri = resolveWorkspaceUri(requiredString(args, 'path'));
  const document = await openWorkspaceDocument(uri);
  const text = sliceLines(document.getText(), optionalInteger(args, 'startLine', 1), optionalInteger(args, 'endLine', 1));
  const links = hardLinkCount(uri.fsPath);
  return links > 1 ? `[${shownPath(uri)} is a hard link: ${links} names of one file, possibly outside the workspace; edits to it are refused.]\n${text}` : text;
}

/* model text */
async function listFiles(args: ToolArgs, signal: AbortSignal): Promise<string> {
  const pattern = requiredString(args, 'pattern');
  const max = optionalInteger(args, 'maxResults', 1, 1000) ?? 200;
  const files = await findWorkspaceFiles(pattern, max + 1, signal);
  if (files.length === 0) return `No files match ${pattern}.`;
  const shown = files.slice(0, max).map(shownPath).sort();
  return [...shown, ...(files.length > max ? [`(more than ${max} files match; narrow the pattern)`] : [])].join('\n');
}

/* model text */
async function openFile(args: ToolArgs): Promise<string> {
  const uri = resolveWorkspaceUri(requiredString(args, 'path'));
  const document = await openWorkspaceDocument(uri);
  const start = optionalInteger(args, 'startLine', 1);
  const end = optionalInteger(args, 'endLine', 1) ?? start;
  const options: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: true };
  if (start !== undefined) {
    const last = Math.min(Math.max(end ?? start, start), document.lineCount);
    options.selection = new vscode.Range(Math.min(start, document.lineCount) - 1, 0, last - 1, document.lineAt(last - 1).text.length);
  }
  await vscode.window.showTextDocument(document, options);
  return start === undefined ? `Opened ${shownPath(uri)}.` : `Opened ${shownPath(uri)} at lines ${start}-${end}.`;
}

/* model text */
async function getSelection(): Promise<string> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return 'No editor is active.';
  const { document, selection } = editor;
  const file = shownPath(document.uri);
  if (selection.isEmpty) return `Nothing is selected in ${file} (the cursor is at line ${selection.active.line + 1}).`;
  return `${file}:${selection.start.line + 1}-${selection.end.line + 1} (${document.languageId})\n${document.getText(selection)}`;
}

/* model text */
async function getDiagnostics(args: ToolArgs): Promise<string> {
  const requested = optionalString(args, 'path');
  const file = requested === undefined ? undefined : resolveWorkspaceUri(requested);
  const entries: Array<[vscode.Uri, readonly vscode.Diagnostic[]]> =
    file === undefined
      ? vscode.languages.getDiagnostics().filter(([uri, list]) => list.length > 0 && isInWorkspace(uri))
      : [[file, vscode.languages.getDiagnostics(file)]];
  const lines = entries.flatMap(([uri, list]) => list.map((d) => describeDiagnostic(uri, d)));
  if (lines.length === 0) return requested === undefined ? "No problems in the workspace's open files." : `No problems in ${requested}.`;
  return [...lines.slice(0, MAX_DIAGNOSTICS), ...(lines.length > MAX_DIAGNOSTICS ? [`(${lines.length - MAX_DIAGNOSTICS} more)`] : [])].join('\n');
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

function describeDiagnostic(uri: vscode.Uri, d: vscode.Diagnostic): string {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  const source = [d.source, code].filter((part) => part !== undefined && part !== '').join(' ');
  return `${shownPath(uri)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${SEVERITIES[d.severity]}: ${d.message}${source ? ` [${source}]` : ''}`;
}
