/** GenAI Gateway: Open README, at a section: the settings' descriptions link here for what they leave out. */
import * as vscode from 'vscode';

export function registerReadmeCommand(extensionUri: vscode.Uri): vscode.Disposable {
  return vscode.commands.registerCommand('genaiGateway.openReadme', (section?: unknown) =>
    openReadme(extensionUri, typeof section === 'string' ? section : ''),
  );
}

async function openReadme(extensionUri: vscode.Uri, section: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(extensionUri, 'README.md'));
  const line = headingLine(document.getText(), section);
  const start = new vscode.Position(line, 0);
  const editor = await vscode.window.showTextDocument(document, { preview: true, selection: new vscode.Range(start, start) });
  editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.AtTop);
}

/** The line of the heading whose anchor (as GitHub makes it: lower case, spaces to dashes, punctuation dropped) is `section`; 0 when none is. */
export function headingLine(markdown: string, section: string): number {
  const lines = markdown.split('\n');
  const found = lines.findIndex((line) => /^#{1,6} /.test(line) && anchorOf(line.replace(/^#+ /, '')) === section);
  return Math.max(found, 0);
}

function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}
