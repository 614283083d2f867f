import * as vscode from 'vscode';

export interface ProgressReporter {
  report(message: string, increment?: number): void;
}

/**
 * Runs slow work in a progress notification with Cancel; cancelling fires the
 * AbortSignal handed to the work, which aborts its HTTP request.
 */
export function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: ProgressReporter) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    (progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      const reporter: ProgressReporter = { report: (message, increment) => progress.report({ message, increment }) };
      return work(abort.signal, reporter).finally(() => subscription.dispose());
    },
  );
}
