/** "Export Conversation": the conversation as Markdown, where the user chooses. */
import * as vscode from 'vscode';
import type { Conversation } from '../chat/conversation';
import { conversationToMarkdown } from '../chat/markdownExport';
import { slugForFileName, writeFileAtomic } from '../files/atomicFile';
import { t } from '../l10n/localize';

/** The save dialog asks before replacing an existing file; nothing is written without it. */
export async function exportConversation(conversation: Conversation): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = `${slugForFileName(conversation.title)}.md`;
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
    filters: { Markdown: ['md'] },
    saveLabel: t('Export'),
    title: t('Export Conversation as Markdown'),
  });
  if (!target) return undefined;
  const markdown = conversationToMarkdown(conversation);
  if (target.scheme === 'file') {
    await writeFileAtomic(target.fsPath, markdown, { overwrite: true });
  } else {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(markdown));
  }
  const open = t('Open');
  void vscode.window.showInformationMessage(t('Conversation exported to {0}.', vscode.workspace.asRelativePath(target)), open).then((choice) => {
    if (choice === open) void vscode.window.showTextDocument(target);
  });
  return target;
}
