/**
 * Asks before the key goes to a gateway origin it was not set for, and
 * before requests go through a proxy that a workspace chose. Answers are
 * remembered: an approved origin with the key (secret storage), an approved
 * workspace proxy in global state; a refusal for the rest of the session.
 */
import * as vscode from 'vscode';
import { GatewayError } from '../gateway/errors';
import type { ConnectionSettings } from '../platform/settings';
import { CREDENTIAL_LABELS, Credential, Credentials } from './credentials';
import { keyOriginDecision, originOf } from './keyOrigins';
import type { SecretHeader, SecretHeaders } from './secretHeaders';

const APPROVED_PROXIES_KEY = 'genaiGateway.approvedWorkspaceProxies';
const WORKSPACE_SOURCE = "this workspace's settings (.vscode/settings.json or the .code-workspace file), which whoever wrote the repository can set";

export class KeyOriginGuard {
  private readonly refused = new Set<string>();
  /** One question per origin or proxy at a time, however many requests wait for it. */
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly credentials: Credentials,
    private readonly globalState: Pick<vscode.Memento, 'get' | 'update'>,
  ) {}

  /** A new connection (settings changed): ask again about what was refused. */
  reset(): void {
    this.refused.clear();
  }

  /** Resolves when the key may go to the connection's gateway; a GatewayError when the user said no. */
  async confirmKey(credential: Credential, connection: ConnectionSettings): Promise<void> {
    const origin = originOf(connection.baseUrl)!;
    const decision = keyOriginDecision(credential, origin, connection.baseUrlSource);
    if (decision === 'send') return;
    if (decision === 'bind') return this.credentials.approveOrigin(credential, origin);
    const approved = await this.once(`key ${origin}`, () => askForKeyOrigin(credential, origin, connection.baseUrlSource === 'workspace'));
    if (!approved) {
      throw new GatewayError({
        kind: 'validation',
        code: 'gateway_origin_not_approved',
        param: 'genaiGateway.baseUrl',
        message: `Your ${CREDENTIAL_LABELS[credential.kind]} was not sent to ${origin}: ${credential.source === 'environment' ? 'the key of GENAI_GATEWAY_API_KEY goes to an address from workspace settings only when you approve it' : `it belongs to ${describeOrigins(credential.origins)}`}. Confirm when asked (the question comes back after a change of settings or a restart), set the key for this gateway with "GenAI Gateway: Set API Key", or remove genaiGateway.baseUrl from ${connection.baseUrlSource === 'workspace' ? 'the workspace settings' : 'your settings'}.`,
      });
    }
    await this.credentials.approveOrigin(credential, origin);
  }

  /**
   * The secret headers that may go to the connection's gateway, name → value.
   * They follow the key's rule: the origin they were set for, and each other
   * origin the user approved (asked once for all of them).
   */
  async confirmSecretHeaders(
    headers: readonly SecretHeader[],
    connection: ConnectionSettings,
    store: Pick<SecretHeaders, 'approveOrigin'>,
  ): Promise<Record<string, string>> {
    const origin = originOf(connection.baseUrl)!;
    const out: Record<string, string> = {};
    const bind: string[] = [];
    const ask: SecretHeader[] = [];
    for (const header of headers) {
      const decision = keyOriginDecision(header, origin, connection.baseUrlSource);
      if (decision === 'ask') ask.push(header);
      else {
        if (decision === 'bind') bind.push(header.name);
        out[header.name] = header.value;
      }
    }
    if (bind.length) await store.approveOrigin(bind, origin);
    if (ask.length) {
      const names = ask.map((h) => h.name);
      const approved = await this.once(`headers ${names.join(',')} ${origin}`, () =>
        askForHeadersOrigin(ask, origin, connection.baseUrlSource === 'workspace'),
      );
      if (!approved) {
        throw new GatewayError({
          kind: 'validation',
          code: 'gateway_origin_not_approved',
          param: 'genaiGateway.baseUrl',
          message: `Nothing was sent to ${origin}: your secret header${names.length > 1 ? 's' : ''} ${names.join(', ')} belong${names.length > 1 ? '' : 's'} to ${describeOrigins([...new Set(ask.flatMap((h) => h.origins))])}. Confirm when asked, set the header again for this gateway with "GenAI Gateway: Set Secret Header…", or remove it with "GenAI Gateway: Remove Secret Header…".`,
        });
      }
      await store.approveOrigin(names, origin);
      for (const header of ask) out[header.name] = header.value;
    }
    return out;
  }

  /** Resolves when requests may go through the connection's proxy: a workspace's proxy needs the user's approval. */
  async confirmProxy(connection: ConnectionSettings): Promise<void> {
    const proxy = connection.proxy;
    if (!proxy || connection.proxySource !== 'workspace' || this.approvedProxies().includes(proxy)) return;
    const approved = await this.once(`proxy ${proxy}`, () => askForWorkspaceProxy(proxy, connection.baseUrl));
    if (!approved) {
      throw new GatewayError({
        kind: 'validation',
        code: 'workspace_proxy_not_approved',
        param: 'genaiGateway.proxy',
        message: `Nothing was sent through the proxy ${safeProxy(proxy)} that the workspace settings name. Remove genaiGateway.proxy from the workspace settings, or approve it when asked.`,
      });
    }
    await this.globalState.update(APPROVED_PROXIES_KEY, [...this.approvedProxies(), proxy]);
  }

  private async once(question: string, ask: () => Thenable<boolean>): Promise<boolean> {
    if (this.refused.has(question)) return false;
    let answer = this.pending.get(question);
    if (!answer) {
      answer = Promise.resolve(ask()).finally(() => this.pending.delete(question));
      this.pending.set(question, answer);
    }
    const approved = await answer;
    if (!approved) this.refused.add(question);
    return approved;
  }

  private approvedProxies(): string[] {
    const stored = this.globalState.get<unknown>(APPROVED_PROXIES_KEY);
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  }
}

