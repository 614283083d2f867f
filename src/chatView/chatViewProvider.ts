/** The "Chat" webview view: sets up the page and carries the protocol's messages both ways. */
import * as vscode from 'vscode';
import { webviewOptions } from '../platform/webviewHtml';
import { readWebviewMessage } from '../protocol/chatProtocol';
import type { ChatController, ChatViewPort } from './chatController';
import { chatHtml } from './chatHtml';
import { errorText } from '../gateway/errors';
import { isInsideFolder } from './mediaViews';

export const CHAT_VIEW_ID = 'genaiGateway.chat';

export class ChatViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;

  /** `outputFolder`: where generated media are saved now (undefined when there is none, e.g. no folder open). */
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: { warn(message: string): void },
    private readonly outputFolder: () => string | undefined,
  ) {}

  /** The output folder changed: the page may load from the new one only, and shows its media from there. */
  outputFolderChanged(): void {
    if (this.view) this.view.webview.options = this.options();
    void this.controller.refreshMedia();
  }

  /** Our bundle, and generated media from exactly the output folder (the CSP's img-src is the webview's resource origin only). */
  private options(): vscode.WebviewOptions {
    const mediaRoot = vscode.Uri.joinPath(this.extensionUri, 'media');
    const folder = this.outputFolder();
    return { ...webviewOptions(mediaRoot), localResourceRoots: folder ? [mediaRoot, vscode.Uri.file(folder)] : [mediaRoot] };
  }

  /** Shows the view; with preserveFocus the editor keeps the keyboard. */
  async reveal(preserveFocus: boolean): Promise<void> {
    if (this.view) this.view.show(preserveFocus);
    else await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const { webview } = view;
    const mediaRoot = vscode.Uri.joinPath(this.extensionUri, 'media');
    webview.options = this.options();
    webview.html = chatHtml(webview, mediaRoot);
    // Nothing is posted until the page says it listens; it says so again after every reload.
    let ready = false;
    const port: ChatViewPort = {
      post: (message) => {
        if (ready) void webview.postMessage(message);
      },
      isVisible: () => view.visible,
      webviewUri: (file) => {
        const folder = this.outputFolder();
        return folder && isInsideFolder(folder, file) ? webview.asWebviewUri(vscode.Uri.file(file)).toString() : undefined;
      },
    };
    const subscription = webview.onDidReceiveMessage((raw: unknown) => {
      const message = readWebviewMessage(raw);
      if (!message) {
        this.log.warn('The chat view sent a malformed message; it was ignored.');
        return;
      }
      if (message.type === 'ready') {
        ready = true;
        void this.controller.connect(port);
      } else if (ready) {
        this.controller.handle(message).catch((error: unknown) => this.log.warn(`Chat: ${errorText(error)}`));
      }
    });
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      ready = false;
      this.controller.disconnect(port);
      subscription.dispose();
    });
  }
}
