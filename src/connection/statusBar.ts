import * as vscode from 'vscode';
import type { RequestLogEntry } from '../gateway/transport';
import type { Settings } from '../platform/settings';
import { CREDENTIAL_LABELS, type Credentials } from './credentials';

type ConnectionState = 'unknown' | 'connected' | 'failing' | 'notConfigured';

const ICONS: Record<ConnectionState, string> = {
  unknown: '$(sparkle)',
  connected: '$(sparkle)',
  failing: '$(warning)',
  notConfigured: '$(gear)',
};

/** What the status bar learns the connection state from (the ClientProvider, once the features are loaded). */
export interface ConnectionEvents {
  readonly onDidRequest: vscode.Event<RequestLogEntry>;
  readonly onDidChangeConnection: vscode.Event<void>;
}

/**
 * Connection state and the chat model; the latest request outcome decides the state.
 * Shown at startup from the settings and the stored key alone (no request): see src/startup.
 */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('genaiGateway.status', vscode.StatusBarAlignment.Right, 100);
  private state: ConnectionState = 'unknown';
  private detail = '';
  private readonly subscriptions: vscode.Disposable[] = [];

  /** Whose key is in use and which gateways it belongs to, for the tooltip. */
  private keyLine = '';

  constructor(
    private readonly settings: Settings,
    private readonly credentials: Credentials,
  ) {
    this.item.name = 'GenAI Gateway';
    this.subscriptions.push(
      credentials.onDidChange(() => void this.describeKey()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('genaiGateway')) this.render();
      }),
    );
    this.render();
    void this.describeKey();
    this.item.show();
  }

  /** Follows the outcome of the requests from now on. */
  follow(connection: ConnectionEvents): void {
    this.subscriptions.push(
      connection.onDidRequest((entry) => {
        // An expired or refused media link says nothing about the gateway or the key.
        if (entry.mediaLink) return;
        if (entry.status !== undefined && entry.status < 400) this.setState('connected', '');
        else if (entry.status === 401 || entry.status === 403) this.setState('failing', 'the key was refused');
        else if (entry.status === undefined) this.setState('failing', entry.error ?? 'no connection');
      }),
      connection.onDidChangeConnection(() => this.setState('unknown', '')),
    );
  }

  private async describeKey(): Promise<void> {
    const credential = await this.credentials.get();
    const label = credential ? CREDENTIAL_LABELS[credential.kind] : '';
    this.keyLine = !credential
      ? 'No key set.'
      : credential.source === 'environment'
        ? `Key: from GENAI_GATEWAY_API_KEY${credential.origins.length ? `, also approved for ${credential.origins.join(', ')}` : ''}`
        : `Key: ${label} for ${credential.origins.join(', ') || 'the gateway it is first used with'} (secret storage)`;
    this.render();
  }

  setState(state: ConnectionState, detail: string): void {
    this.state = state;
    this.detail = detail;
    this.render();
  }

  private render(): void {
    const { baseUrl } = this.settings.connection();
    const state = baseUrl ? this.state : 'notConfigured';
    const chosen = this.settings.model('chat');
    const model = chosen || 'automatic (the first chat model the gateway lists)';
    this.item.text = `${ICONS[state]} ${state === 'notConfigured' ? 'GenAI Gateway: set up' : chosen || 'GenAI Gateway'}`;
    const lines = [
      `**GenAI Gateway** — ${describe(state)}${this.detail ? `: ${this.detail}` : ''}`,
      baseUrl ? `Gateway: \`${baseUrl}\`` : 'No gateway address set.',
      `Chat model: ${model}`,
      this.keyLine,
    ].filter(Boolean);
    this.item.tooltip = new vscode.MarkdownString(lines.join('\n\n'));
    this.item.command =
      state === 'notConfigured' ? 'genaiGateway.setBaseUrl' : state === 'failing' ? 'genaiGateway.testConnection' : 'genaiGateway.selectModel';
    this.item.backgroundColor = state === 'failing' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.accessibilityInformation = { label: `GenAI Gateway, ${describe(state)}, chat model ${model}` };
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.item.dispose();
  }
}

function describe(state: ConnectionState): string {
  return { unknown: 'not tested yet', connected: 'connected', failing: 'failing', notConfigured: 'not configured' }[state];
}
