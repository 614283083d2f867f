/**
 * The extension's `main`, loaded at every window start: it shows the status
 * bar item from the settings and the stored key (no request to the
 * gateway), registers stand-ins for everything VS Code may call, and loads
 * the features bundle (dist/extension.js, built from src/extension.ts) on
 * the first call, or at once when stored video tasks need polling or saving.
 * It keeps no state the features need besides the objects it hands them.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Credentials } from '../connection/credentials';
import { installBundle } from '../l10n/localize';
import { ConnectionStatusBar } from '../connection/statusBar';
import { Settings } from '../platform/settings';
import { gatewayTaskStorage, TASKS_FILE_NAME } from '../tasks/gatewayTaskStorage';
import { JsonFileStore } from '../tasks/jsonFileStore';
import { tasksNeedWork } from '../tasks/tasksNeedingWork';
import { StandIns, type Contributions } from './standIns';

type Features = typeof import('../extension');
type StartupHandoff = Parameters<Features['activate']>[1];

let features: Features | undefined;

export function activate(context: vscode.ExtensionContext): void {
  installBundle(vscode.l10n.bundle);
  const settings = new Settings();
  const credentials = new Credentials(context.secrets, context.globalState);
  const statusBar = new ConnectionStatusBar(settings, credentials);
  const load = (reason: string): void => {
    if (features) return;
    standIns.stepAside();
    // A path esbuild leaves alone: the features are their own bundle, next to this one.
    features = require(path.join(__dirname, 'extension.js')) as Features;
    const handoff: StartupHandoff = { settings, credentials, statusBar, entryPoints: standIns, reason };
    features.activate(context, handoff);
  };
  const contributions = (context.extension.packageJSON as { contributes?: Contributions }).contributes ?? {};
  const standIns = new StandIns(contributions, context.extensionUri, load);
  context.subscriptions.push(credentials, statusBar, standIns);
  // After activation: reading the task file is not part of it.
  setTimeout(() => {
    /* not shown: the reason is for the log */
    if (!features && storedTasksNeedWork(context, settings)) load('stored video tasks to poll or save');
  });
}

function storedTasksNeedWork(context: vscode.ExtensionContext, settings: Settings): boolean {
  const { baseUrl } = settings.connection();
  if (!baseUrl) return false;
  const store = JsonFileStore.openSync(path.join(context.globalStorageUri.fsPath, TASKS_FILE_NAME));
  return tasksNeedWork(gatewayTaskStorage(store, baseUrl).load(), Date.now());
}

export async function deactivate(): Promise<void> {
  await features?.deactivate();
}
