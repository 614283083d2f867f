import * as vscode from 'vscode';

export interface ProgressReporter {
  report(message: string, increment?: number): void;
}

/**
 * Runs slow work in a progress notification with Cancel; cancelling fires the
 * AbortSignal handed to the work, which aborts its HTTP request. A caller's
 * `cancellation` token (e.g. a chat tool's) cancels it too.
 */
export function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: ProgressReporter) => Promise<T>,
  cancellation?: vscode.CancellationToken,
): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const abort = new AbortController();
    const subscriptions = [token, cancellation].map((t) => t?.onCancellationRequested(() => abort.abort()));
    if (cancellation?.isCancellationRequested) abort.abort();
    const reporter: ProgressReporter = { report: (message, increment) => progress.report({ message, increment }) };
    return work(abort.signal, reporter).finally(() => subscriptions.forEach((s) => s?.dispose()));
  });
}
