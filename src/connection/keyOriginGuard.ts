/**
 * Asks before the key goes to a gateway origin it was not set for, and
 * before requests go through a proxy that a workspace chose. Answers are
 * remembered: an approved origin with the key (secret storage), an approved
 * workspace proxy in global state; a refusal for the rest of the session.
 */
import * as vscode from 'vscode';
import { GatewayError } from '../gateway/errors';
import type { ConnectionSettings } from '../platform/settings';
import { Credential, Credentials } from './credentials';
import { keyOriginDecision, originOf } from './keyOrigins';
import type { SecretHeader, SecretHeaders } from './secretHeaders';
import { t } from '../l10n/localize';

const APPROVED_PROXIES_KEY = 'genaiGateway.approvedWorkspaceProxies';
/** Marks an approval given when the user's http.proxyAuthorization goes to the proxy too. */
const PROXY_WITH_LOGIN = 'with http.proxyAuthorization: ';

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
        message: keyNotSentMessage(credential, origin, connection.baseUrlSource === 'workspace'),
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
          message: headersNotSentMessage(names, origin, describeOrigins([...new Set(ask.flatMap((h) => h.origins))])),
        });
      }
      await store.approveOrigin(names, origin);
      for (const header of ask) out[header.name] = header.value;
    }
    return out;
  }

  /** Resolves when requests may go through the connection's proxy: a workspace's proxy needs the user's approval. */
  async confirmProxy(connection: ConnectionSettings, proxyLogin: string | undefined): Promise<void> {
    const proxy = connection.proxy;
    if (!proxy || connection.proxySource !== 'workspace') return;
    const sendsLogin = proxyLogin !== undefined && !hasCredentials(proxy);
    // An approval given with the login covers the proxy without it; one given without the login does not cover sending it.
    const withLogin = `${PROXY_WITH_LOGIN}${proxy}`;
    const approvals = this.approvedProxies();
    if (approvals.includes(withLogin) || (!sendsLogin && approvals.includes(proxy))) return;
    const approval = sendsLogin ? withLogin : proxy;
    const approved = await this.once(`proxy ${approval}`, () => askForWorkspaceProxy(proxy, connection.baseUrl, sendsLogin));
    if (!approved) {
      throw new GatewayError({
        kind: 'validation',
        code: 'workspace_proxy_not_approved',
        param: 'genaiGateway.proxy',
        message: t(
          'Nothing was sent through the proxy {0} that the workspace settings name. Remove genaiGateway.proxy from the workspace settings, or approve it when asked.',
          safeProxy(proxy),
        ),
      });
    }
    await this.globalState.update(APPROVED_PROXIES_KEY, [...this.approvedProxies(), approval]);
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
  const host = new URL(origin).host;
  const apiKey = credential.kind === 'apiKey';
  const send = apiKey ? t('Send My API Key to {0}', host) : t('Send My Access Token to {0}', host);
  const belongsTo =
    credential.source === 'environment'
      ? t('Your key (from the GENAI_GATEWAY_API_KEY environment variable) has not been used with it before.')
      : apiKey
        ? t('Your API key was set for {0}.', describeOrigins(credential.origins))
        : t('Your access token was set for {0}.', describeOrigins(credential.origins));
  const whoever = apiKey
    ? t('Whoever runs {0} can use your API key. Continue only if you trust it; your answer is remembered for this address.', origin)
    : t('Whoever runs {0} can use your access token. Continue only if you trust it; your answer is remembered for this address.', origin);
  const choice = await vscode.window.showWarningMessage(
    apiKey ? t('Send your GenAI Gateway API key to {0}?', origin) : t('Send your GenAI Gateway access token to {0}?', origin),
    { modal: true, detail: [addressSource(origin, fromWorkspace), belongsTo, whoever].join(' ') },
    send,
  );
  return choice === send;
}

