/** Wires reading aloud into the extension: the player view, the controller, saving, and the commands. */
import * as vscode from 'vscode';
import type { GatewayClient } from '../gateway/client';
import type { OutputFiles } from '../output/outputFiles';
import type { EntryPoints } from '../platform/entryPoints';
import type { Log } from '../platform/log';
import type { ReadAloudPort } from '../speech/readAloudPort';
import { Settings } from '../platform/settings';
import { READ_ALOUD_COMMANDS } from '../mediaActions/commandIds';
import { registerReadAloudCommands } from './readAloudCommands';
import { ReadAloudController } from './readAloudController';
import { PLAYER_VIEW_ID, PlayerViewProvider } from './playerView';
import { ReadingStatusBar } from './readingStatusBar';
import { SentenceHighlighter } from './sentenceHighlighter';
import { SpeechSaver } from './speechSaver';

/** The voice picker waits this long for the gateway's voice list, then shows the spec's table. */
const VOICE_LIST_TIMEOUT_MS = 5000;

export interface ReadAloudDependencies {
  clients: { get(): GatewayClient };
  settings: Settings;
  output: OutputFiles;
  log: Log;
  entryPoints: Pick<EntryPoints, 'registerWebviewViewProvider'>;
}

/** Returns the reading pipeline for other features (the chat's Read Aloud buttons). */
export function registerReadAloud(context: vscode.ExtensionContext, services: ReadAloudDependencies): ReadAloudPort {
  const player = new PlayerViewProvider(context.extensionUri, services.log);
  const statusBar = new ReadingStatusBar(READ_ALOUD_COMMANDS.stop);
  const highlighter = new SentenceHighlighter();
  const controller = new ReadAloudController(services, player, highlighter, statusBar, () => {
    void vscode.commands.executeCommand(READ_ALOUD_COMMANDS.selectVoice);
  });
  context.subscriptions.push(
    player,
    statusBar,
    highlighter,
    controller,
    // Registered with retainContextWhenHidden (src/startup/standIns.ts): the player keeps playing while its view is hidden.
    services.entryPoints.registerWebviewViewProvider(PLAYER_VIEW_ID, player),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (Settings.affectsSpeech(e)) controller.postSettings();
    }),
    ...registerReadAloudCommands(controller, new SpeechSaver(services, services.output), services.settings, () =>
      services.clients.get().speech.voices(AbortSignal.timeout(VOICE_LIST_TIMEOUT_MS)),
    ),
  );
  return { read: (text, title) => controller.read({ text, title }), stop: () => controller.stop() };
}
