import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Composition root: wiring lands here as features arrive.
}

export function deactivate(): void {}
