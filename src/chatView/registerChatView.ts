/** Wires the chat view into the extension: storage, controller, webview view and commands. */
import * as vscode from 'vscode';
import { ChatController, type ChatServices } from './chatController';
import { registerChatCommands } from './chatCommands';
import { ChatViewProvider, CHAT_VIEW_ID } from './chatViewProvider';
import { ConversationLibrary } from './conversationLibrary';
import { ConversationStore } from './conversationStore';

export interface ChatViewServices extends ChatServices {
  settings: ChatServices['settings'] & { chatSystemPrompt(): string };
}

/** Conversations live in the workspace's storage, or the global one when no folder is open. */
export function conversationsDir(context: vscode.ExtensionContext): string {
  return vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'chat', 'conversations').fsPath;
}

export function createChatController(context: vscode.ExtensionContext, services: ChatViewServices, dir = conversationsDir(context)): ChatController {
  const store = new ConversationStore(dir, services.log);
  const library = new ConversationLibrary(
    store,
    context.workspaceState,
    { model: () => services.settings.model('chat'), systemPrompt: () => services.settings.chatSystemPrompt() },
    (error) => services.log.warn(`Chat history could not be saved: ${error instanceof Error ? error.message : String(error)}`),
  );
  return new ChatController(services, library);
}

export function registerChatView(context: vscode.ExtensionContext, services: ChatViewServices): void {
  const controller = createChatController(context, services);
  const view = new ChatViewProvider(context.extensionUri, controller, services.log);
  context.subscriptions.push(
    controller,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view),
    ...registerChatCommands(controller, view),
  );
}
