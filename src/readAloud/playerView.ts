/** The "Read Aloud" webview view: sets up the player page and carries the protocol's messages both ways. */
import * as vscode from 'vscode';
import { webviewHtml, webviewOptions } from '../platform/webviewHtml';
import { PlayerHostMessage, PlayerWebviewMessage, readPlayerMessage } from '../protocol/playerProtocol';
import { t } from '../l10n/localize';

export const PLAYER_VIEW_ID = 'genaiGateway.readAloud';

/** What the reading needs of a player: the real view, or a stand-in in tests. */
export interface PlayerPort {
  /** Shows the player (keeping the editor's focus); resolves once its page listens. */
  open(): Promise<void>;
  post(message: PlayerHostMessage): void;
  readonly onMessage: vscode.Event<PlayerWebviewMessage>;
  /** The page went away (view closed or reloaded): what it was playing stopped. */
  readonly onDidClose: vscode.Event<void>;
}

const READY_TIMEOUT_MS = 20000;

export class PlayerViewProvider implements vscode.WebviewViewProvider, PlayerPort, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private readonly messages = new vscode.EventEmitter<PlayerWebviewMessage>();
  readonly onMessage = this.messages.event;
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: { warn(message: string): void },
    private readonly readyTimeoutMs = READY_TIMEOUT_MS,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    const { webview } = view;
    webview.options = webviewOptions(this.mediaRoot());
    this.load(webview);
    const subscription = webview.onDidReceiveMessage((raw: unknown) => {
      const message = readPlayerMessage(raw);
      if (!message) {
        this.log.warn('The player sent a malformed message; it was ignored.');
        return;
      }
      if (message.type === 'ready') {
        // Sent again after every reload of the page, which drops what it was playing.
        if (this.ready) this.closed.fire();
        this.ready = true;
      }
      this.messages.fire(message);
    });
    view.onDidDispose(() => {
      subscription.dispose();
      if (this.view !== view) return;
      this.view = undefined;
      if (this.ready) this.closed.fire();
      this.ready = false;
    });
  }

  async open(): Promise<void> {
    if (this.view && this.ready) {
      if (!this.view.visible) this.view.show(true);
      return;
    }
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        subscription.dispose();
        // A page that has not said it is ready by now will not: its scripts did not load (VS Code's
        // webview service worker gives up on a resource it gets no answer for). It is loaded
        // again, so that the next attempt finds a player instead of waiting on the same page.
        if (this.view && !this.ready) this.load(this.view.webview);
        reject(new Error(t('The Read Aloud player did not open.')));
      }, this.readyTimeoutMs);
      const subscription = this.messages.event((message) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      });
    });
    if (this.view) {
      this.view.show(true);
      await ready;
      return;
    }
    // The view's first showing takes the focus (once its page has loaded); the editor being read gets it back.
    const hadEditor = vscode.window.activeTextEditor !== undefined;
    await vscode.commands.executeCommand(`${PLAYER_VIEW_ID}.focus`);
    await ready;
    if (hadEditor) await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  }

  private load(webview: vscode.Webview): void {
    webview.html = webviewHtml(webview, this.mediaRoot(), {
      title: t('Read Aloud'),
      script: 'player.js',
      styles: ['codicon.css', 'player.css'],
      // Audio is handed over as bytes and played from blob: URLs; nothing is fetched.
      /* not shown: a CSP directive */
      extraCsp: ['media-src blob: data:'],
    });
  }

  private mediaRoot(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'media');
  }

  post(message: PlayerHostMessage): void {
    if (this.view && this.ready) void this.view.webview.postMessage(message);
  }

  dispose(): void {
    this.messages.dispose();
    this.closed.dispose();
  }
}
