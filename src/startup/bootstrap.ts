/**
 * The extension's `main`, loaded at every window start: it shows the status
 * bar item from the settings and the stored key (no request to the
 * gateway), registers stand-ins for everything VS Code may call, and loads
 * the features bundle (dist/extension.js, built from src/extension.ts) on
 * the first call, or at once when stored video tasks need polling or saving
 * (dist/storedTasks.js decides, after activation).
 * It keeps no state the features need besides the objects it hands them.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Credentials } from '../connection/credentials';
import { installBundle } from '../l10n/localize';
import { ConnectionStatusBar } from '../connection/statusBar';
import { Settings } from '../platform/settings';
import { StandIns, type Contributions } from './standIns';

type Features = typeof import('../extension');
type StartupHandoff = Parameters<Features['activate']>[1];
type StoredTasks = typeof import('./storedTasks');

let features: Features | undefined;

export function activate(context: vscode.ExtensionContext): void {
  installBundle(vscode.l10n.bundle);
  const settings = new Settings();
  const credentials = new Credentials(context.secrets, context.globalState);
  const statusBar = new ConnectionStatusBar(settings, credentials);
  const load = (reason: string): void => {
    if (features) return;
    standIns.stepAside();
    features = requireBundle<Features>('extension');
    const handoff: StartupHandoff = { settings, credentials, statusBar, entryPoints: standIns, reason };
    features.activate(context, handoff);
  };
  const contributions = (context.extension.packageJSON as { contributes?: Contributions }).contributes ?? {};
  const standIns = new StandIns(contributions, context.extensionUri, load);
  context.subscriptions.push(credentials, statusBar, standIns);
  // After activation: reading the task file is not part of it.
  setTimeout(() => void loadIfStoredTasksNeedWork(context, settings.baseUrl(), load));
}

async function loadIfStoredTasksNeedWork(context: vscode.ExtensionContext, baseUrl: string, load: (reason: string) => void): Promise<void> {
  if (features || !baseUrl) return;
  const { storedTasksNeedWork } = requireBundle<StoredTasks>('storedTasks');
  /* not shown: the reason is for the log */
  if (await storedTasksNeedWork(context.globalStorageUri.fsPath, baseUrl)) load('stored video tasks to poll or save');
}

/** A bundle of its own next to this one (a path esbuild leaves alone, so it is not bundled in). */
function requireBundle<T>(name: string): T {
  return require(path.join(__dirname, `${name}.js`)) as T;
}

export async function deactivate(): Promise<void> {
  await features?.deactivate();
}
