import { parseBaseUrl } from '../gateway/baseUrl';
import * as vscode from 'vscode';
import { GatewayClient } from '../gateway/client';
import { validationError } from '../gateway/errors';
import { RequestLogEntry } from '../gateway/transport';
import { Log } from '../platform/log';
import { ConnectionSettings, Settings } from '../platform/settings';
import { Credentials, askForCredential } from './credentials';
import { InsecureUrlGuard } from './insecureUrlGuard';
import { KeyOriginGuard } from './keyOriginGuard';
import { originOf } from './keyOrigins';
import { SecretHeaders } from './secretHeaders';
import { vscodeProxyResolver } from './vscodeProxy';
import { trustedCertificates } from '../gateway/certificates';
import { redactProxy } from '../gateway/proxy';
import { t } from '../l10n/localize';

export interface ConnectionGuards {
  plainHttp: InsecureUrlGuard;
  keyOrigin: KeyOriginGuard;
}

/** What the user added to every request: the names only (values of secret headers are never shown). */
export interface AddedHeaderNames {
  plain: string[];
  secret: string[];
}

/**
 * Builds the gateway client from settings and credentials and rebuilds it
 * when either changes. When a request needs a credential and none is set,
 * the user is asked once per session.
 */
export class ClientProvider implements vscode.Disposable {
  private client: GatewayClient | undefined;
  private askedThisSession = false;
  private readonly requestEvents = new vscode.EventEmitter<RequestLogEntry>();
  /** Every request's outcome (for the status bar). */
  readonly onDidRequest = this.requestEvents.event;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The connection changed: URL, proxy, credential or capability map. */
  readonly onDidChangeConnection = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly credentials: Credentials,
    private readonly guards: ConnectionGuards,
    private readonly log: Log,
    private readonly userAgent: string,
    private readonly secretHeaders: SecretHeaders,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!Settings.affectsConnection(e)) return;
        const { baseUrl, baseUrlSource } = this.settings.connection();
        this.log.info(
          `Connection settings changed; gateway ${originOf(baseUrl) ?? '(none)'} from ${baseUrlSource === 'workspace' ? 'the workspace settings' : baseUrlSource === 'user' ? 'your user settings' : 'the default'}.`,
        );
        void this.refreshSecrets();
        this.reset();
      }),
      credentials.onDidChange(() => {
        this.askedThisSession = false;
        void this.refreshSecrets();
        this.reset();
      }),
      secretHeaders.onDidChange(() => {
        void this.refreshSecrets();
        this.reset();
      }),
    );
    void this.refreshSecrets();
  }

  /** The client for the configured gateway; a clear error when no URL is set. */
  get(): GatewayClient {
    if (this.client) return this.client;
    const connection = this.settings.connection();
    if (!connection.baseUrl) {
      throw validationError(
        'genaiGateway.baseUrl',
        '',
        t('the gateway address ending in /v1, e.g. https://gateway.example.com/v1; run "GenAI Gateway: Set Gateway URL"'),
      );
    }
    const baseUrl = parseBaseUrl(connection.baseUrl).url;
    const network = this.settings.network();
    const trust = trustedCertificates({ systemCertificates: network.systemCertificates, env: process.env });
    // VS Code's resolver covers http.proxy, http.noProxy, the environment and the system's proxy (PAC);
    // the extension's own genaiGateway.proxy still wins. http.proxySupport "off": none of VS Code's.
    const ownProxy = connection.proxySource !== 'editor' ? connection.proxy : undefined;
    const vscodeResolver = network.proxySupport === 'off' ? undefined : vscodeProxyResolver();
    const proxy = network.proxySupport === 'off' || vscodeResolver ? ownProxy : connection.proxy;
    this.client = new GatewayClient({
      baseUrl,
      userAgent: this.userAgent,
      proxy,
      env: network.proxySupport === 'off' ? {} : process.env,
      resolveProxy: vscodeResolver,
      noProxy: network.noProxy,
      proxyAuthorization: network.proxyAuthorization,
      tls: { ca: trust.ca, ...(network.strictSSLOff ? { rejectUnauthorized: false } : {}) },
      timeouts: { headersMs: connection.requestTimeoutSeconds * 1000 },
      retry: { maxAttempts: connection.maxRetries + 1 },
      capabilityOverrides: connection.capabilityOverrides,
      getCredential: (route) => this.credentialFor(connection, route.proxy),
      authorization: connection.authorization,
      headers: connection.headers,
      getSecretHeaders: (route) => this.secretHeadersFor(connection, route.proxy),
      allowedLinkHosts: connection.allowedLinkHosts,
      onRequest: (entry) => this.logRequest(entry),
    });
    this.logNetwork(trust.sources, trust.problems, network.strictSSLOff, network.proxySupport === 'off', vscodeResolver !== undefined);
    const client = this.client;
    void client.proxyFor().then((p) => p && this.log.info(`Requests to ${new URL(baseUrl).origin} go through the proxy ${redactProxy(p)}.`));
    return this.client;
  }

  private loggedNetwork = '';

  /** Where trust and proxies come from, once per distinct answer. */
  private logNetwork(sources: string[], problems: string[], strictSSLOff: boolean, proxySupportOff: boolean, vscodeResolver: boolean): void {
    /* not shown: log lines, in English like every log */
    const lines = [
      `Trusted certificates: Node's roots${sources.length ? ` + ${sources.join(' + ')}` : ''}${problems.length ? ` (${problems.join('; ')})` : ''}.`,
      proxySupportOff
        ? 'http.proxySupport is "off": only genaiGateway.proxy is used, no proxy from VS Code, the environment or the system.'
        : vscodeResolver
          ? "Proxies are chosen as VS Code chooses them (http.proxy, http.noProxy, the environment, the system's settings and PAC files); genaiGateway.proxy wins."
          : "Proxies: genaiGateway.proxy, else http.proxy, else HTTPS_PROXY / HTTP_PROXY; http.noProxy and NO_PROXY bypass them (VS Code's own proxy resolver is not available here, so system and PAC settings are not seen).",
      ...(strictSSLOff ? ['http.proxyStrictSSL is false in your settings: certificates of the gateway and the proxy are NOT verified.'] : []),
    ];
    const text = lines.join(' ');
    if (text === this.loggedNetwork) return;
    this.loggedNetwork = text;
    lines.forEach((line) => (line.includes('NOT verified') ? this.log.warn(line) : this.log.info(line)));
  }

  /** The key for a request, once the user agreed to where it goes and through what (`proxy`: the one the request takes, wherever it was set). */
  private async credentialFor(connection: ConnectionSettings, proxy: string | undefined): Promise<string | undefined> {
    await this.guards.keyOrigin.confirmProxy(connection, this.settings.network().proxyAuthorization);
    let credential = await this.credentials.get();
    if (!credential && !this.askedThisSession) {
      this.askedThisSession = true;
      const origin = originOf(connection.baseUrl);
      const value = await askForCredential('apiKey', origin, t('A request to the gateway is waiting for it.'));
      if (value) {
        await this.credentials.set('apiKey', value, connection.baseUrlSource === 'workspace' ? undefined : origin);
        credential = await this.credentials.get();
      }
    }
    if (!credential) return undefined;
    await this.guards.keyOrigin.confirmKey(credential, connection);
    await this.guards.plainHttp.confirm(connection.baseUrl, proxy);
    return credential.value;
  }

  /**
   * The secret headers that may go to the connection's gateway (asked like the key when they were set for another).
   * Asked for every request, so a workspace's proxy is approved here also when no key goes (authorizationHeader "custom").
   */
  private async secretHeadersFor(connection: ConnectionSettings, proxy: string | undefined): Promise<Record<string, string>> {
    await this.guards.keyOrigin.confirmProxy(connection, this.settings.network().proxyAuthorization);
    const all = await this.secretHeaders.all();
    if (!all.length) return {};
    const allowed = await this.guards.keyOrigin.confirmSecretHeaders(all, connection, this.secretHeaders);
    await this.guards.plainHttp.confirm(connection.baseUrl, proxy);
    return allowed;
  }

  /** The names of the headers added to each request, for Test Connection and the log. */
  async addedHeaderNames(): Promise<AddedHeaderNames> {
    return {
      plain: Object.keys(this.settings.requestHeaders().headers),
      secret: (await this.secretHeaders.all()).map((h) => h.name),
    };
  }

  private logRequest(entry: RequestLogEntry): void {
    const status = entry.status ?? 'failed';
    const id = entry.requestId ? ` ${entry.requestId}` : '';
    const attempt = entry.attempt > 0 ? ` (attempt ${entry.attempt + 1})` : '';
    const text = `${entry.method} ${entry.path} ${status} ${entry.durationMs}ms${id}${attempt}${entry.error ? `: ${entry.error}` : ''}`;
    if (entry.error || (entry.status ?? 0) >= 400) this.log.warn(text);
    else this.log.info(text);
    this.requestEvents.fire(entry);
  }

  private async refreshSecrets(): Promise<void> {
    const headers = await this.secretHeaders.all();
    this.log.setSecrets([(await this.credentials.get())?.value, ...headers.map((h) => h.value), this.settings.network().proxyAuthorization]);
  }

  private reset(): void {
    this.guards.keyOrigin.reset();
    const old = this.client;
    this.client = undefined;
    void old?.close();
    this.changed.fire();
  }

  dispose(): void {
    void this.client?.close();
    this.subscriptions.forEach((s) => s.dispose());
    this.requestEvents.dispose();
    this.changed.dispose();
  }
}
