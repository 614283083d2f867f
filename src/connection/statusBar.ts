import * as vscode from 'vscode';
import type { RequestLogEntry } from '../gateway/transport';
import type { Settings } from '../platform/settings';
import type { Credential, Credentials } from './credentials';
import { HealthRecheck } from './healthRecheck';
import { t } from '../l10n/localize';

/** True while a key or token is set (stored or from the environment). */
const HAS_CREDENTIAL_CONTEXT = 'genaiGateway.hasCredential';

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

  /**
   * Follows the outcome of the requests from now on; while the gateway
   * cannot be reached and a key is set, `probe` asks it again by itself.
   */
  follow(connection: ConnectionEvents, probe: (signal: AbortSignal) => Promise<unknown>): void {
    const recheck = new HealthRecheck(probe);
    this.subscriptions.push(
      recheck,
      connection.onDidRequest((entry) => {
        // An expired or refused media link says nothing about the gateway or the key.
        if (entry.mediaLink) return;
        if (entry.status !== undefined && entry.status < 400) {
          recheck.stop();
          this.setState('connected', '');
        } else if (entry.status === 401 || entry.status === 403) {
          recheck.stop();
          this.setState('failing', t('the key was refused'));
        } else if (entry.status === undefined) {
          this.setState('failing', entry.error ?? t('no connection'));
          void this.credentials.get().then((credential) => credential && this.state === 'failing' && recheck.failed());
        }
      }),
      connection.onDidChangeConnection(() => {
        recheck.stop();
        this.setState('unknown', '');
      }),
    );
  }

  private async describeKey(): Promise<void> {
    const credential = await this.credentials.get();
    this.keyLine = credential ? keyLineOf(credential) : t('No key set.');
    // The walkthrough's "Set your API key" step completes on it, however the key was entered.
    void vscode.commands.executeCommand('setContext', HAS_CREDENTIAL_CONTEXT, credential !== undefined);
    this.render();
  }

  setState(state: ConnectionState, detail: string): void {
    this.state = state;
    this.detail = detail;
    this.render();
  }

  private render(): void {
    const baseUrl = this.settings.baseUrl();
    const state = baseUrl ? this.state : 'notConfigured';
    const chosen = this.settings.model('chat');
    const model = chosen || t('automatic (the first chat model the gateway lists)');
    // The product's name stays beside the model: a model id alone does not say whose item this is.
    this.item.text = `${ICONS[state]} ${state === 'notConfigured' ? t('GenAI Gateway: set up') : chosen ? `GenAI Gateway: ${chosen}` : 'GenAI Gateway'}`;
    const click = CLICKS[state];
    this.item.tooltip = connectionTooltip({ state: describe(state), detail: this.detail, baseUrl, model, keyLine: this.keyLine, click: click.says() });
    this.item.command = click.command;
    this.item.backgroundColor = state === 'failing' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.accessibilityInformation = { label: t('GenAI Gateway, {0}, chat model {1}', describe(state), model) };
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.item.dispose();
  }
}

/** What the status bar's tooltip says; every value is shown as text. */
export interface ConnectionTooltip {
  state: string;
  /** Why requests fail: an error's text, which may be a gateway's or a proxy's words. */
  detail: string;
  baseUrl: string;
  /** The chat model's id, which a workspace's settings may name. */
  model: string;
  keyLine: string;
  /** What a click on the item does. */
  click: string;
}

/**
 * The tooltip as markdown whose values are escaped text: a failing request's
 * error (the gateway's or a proxy's words) or a workspace's model id could
 * otherwise show links and load remote images in the hover.
 */
export function connectionTooltip(view: ConnectionTooltip): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString().appendMarkdown('**GenAI Gateway** — ').appendText(view.detail ? `${view.state}: ${view.detail}` : view.state);
  const lines = [view.baseUrl ? t('Gateway: {0}', view.baseUrl) : t('No gateway address set.'), t('Chat model: {0}', view.model), view.keyLine, view.click];
  for (const line of lines.filter(Boolean)) tooltip.appendMarkdown('\n\n').appendText(line);
  return tooltip;
}

/** What a click on the item runs in each state, and how the tooltip says it. */
const CLICKS: Record<ConnectionState, { command: string; says(): string }> = {
  notConfigured: { command: 'genaiGateway.setBaseUrl', says: () => t('Click to set the gateway address.') },
  failing: { command: 'genaiGateway.testConnection', says: () => t('Click to test the connection.') },
  unknown: { command: 'genaiGateway.selectModel', says: () => t('Click to choose the default models.') },
  connected: { command: 'genaiGateway.selectModel', says: () => t('Click to choose the default models.') },
};

function describe(state: ConnectionState): string {
  return { unknown: t('not tested yet'), connected: t('connected'), failing: t('failing'), notConfigured: t('not configured') }[state];
}

/** Whose key is in use and which gateways it belongs to. */
function keyLineOf(credential: Credential): string {
  const origins = credential.origins.join(', ');
  if (credential.source === 'environment') {
    return origins ? t('Key: from GENAI_GATEWAY_API_KEY, also approved for {0}', origins) : t('Key: from GENAI_GATEWAY_API_KEY');
  }
  const gateways = origins || t('the gateway it is first used with');
  return credential.kind === 'apiKey' ? t('Key: API key for {0} (secret storage)', gateways) : t('Key: access token for {0} (secret storage)', gateways);
}