async function askForKeyOrigin(credential: Credential, origin: string, fromWorkspace: boolean): Promise<boolean> {
  const label = CREDENTIAL_LABELS[credential.kind];
  const send = `Send My ${credential.kind === 'apiKey' ? 'API Key' : 'Access Token'} to ${new URL(origin).host}`;
  const belongsTo =
    credential.source === 'environment'
      ? 'Your key (from the GENAI_GATEWAY_API_KEY environment variable) has not been used with it before.'
      : `Your ${label} was set for ${describeOrigins(credential.origins)}.`;
  const choice = await vscode.window.showWarningMessage(
    `Send your GenAI Gateway ${label} to ${origin}?`,
    {
      modal: true,
      detail: `The gateway address ${origin} comes from ${fromWorkspace ? WORKSPACE_SOURCE : 'your user settings'}. ${belongsTo} Whoever runs ${origin} can use your ${label}. Continue only if you trust it; your answer is remembered for this address.`,
    },
    send,
  );
  return choice === send;
}

async function askForHeadersOrigin(headers: readonly SecretHeader[], origin: string, fromWorkspace: boolean): Promise<boolean> {
  const names = headers.map((h) => h.name).join(', ');
  const send = `Send My Secret Headers to ${new URL(origin).host}`;
  const choice = await vscode.window.showWarningMessage(
    `Send your secret header${headers.length > 1 ? 's' : ''} ${names} to ${origin}?`,
    {
      modal: true,
      detail: `The gateway address ${origin} comes from ${fromWorkspace ? WORKSPACE_SOURCE : 'your user settings'}. The header${headers.length > 1 ? 's were' : ' was'} set for ${describeOrigins([...new Set(headers.flatMap((h) => h.origins))])}. Whoever runs ${origin} can use ${headers.length > 1 ? 'their values' : 'its value'}. Continue only if you trust it; your answer is remembered for this address.`,
    },
    send,
  );
  return choice === send;
}

async function askForWorkspaceProxy(proxy: string, baseUrl: string): Promise<boolean> {
  const use = 'Use This Proxy';
  const choice = await vscode.window.showWarningMessage(
    `Send gateway requests through the proxy ${safeProxy(proxy)}?`,
    {
      modal: true,
      detail: `The proxy comes from ${WORKSPACE_SOURCE}. A proxy sees which gateway you use${baseUrl.startsWith('http:') ? ', and with a plain-http gateway everything you send, your key included' : ''}. Your answer is remembered for this proxy.`,
    },
    use,
  );
  return choice === use;
}

function describeOrigins(origins: readonly string[]): string {
  return origins.length ? origins.join(', ') : 'no gateway yet';
}

/** A proxy address without its user name and password. */
function safeProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return url.origin;
  } catch {
    return 'named in the settings';
  }
}
