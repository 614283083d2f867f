/**
 * Shows a change the model proposes as a diff (the file against a read-only
 * virtual document with the new text) while the user decides on it.
 */
import * as vscode from 'vscode';
import { shownPath } from '../workspace/workspacePaths';

export const PROPOSAL_SCHEME = 'genai-gateway-proposal';

export class ProposedChanges implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSAL_SCHEME, this);
  private next = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens the diff without taking the focus; disposing the result closes it. */
  async show(file: vscode.Uri, before: vscode.Uri, after: string, title: string): Promise<vscode.Disposable> {
    const proposal = vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: `/${++this.next}/${shownPath(file)}` });
    this.texts.set(proposal.toString(), after);
    await vscode.commands.executeCommand('vscode.diff', before, proposal, title, { preview: true, preserveFocus: true });
    return new vscode.Disposable(() => {
      this.texts.delete(proposal.toString());
      void closeDiffOf(proposal);
    });
  }

  /** An empty document to diff a new file against. */
  emptyBefore(file: vscode.Uri): vscode.Uri {
    const empty = vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: `/${++this.next}/empty/${shownPath(file)}` });
    this.texts.set(empty.toString(), '');
    return empty;
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}

async function closeDiffOf(proposal: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === proposal.toString());
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
