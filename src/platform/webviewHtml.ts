/**
 * The page shell every webview of the extension uses: bundled script and
 * styles from media/dist under a strict CSP with a fresh nonce, and the
 * display language's translations for the page's texts.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export interface WebviewPage {
  title: string;
  /** File names in media/dist. */
  script: string;
  styles: string[];
  /** Further CSP directives, e.g. `media-src blob: data:`. */
  extraCsp?: string[];
}

/** Scripts for our bundle only; forms never submit (the frame's sandbox lacks allow-forms); files from media/ only. */
export function webviewOptions(mediaRoot: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableForms: false, localResourceRoots: [mediaRoot] };
}

export function webviewHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, page: WebviewPage): string {
  const nonce = randomBytes(18).toString('base64');
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'dist', name)).toString();
  // Remote images are never loaded: img-src allows the extension's own files only.
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    // Defence in depth should the sanitiser ever let a form, <base> or frame through.
    "form-action 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    ...(page.extraCsp ?? []),
  ].join('; ');
  // Data, not a script: a JSON type never runs; '<' is escaped so no text in it can close the element.
  const bundle = JSON.stringify(vscode.l10n.bundle ?? {}).replace(/</g, '\\u003c');
  const styles = page.styles.map((name) => `<link rel="stylesheet" href="${asset(name)}" nonce="${nonce}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles}
<title>${page.title}</title>
</head>
<body>
<div id="app"></div>
<script type="application/json" id="l10n-bundle">${bundle}</script>
<script nonce="${nonce}" src="${asset(page.script)}"></script>
</body>
</html>`;
}
