/** Wires the chat view into the extension: storage, controller, webview view and commands. */
import * as vscode from 'vscode';
import type { EntryPoints } from '../platform/entryPoints';
import { Settings } from '../platform/settings';
import { ChatController, type ChatServices } from './chatController';
import { registerChatCommands } from './chatCommands';
import { ChatViewProvider, CHAT_VIEW_ID } from './chatViewProvider';
import { ConversationLibrary } from './conversationLibrary';
import { ConversationStore } from './conversationStore';
import { WorkspaceInstructionsSource } from './workspaceInstructionsSource';
import { PromptFileSource } from './promptFileSource';

export interface ChatViewServices extends ChatServices {
  settings: ChatServices['settings'] & {
    chatSystemPrompt(): string;
    useWorkspaceInstructions(): boolean;
    instructionsIgnore(): string[];
    userInstructions(): string;
    promptFolders(): string[];
  };
  entryPoints: Pick<EntryPoints, 'registerWebviewViewProvider'>;
  output: { currentFolder(): string | undefined };
}

/** Returns what the extension's deactivation must wait for: answers still arriving ended as interrupted and written to disk. */
export function registerChatView(context: vscode.ExtensionContext, services: ChatViewServices): () => Promise<void> {
  // The workspace's storage, or the global one when no folder is open.
  const dir = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'chat', 'conversations').fsPath;
  const library = new ConversationLibrary(new ConversationStore(dir, services.log), context.workspaceState, () => services.settings.chatSystemPrompt());
  const instructions = new WorkspaceInstructionsSource({
    isTrusted: () => vscode.workspace.isTrusted,
    enabled: () => services.settings.useWorkspaceInstructions(),
    ignored: () => services.settings.instructionsIgnore(),
    userInstructions: () => services.settings.userInstructions(),
    readFile: (uri) => vscode.workspace.fs.readFile(uri),
    log: services.log,
  });
  const prompts = new PromptFileSource({
    isTrusted: () => vscode.workspace.isTrusted,
    folders: () => services.settings.promptFolders(),
    log: services.log,
  });
  const controller = new ChatController({ ...services, instructions, prompts }, library);
  const view = new ChatViewProvider(context.extensionUri, controller, services.log, () => services.output.currentFolder());
  context.subscriptions.push(
    instructions,
    prompts,
    controller,
    services.entryPoints.registerWebviewViewProvider(CHAT_VIEW_ID, view),
    ...registerChatCommands(controller, view),
    vscode.workspace.onDidChangeConfiguration((e) => Settings.affectsLanguageModels(e) && void controller.tokenLimitsChanged()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('genaiGateway.outputFolder') && view.outputFolderChanged()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => view.outputFolderChanged()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => view.outputFolderChanged()),
  );
  return () => controller.shutdown();
}
