/** What the webview's code blocks and links ask of the editor. */
import * as vscode from 'vscode';
import type { WebviewMessage } from '../protocol/chatProtocol';
import { insertAtCursor, openInNewEditor, openLink } from './editorContext';
import { t } from '../l10n/localize';

export type CodeActionMessage = Extract<WebviewMessage, { type: 'copyCode' | 'insertCode' | 'openCode' | 'openLink' }>;

export async function handleCodeAction(message: CodeActionMessage, log: { warn(message: string): void }): Promise<void> {
  switch (message.type) {
    case 'copyCode':
      await vscode.env.clipboard.writeText(message.code);
      void vscode.window.setStatusBarMessage(t('$(copy) Code copied'), 2000);
      return;
    case 'insertCode':
      return insertAtCursor(message.code);
    case 'openCode':
      return openInNewEditor(message.code, message.language);
    case 'openLink':
      if (!(await openLink(message.href))) log.warn(`The chat did not open the link ${message.href}: only http, https and mailto links are opened.`);
      return;
  }
}