async function askForHeadersOrigin(headers: readonly SecretHeader[], origin: string, fromWorkspace: boolean): Promise<boolean> {
  const names = headers.map((h) => h.name).join(', ');
  const setFor = describeOrigins([...new Set(headers.flatMap((h) => h.origins))]);
  const many = headers.length > 1;
  const send = t('Send My Secret Headers to {0}', new URL(origin).host);
  const whoever = many
    ? t(
        'The headers were set for {0}. Whoever runs {1} can use their values. Continue only if you trust it; your answer is remembered for this address.',
        setFor,
        origin,
      )
    : t(
        'The header was set for {0}. Whoever runs {1} can use its value. Continue only if you trust it; your answer is remembered for this address.',
        setFor,
        origin,
      );
  const choice = await vscode.window.showWarningMessage(
    many ? t('Send your secret headers {0} to {1}?', names, origin) : t('Send your secret header {0} to {1}?', names, origin),
    { modal: true, detail: `${addressSource(origin, fromWorkspace)} ${whoever}` },
    send,
  );
  return choice === send;
}

async function askForWorkspaceProxy(proxy: string, baseUrl: string, sendsLogin: boolean): Promise<boolean> {
  const use = t('Use This Proxy');
  const login = sendsLogin ? ` ${t("Your proxy login (VS Code's http.proxyAuthorization) is sent to it too.")}` : '';
  const choice = await vscode.window.showWarningMessage(
    t('Send gateway requests through the proxy {0}?', safeProxy(proxy)),
    {
      modal: true,
      detail: `${
        baseUrl.startsWith('http:')
          ? t(
              "The proxy comes from this workspace's settings (.vscode/settings.json or the .code-workspace file), which whoever wrote the repository can set. A proxy sees which gateway you use, and with a plain-http gateway everything you send, your key included. Your answer is remembered for this proxy.",
            )
          : t(
              "The proxy comes from this workspace's settings (.vscode/settings.json or the .code-workspace file), which whoever wrote the repository can set. A proxy sees which gateway you use. Your answer is remembered for this proxy.",
            )
      }${login}`,
    },
    use,
  );
  return choice === use;
}

/** Whether the proxy URL holds its own login (then http.proxyAuthorization is not sent to it). */
function hasCredentials(proxy: string): boolean {
  try {
    const url = new URL(proxy);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** Where the gateway address comes from, as the question about sending a secret to it says. */
function addressSource(origin: string, fromWorkspace: boolean): string {
  return fromWorkspace
    ? t(
        "The gateway address {0} comes from this workspace's settings (.vscode/settings.json or the .code-workspace file), which whoever wrote the repository can set.",
        origin,
      )
    : t('The gateway address {0} comes from your user settings.', origin);
}

function keyNotSentMessage(credential: Credential, origin: string, fromWorkspace: boolean): string {
  const why =
    credential.source === 'environment'
      ? t('Your API key was not sent to {0}: the key of GENAI_GATEWAY_API_KEY goes to an address from workspace settings only when you approve it.', origin)
      : credential.kind === 'apiKey'
        ? t('Your API key was not sent to {0}: it belongs to {1}.', origin, describeOrigins(credential.origins))
        : t('Your access token was not sent to {0}: it belongs to {1}.', origin, describeOrigins(credential.origins));
  const what = fromWorkspace
    ? t(
        'Confirm when asked (the question comes back after a change of settings or a restart), set the key for this gateway with "GenAI Gateway: Set API Key", or remove genaiGateway.baseUrl from the workspace settings.',
      )
    : t(
        'Confirm when asked (the question comes back after a change of settings or a restart), set the key for this gateway with "GenAI Gateway: Set API Key", or remove genaiGateway.baseUrl from your settings.',
      );
  return `${why} ${what}`;
}

function headersNotSentMessage(names: readonly string[], origin: string, setFor: string): string {
  return names.length > 1
    ? t(
        'Nothing was sent to {0}: your secret headers {1} belong to {2}. Confirm when asked, set the header again for this gateway with "GenAI Gateway: Set Secret Header…", or remove it with "GenAI Gateway: Remove Secret Header…".',
        origin,
        names.join(', '),
        setFor,
      )
    : t(
        'Nothing was sent to {0}: your secret header {1} belongs to {2}. Confirm when asked, set the header again for this gateway with "GenAI Gateway: Set Secret Header…", or remove it with "GenAI Gateway: Remove Secret Header…".',
        origin,
        names.join(', '),
        setFor,
      );
}

function describeOrigins(origins: readonly string[]): string {
  return origins.length ? origins.join(', ') : t('no gateway yet');
}

/** A proxy address without its user name and password. */
function safeProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return url.origin;
  } catch {
    return t('named in the settings');
  }
}
