/** Between the chat and the editors: selections become context chips; code goes back to editors. */
import * as vscode from 'vscode';
import { newId, type ContextChip } from '../chat/conversation';
import { t } from '../l10n/localize';

/** The selection of the active editor as a chip, or undefined when nothing is selected. */
export function selectionChip(editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor): ContextChip | undefined {
  if (!editor || editor.selection.isEmpty) return undefined;
  const { selection, document } = editor;
  // A selection ending at the start of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  return {
    id: newId(),
    file: vscode.workspace.asRelativePath(document.uri, false),
    uri: document.uri.toString(),
    languageId: document.languageId,
    startLine: selection.start.line + 1,
    endLine: endLine + 1,
    text: document.getText(selection),
  };
}

/** Inserts at the cursor of the editor last used (replacing its selection). */
export async function insertAtCursor(code: string): Promise<void> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (!editor) {
    void vscode.window.showInformationMessage(t('Open an editor first: the code is inserted at its cursor.'));
    return;
  }
  await editor.edit((edit) => edit.replace(editor.selection, code));
  await vscode.window.showTextDocument(editor.document, editor.viewColumn);
}

export async function openInNewEditor(code: string, fenceLanguage: string): Promise<void> {
  const language = await languageIdFor(fenceLanguage);
  const document = await vscode.workspace.openTextDocument({ content: code, language });
  await vscode.window.showTextDocument(document, { preview: false });
}

/** Fence names that differ from VS Code's language ids. */
const FENCE_ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  js: 'javascript',
  py: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  yml: 'yaml',
  md: 'markdown',
  rb: 'ruby',
  rs: 'rust',
  cs: 'csharp',
  kt: 'kotlin',
  'c++': 'cpp',
  golang: 'go',
  ps1: 'powershell',
  tsx: 'typescriptreact',
  jsx: 'javascriptreact',
};

async function languageIdFor(fenceLanguage: string): Promise<string> {
  const wanted = fenceLanguage.trim().toLowerCase();
  const id = FENCE_ALIASES[wanted] ?? wanted;
  return id && (await vscode.languages.getLanguages()).includes(id) ? id : 'plaintext';
}

/** Only web and mail links leave the chat; anything else (command:, file:, vscode:) is refused. */
export async function openLink(href: string): Promise<boolean> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(href, true);
  } catch {
    return false;
  }
  if (!['http', 'https', 'mailto'].includes(uri.scheme)) return false;
  return vscode.env.openExternal(uri);
}
