/** The chat webview's page: bundled script and styles from media/dist, under a strict CSP with a nonce. */
import * as vscode from 'vscode';
import { webviewHtml } from '../platform/webviewHtml';
import { t } from '../l10n/localize';

export function chatHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  return webviewHtml(webview, mediaRoot, { title: t('GenAI Gateway Chat'), script: 'chat.js', styles: ['codicon.css', 'chat.css'] });
}
