/** Marks the sentence being read in every visible editor of its document, and keeps it in view. */
import * as vscode from 'vscode';

export class SentenceHighlighter implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.wordHighlightStrongBackground'),
    borderColor: new vscode.ThemeColor('editor.wordHighlightStrongBorder'),
    borderStyle: 'solid',
    borderWidth: '1px',
    borderRadius: '2px',
  });
  private shown: { uri: string; start: number; end: number } | undefined;

  /** Highlights document offsets [start, end) of `uri`; a repeat of the same range does nothing. */
  show(uri: vscode.Uri, start: number, end: number): void {
    const key = uri.toString();
    if (this.shown && this.shown.uri === key && this.shown.start === start && this.shown.end === end) return;
    this.shown = { uri: key, start, end };
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === key);
    for (const editor of editors) {
      const range = new vscode.Range(editor.document.positionAt(start), editor.document.positionAt(end));
      editor.setDecorations(this.decoration, [range]);
      if (!editor.visibleRanges.some((visible) => visible.contains(range.start))) {
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      }
    }
  }

  clear(): void {
    this.shown = undefined;
    for (const editor of vscode.window.visibleTextEditors) editor.setDecorations(this.decoration, []);
  }

  dispose(): void {
    this.decoration.dispose();
  }
}
