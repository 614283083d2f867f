/**
 * Where the features register the objects VS Code calls into by reference:
 * webview views, the language model provider, tools and the chat
 * participant. The startup bundle (src/startup) registers stand-ins for them
 * at activation and hands this to the features once loaded, so the stand-ins
 * forward to the real objects (a webview already handed to a stand-in can
 * only be filled by the provider the stand-in forwards to).
 */
import type * as vscode from 'vscode';

export interface EntryPoints {
  registerWebviewViewProvider(viewId: string, provider: vscode.WebviewViewProvider): vscode.Disposable;
  registerLanguageModelChatProvider(vendor: string, provider: vscode.LanguageModelChatProvider): vscode.Disposable;
  registerTool<T>(name: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable;
  /** The participant itself (name, icon) is contributed and created at startup. */
  setChatParticipantHandler(participantId: string, handler: vscode.ChatRequestHandler): vscode.Disposable;
}
