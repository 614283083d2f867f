import { CheckpointStore } from './checkpoints/checkpointStore';
import * as vscode from 'vscode';
import { abortUnfinishedFiles } from './files/atomicFile';
import { registerChatView } from './chatView/registerChatView';
import { ClientProvider } from './connection/clientProvider';
import type { Credentials } from './connection/credentials';
import { registerConnectionCommands } from './connection/commands';
import { registerReadmeCommand } from './platform/readme';
import { InsecureUrlGuard } from './connection/insecureUrlGuard';
import { KeyOriginGuard } from './connection/keyOriginGuard';
import { ModelCatalog } from './connection/modelCatalog';
import type { ConnectionStatusBar } from './connection/statusBar';
import { SecretHeaders } from './connection/secretHeaders';
import { runSetupSteps, setupStep } from './connection/setupStep';
import { registerLanguageModels } from './languageModels/registerLanguageModels';
import { MediaActions } from './mediaActions/mediaActions';
import { registerMediaGeneration } from './mediaGeneration/registerMediaGeneration';
import { OutputFiles } from './output/outputFiles';
import type { EntryPoints } from './platform/entryPoints';
import { Log } from './platform/log';
import type { Settings } from './platform/settings';
import { registerReadAloud } from './readAloud/registerReadAloud';
import { registerVideoTasks } from './tasksView/registerVideoTasks';
import { registerChatTools } from './tools/chatTools';

/** What the startup bundle (src/startup) hands to this one: the objects it already made, so each exists once, and the entry points. */
export interface StartupHandoff {
  settings: Settings;
  credentials: Credentials;
  statusBar: ConnectionStatusBar;
  entryPoints: EntryPoints;
  /** What made the features load, for the log: a command, a view, a tool, unfinished tasks. */
  reason: string;
}

/** The composition root: builds the services once and hands them to each feature. Loaded on first use by src/startup. */
export function activate(context: vscode.ExtensionContext, startup: StartupHandoff): void {
  const { settings, credentials, statusBar, entryPoints } = startup;
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const log = new Log();
  const secretHeaders = new SecretHeaders(context.secrets);
  const provider = new ClientProvider(
    settings,
    credentials,
    { plainHttp: new InsecureUrlGuard(context.globalState), keyOrigin: new KeyOriginGuard(credentials, context.globalState) },
    log,
    `genai-gateway-vscode/${version} vscode/${vscode.version}`,
    secretHeaders,
  );
  const catalog = new ModelCatalog(provider);
  const output = new OutputFiles(settings);
  statusBar.follow(provider, (signal) => provider.get().models.list(signal));
  context.subscriptions.push(
    log,
    secretHeaders,
    provider,
    catalog,
    ...registerConnectionCommands({ settings, credentials, catalog, log, secretHeaders, headerNames: () => provider.addedHeaderNames() }),
    registerReadmeCommand(context.extensionUri),
  );
  // The workspace's storage, or the global one when no folder is open, as for the conversations.
  const checkpoints = new CheckpointStore(vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'chat', 'checkpoints').fsPath);
  const tools = registerChatTools(context, { settings, mediaActions: new MediaActions(settings), log, checkpoints });
  const videoTasks = registerVideoTasks(context, { clients: provider, catalog, settings, log });
  closeTasksBeforeExit = videoTasks.closeBeforeExit;
  const media = {
    speech: registerReadAloud(context, { clients: provider, settings, output, log, entryPoints }),
    tasks: videoTasks.feed,
    followUps: registerMediaGeneration(context, { clients: provider, catalog, settings, output, log }),
  };
  const needs = () => setupStep(settings, credentials);
  const setup = { needs, connect: () => runSetupSteps(needs, (command) => vscode.commands.executeCommand(command)) };
  saveBeforeExit = registerChatView(context, { clients: provider, catalog, settings, log, tools, entryPoints, output, media, setup, checkpoints });
  registerLanguageModels(context, { clients: provider, catalog, credentials, settings, log, entryPoints });
  log.info(`GenAI Gateway ${version} activated, on first use: ${startup.reason}.`);
  void output
    .removeCrashLeftovers()
    .then((removed) => removed.length && log.info(`Removed ${removed.length} temporary file(s) an earlier crash left in the output folder.`));
}

/** VS Code waits for deactivate's promise, not for what dispose() starts: the chat's answers in flight are saved here. */
let saveBeforeExit: (() => Promise<void>) | undefined;
/** And the poll lease of the video tasks let go, for another window to take over at once. */
let closeTasksBeforeExit: (() => Promise<void>) | undefined;

/** Then files still being written (downloads, speech) are abandoned without leaving partial files in the workspace. */
export async function deactivate(): Promise<void> {
  await Promise.all([saveBeforeExit?.(), closeTasksBeforeExit?.()]);
  await abortUnfinishedFiles();
}
