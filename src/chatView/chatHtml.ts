/** The chat webview's page: bundled script and styles from media/dist, under a strict CSP with a nonce. */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function chatHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'dist', name)).toString();
  // Remote images are never loaded: img-src allows the extension's own files only.
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}" nonce="${nonce}">
<link rel="stylesheet" href="${asset('chat.css')}" nonce="${nonce}">
<title>GenAI Gateway Chat</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${asset('chat.js')}"></script>
</body>
</html>`;
}
