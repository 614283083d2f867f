/** Between AbortSignal (what this extension passes around) and the CancellationToken VS Code's APIs take. */
import * as vscode from 'vscode';

/** A cancellation token that follows the signal, for the VS Code APIs that take one. */
export function tokenFor(signal: AbortSignal): vscode.CancellationTokenSource {
  const source = new vscode.CancellationTokenSource();
  if (signal.aborted) source.cancel();
  else signal.addEventListener('abort', () => source.cancel(), { once: true });
  return source;
}
