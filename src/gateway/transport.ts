import { parseBaseUrl } from './baseUrl';
import { t } from '../l10n/localize';
import * as tls from 'node:tls';
import { Agent, Dispatcher, ProxyAgent } from 'undici';
import { dispatchRequest, type DispatchedResponse, type ResponseBody } from './dispatchedRequest';
import { certificateError, isCertificateError, peekCertificate } from './certificates';
import { GatewayError } from './errors';
import { AuthorizationMode, checkedHeaders } from './headers';
import { errorFromResponse } from './errorBody';
import { withoutSecrets } from './secretRedaction';
import { checkProxyScheme, matchesNoProxy, proxyAuthenticationError, redactProxy, resolveProxy } from './proxy';
import { DEFAULT_RETRY, RetryClass, RetryOptions, isRetryable, nextDelay, retryAfterMs } from './retry';
import { describeNetworkError, toGatewayError } from './networkErrors';
import { MediaLinkGuard, systemLookup, type HostLookup } from './mediaLinkGuard';
import { shownLink } from './mediaLinkPolicy';
import {
  DEFAULT_RESPONSE_LIMITS,
  formatBytes,
  formatDuration,
  MAX_CHAT_STREAM_MS,
  MAX_ERROR_BODY_BYTES,
  MAX_ERROR_BODY_MS,
  MAX_JSON_BODY_BYTES,
  responseLimitError,
  type ResponseLimits,
} from './responseLimits';

export interface Timeouts {
  connectMs: number;
  /** Until the response headers arrive. */
  headersMs: number;
  /** Longest silence between two pieces of a response body. */
  bodyIdleMs: number;
  /** Longest an error body is read; what arrived by then gives the message. */
  errorBodyMs: number;
  /** Longest one streamed chat answer may take in all. */
  chatStreamMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 10_000,
  headersMs: 120_000,
  bodyIdleMs: 60_000,
  errorBodyMs: MAX_ERROR_BODY_MS,
  chatStreamMs: MAX_CHAT_STREAM_MS,
};

export interface RequestLogEntry {
  method: string;
  /** Path and query below the base URL, or the origin and path of a download. */
  path: string;
  status?: number;
  durationMs: number;
  requestId?: string;
  attempt: number;
  error?: string;
  /** A signed media link (fetched without the key, possibly from another host), not an API call. */
  mediaLink?: true;
}

/** Where an API request goes: through this proxy (settings', environment's or VS Code's), or direct when undefined. */
export interface RequestRoute {
  proxy: string | undefined;
}

export interface TransportOptions {
  /** Ends with /v1, e.g. https://gateway.example.com/v1 */
  baseUrl: string;
  /** The Bearer value: an API key or a social-login access token; told the route, so it can refuse to travel it. */
  getCredential: (route: RequestRoute) => Promise<string | undefined>;
  /** `bearer` (default): the credential goes as `Authorization: Bearer`; `custom`: it is not sent (headers.ts). */
  authorization?: AuthorizationMode;
  /** Added to every API request, never to media-link downloads (`genaiGateway.headers`; checked in headers.ts). */
  headers?: Readonly<Record<string, unknown>>;
  /** Secret headers for this gateway (name → value), read for each API request like the credential. */
  getSecretHeaders?: (route: RequestRoute) => Promise<Readonly<Record<string, string>> | undefined>;
  userAgent: string;
  /** Explicit proxy URL; overrides HTTPS_PROXY / HTTP_PROXY. */
  proxy?: string;
  env?: Readonly<Record<string, string | undefined>>;
  timeouts?: Partial<Timeouts>;
  /** Lower caps on speech audio and media files than the defaults (DEFAULT_RESPONSE_LIMITS); for tests. */
  limits?: Partial<ResponseLimits>;
  retry?: Partial<RetryOptions>;
  onRequest?: (entry: RequestLogEntry) => void;
  random?: () => number;
  /** Looks up the names of media links and of the gateway (default: the system's resolver); tests stub it. */
  lookup?: HostLookup;
  /** Media link hosts (names, or `*.domain`) downloaded through a proxy although local (`genaiGateway.media.allowedLinkHosts`). */
  allowedLinkHosts?: readonly string[];
  /** Trust: `ca` replaces Node's default list (certificates.ts builds it); `rejectUnauthorized: false` only when the user chose it. */
  tls?: { ca?: string[]; rejectUnauthorized?: boolean };
  /** `Proxy-Authorization` for the CONNECT to a proxy whose URL has no credentials (VS Code's http.proxyAuthorization). */
  proxyAuthorization?: string;
  /** More NO_PROXY entries (VS Code's http.noProxy). */
  noProxy?: readonly string[];
  /**
   * Asked for the proxy of each origin when no explicit proxy is set (cached
   * per origin), e.g. VS Code's own resolver with PAC and system proxies;
   * undefined: direct. Without it: HTTPS_PROXY / HTTP_PROXY from `env`.
   */
  resolveProxy?: (url: string) => Promise<string | undefined>;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Below the base URL, starting with `/`. */
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  signal?: AbortSignal;
  retry: RetryClass;
  accept?: string;
  /** Wait this long for the response headers instead of `timeouts.headersMs` (slow paid generations). */
  headersTimeoutMs?: number;
  /** A cap on the body read through `body` (which `json` and `text` cap anyway). */
  bodyLimit?: BodyLimit;
  /** Added to this request only, checked as `genaiGateway.headers` are (a conversation's session id). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A cap on a response body beyond the idle timeout: a larger body (counted
 * as it arrives, or announced by its Content-Length, then refused before it
 * is read) or one still arriving at `deadline` fails with a `response_limit`
 * error, and the rest is not read.
 */
export interface BodyLimit {
  maxBytes: number;
  /** The error's message when the body is larger than `maxBytes`. */
  tooLarge: string;
  /** Date.now() by which the whole body must have arrived. */
  deadline?: number;
  /** The error's message when the body is not complete by `deadline`. */
  tooSlow?: string;
}

export interface GatewayResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  requestId?: string;
  /** The body as it arrives; errors are GatewayErrors (aborted, timeout, stream). */
  body: AsyncIterable<Uint8Array>;
  /** The whole body, up to MAX_JSON_BODY_BYTES: a larger one is a `response_limit` error, the rest not read. */
  json<T>(): Promise<T>;
  text(): Promise<string>;
  /** An API response's: takes the credential and secret headers out of an error about it (a stream's error event may echo them). */
  hideSecrets?(error: unknown): unknown;
}

const MAX_REDIRECTS = 5;

/**
 * One keep-alive connection pool per base URL, through the proxy that
 * applies to it. Sends the credential only to the base URL's origin and never
 * follows a redirect on API calls, so the key cannot leak to another host.
 */
export class Transport {
  readonly baseUrl: string;
  readonly proxyUrl: string | undefined;
  readonly timeouts: Timeouts;
  readonly limits: ResponseLimits;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly retryOptions: RetryOptions;
  private readonly dispatchers = new Map<string, Dispatcher>();
  private readonly links: MediaLinkGuard;
  /** Origin → the proxy requests to it go through (undefined: direct). */
  private readonly proxies = new Map<string, Promise<string | undefined>>();
  private readonly settledProxies = new Map<string, string | undefined>();
  private readonly secureContext: tls.SecureContext | undefined;

  constructor(private readonly options: TransportOptions) {
    const address = parseBaseUrl(options.baseUrl);
    this.baseUrl = address.url;
    this.origin = address.origin;
    this.basePath = address.basePath;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.limits = { ...DEFAULT_RESPONSE_LIMITS, ...options.limits };
    this.retryOptions = { ...DEFAULT_RETRY, ...options.retry };
    this.proxyUrl = this.staticProxy(this.baseUrl);
    this.links = new MediaLinkGuard(
      new URL(address.url),
      options.lookup ?? systemLookup,
      (link) => this.knownProxy(link) !== undefined,
      options.allowedLinkHosts ?? [],
    );
    this.secureContext = options.tls?.ca ? tls.createSecureContext({ ca: options.tls.ca }) : undefined;
  }

  /** The proxy requests to `url` go through (undefined: direct), resolved once per origin. */
  async proxyFor(url: string): Promise<string | undefined> {
    const origin = new URL(url).origin;
    let resolved = this.proxies.get(origin);
    if (!resolved) {
      const fixed = this.staticProxy(url);
      const resolver = this.options.resolveProxy;
      resolved =
        fixed !== undefined || !resolver || this.bypassed(url) || this.options.proxy?.trim()
          ? Promise.resolve(fixed)
          : resolver(url).then(
              (p) => (p && p.trim() ? p.trim() : undefined),
              () => undefined,
            );
      this.proxies.set(origin, resolved);
      void resolved.then((p) => this.settledProxies.set(origin, p));
    }
    return resolved;
  }

  private bypassed(url: string): boolean {
    return !!this.options.noProxy?.length && matchesNoProxy(new URL(url), this.options.noProxy.join(','));
  }

  /** Explicit proxy or the environment's (not the resolver's), after both NO_PROXY lists. */
  private staticProxy(url: string): string | undefined {
    if (this.bypassed(url)) return undefined;
    if (this.options.resolveProxy && !this.options.proxy?.trim()) return undefined;
    return resolveProxy(url, this.options.proxy, this.options.env ?? process.env);
  }

  /** What proxyFor settled on, for checks that cannot wait (media links check proxyFor first). */
  private knownProxy(url: string): string | undefined {
    const origin = new URL(url).origin;
    return this.settledProxies.has(origin) ? this.settledProxies.get(origin) : this.staticProxy(url);
  }

  async send(spec: RequestSpec): Promise<GatewayResponse> {
    const authorization = this.options.authorization ?? 'bearer';
    // A wrong header in the settings is reported before anyone is asked for anything.
    const plain = spec.headers ? { ...this.options.headers, ...spec.headers } : this.options.headers;
    checkedHeaders({ plain, authorization });
    const route: RequestRoute = { proxy: await this.proxyFor(this.baseUrl) };
    checkProxyScheme(route.proxy);
    let credential: string | undefined;
    if (authorization === 'bearer') {
      credential = await this.options.getCredential(route);
      if (!credential) {
        throw new GatewayError({
          kind: 'validation',
          code: 'missing_credential',
          param: 'apiKey',
          message: t('No API key or access token is set for the gateway.'),
        });
      }
    }
    const secretHeaders = await this.options.getSecretHeaders?.(route);
    const added = checkedHeaders({ plain, secret: secretHeaders, authorization });
    const secrets = [credential ?? '', ...Object.values(secretHeaders ?? {})];
    const hideSecrets = (error: unknown): unknown => withoutSecrets(error, secrets);
    const query = spec.query && [...spec.query.keys()].length ? `?${spec.query.toString()}` : '';
    const relative = `${spec.path}${query}`;
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      ...added,
      accept: spec.accept ?? 'application/json',
      ...(credential !== undefined ? { authorization: `Bearer ${credential}` } : {}),
    };
    let body: string | undefined;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    }
    const response = await this.withRetries(spec.retry, spec.signal, (attempt) =>
      this.attempt(
        `${this.origin}${this.basePath}${relative}`,
        relative,
        spec.method,
        headers,
        body,
        spec.signal,
        attempt,
        false,
        spec.headersTimeoutMs,
        spec.bodyLimit,
      ),
    ).catch((error: unknown) => {
      throw hideSecrets(error);
    });
    return { ...response, hideSecrets };
  }

  /**
   * GETs a signed media link. No credential is sent (the signature is the
   * authorisation, and the link may point at another host); redirects are
   * followed for the same reason. The link and every redirect are checked
   * first (mediaLinkPolicy.ts): https: only, or http: to the gateway's own
   * origin; no local or metadata address unless the gateway is on one too;
   * through a proxy, no local name either (unless allowed by the user).
   * The body is a media file: it is cut at `limits.mediaFileBytes` and when
   * it is still arriving `limits.mediaDownloadMs` after this call.
   */
  async download(url: string, signal?: AbortSignal): Promise<GatewayResponse> {
    const headers = { 'user-agent': this.options.userAgent, accept: '*/*' };
    const { mediaFileBytes, mediaDownloadMs } = this.limits;
    const deadline = Date.now() + mediaDownloadMs;
    const fetched = this.withRetries('safe', signal, async (attempt) => {
      let target = new URL(url);
      let from: URL | undefined;
      for (let hop = 0; ; hop++) {
        await this.proxyFor(target.href);
        await this.links.check(target, from);
        const shown = shownLink(target);
        const response = await this.attempt(target.href, shown, 'GET', headers, undefined, signal, attempt, true, undefined, {
          maxBytes: mediaFileBytes,
          tooLarge: t('The media file at {0} is larger than {1}, the most this extension saves for one file.', shown, formatBytes(mediaFileBytes)),
          deadline,
          tooSlow: t(
            'The download of {0} took longer than {1}, the most this extension waits for one media file; it was cut off there.',
            shown,
            formatDuration(mediaDownloadMs),
          ),
        });
        const location = response.headers.location;
        if (response.status < 300 || response.status >= 400 || !location) return response;
        await discard(response.body);
        if (hop >= MAX_REDIRECTS) {
          throw new GatewayError({ kind: 'network', message: t('Too many redirects downloading {0}.', shownLink(target)) });
        }
        from = target;
        target = new URL(location, target);
      }
    });
    return fetched.catch((error: unknown) => {
      throw linkRefusal(error);
    });
  }

  async close(): Promise<void> {
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((d) => d.close().catch(() => undefined)));
  }

  private async withRetries(
    retryClass: RetryClass,
    signal: AbortSignal | undefined,
    run: (attempt: number) => Promise<GatewayResponse>,
  ): Promise<GatewayResponse> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await run(attempt);
      } catch (e) {
        const error = toGatewayError(e, signal);
        const retry = isRetryable(error, retryClass, error.code) && nextDelay(error, attempt, Date.now() - started, this.retryOptions, this.options.random);
        if (retry === false || retry === undefined) throw error;
        await sleep(retry, signal);
      }
    }
  }

  private async attempt(
    url: string,
    logPath: string,
    method: 'GET' | 'POST',
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
    attempt: number,
    mediaLink = false,
    headersMs = this.timeouts.headersMs,
    bodyLimit?: BodyLimit,
  ): Promise<GatewayResponse> {
    const started = Date.now();
    const log = (entry: Partial<RequestLogEntry>) =>
      this.options.onRequest?.({ method, path: logPath, attempt, durationMs: Date.now() - started, ...(mediaLink ? { mediaLink: true } : {}), ...entry });
    let response: DispatchedResponse;
    const proxy = await this.proxyFor(url);
    checkProxyScheme(proxy);
    try {
      response = await dispatchRequest(this.dispatcherFor(proxy, mediaLink), {
        url,
        method,
        headers,
        body,
        signal,
        headersTimeout: headersMs,
        bodyTimeout: this.timeouts.bodyIdleMs,
      });
    } catch (e) {
      const error = await this.failure(e, url, proxy, signal);
      log({ error: error.message });
      throw error;
    }
    const responseHeaders = flattenHeaders(response.headers);
    const requestId = responseHeaders['x-request-id'];
    log({ status: response.statusCode, requestId });
    // A media link may redirect to its storage host; an API call never does (the key must not follow).
    const ok = response.statusCode < 300 || (mediaLink && response.statusCode < 400);
    if (!ok) {
      const text = await readErrorBody(response.body, this.timeouts.errorBodyMs);
      throw errorFromResponse(response.statusCode, text, responseHeaders['content-type'], requestId, retryAfterMs(responseHeaders));
    }
    return wrapResponse(response, responseHeaders, requestId, signal, response.statusCode < 300 ? bodyLimit : undefined);
  }

  private async failure(e: unknown, url: string, proxy: string | undefined, signal: AbortSignal | undefined): Promise<GatewayError> {
    const target = new URL(url);
    const shownProxy = proxy && redactProxy(proxy);
    if (!signal?.aborted && proxy && /Proxy response \(407\)/.test(e instanceof Error ? e.message : '')) {
      return proxyAuthenticationError(shownProxy!, target.origin, this.proxyHasCredentials(proxy), e);
    }
    if (!signal?.aborted && isCertificateError(e)) {
      const proxyUrl = proxy ? new URL(proxy) : undefined;
      const peer =
        proxyUrl && proxyUrl.protocol !== 'http:'
          ? undefined
          : await peekCertificate(target, proxyUrl && { url: proxyUrl, authorization: this.proxyToken(proxy!) });
      return certificateError(e, target.host, shownProxy, peer);
    }
    return toGatewayError(e, signal, describeNetworkError(e, target.origin, shownProxy));
  }

  private proxyHasCredentials(proxy: string): boolean {
    try {
      const url = new URL(proxy);
      return !!(url.username || url.password);
    } catch {
      return false;
    }
  }

  /** The Proxy-Authorization for `proxy`: its own credentials win over http.proxyAuthorization. */
  private proxyToken(proxy: string): string | undefined {
    if (this.proxyHasCredentials(proxy)) {
      const url = new URL(proxy);
      return `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    }
    return this.options.proxyAuthorization?.trim() || undefined;
  }

  /**
   * Media links without a proxy get their own pool, which connects only to
   * the addresses the link's check accepted. Through a proxy, the proxy
   * resolves names: the check judged the name, nothing can be pinned.
   */
  private dispatcherFor(proxy: string | undefined, mediaLink: boolean): Dispatcher {
    const checkedLookup = mediaLink && !proxy;
    const key = proxy ?? (checkedLookup ? 'media-links' : 'direct');
    let dispatcher = this.dispatchers.get(key);
    if (!dispatcher) {
      const trust = {
        ...(this.secureContext ? { secureContext: this.secureContext } : {}),
        ...(this.options.tls?.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
      };
      const connect = { timeout: this.timeouts.connectMs, ...trust, ...(checkedLookup ? { lookup: this.links.lookup } : {}) };
      const common = { connect, keepAliveTimeout: 30_000 };
      if (proxy) {
        const token = this.proxyHasCredentials(proxy) ? undefined : this.options.proxyAuthorization?.trim();
        dispatcher = new ProxyAgent({
          uri: proxy,
          ...common,
          requestTls: { ...trust },
          proxyTls: { ...trust, timeout: this.timeouts.connectMs },
          ...(token ? { token } : {}),
        });
      } else {
        dispatcher = new Agent(common);
      }
      this.dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }
}

/**
 * A link that refuses (expired, bad signature, gone) says nothing about the
 * key, which was not even sent: the error says it is the link.
 */
function linkRefusal(error: unknown): unknown {
  const status = error instanceof GatewayError && error.kind === 'http' ? (error.status ?? 0) : 0;
  if (!(error instanceof GatewayError) || status < 400 || status >= 500 || status === 429) return error;
  return new GatewayError({
    kind: 'http',
    status,
    code: 'media_link_refused',
    requestId: error.requestId,
    message: t('The link to the result was refused: {0}{1}.', error.message.replace(/\.$/, ''), error.code ? ` (${error.code})` : ''),
    cause: error,
  });
}

function wrapResponse(
  response: DispatchedResponse,
  headers: Record<string, string | undefined>,
  requestId: string | undefined,
  signal: AbortSignal | undefined,
  limit?: BodyLimit,
): GatewayResponse {
  if (limit) enforceLimit(response.body, headers, limit, requestId);
  const body = mapBodyErrors(response.body, signal, limit && { maxBytes: limit.maxBytes, error: () => responseLimitError(limit.tooLarge, requestId) });
  const text = async () => {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of body) {
      size += part.byteLength;
      // Leaving the loop lets the body go: the request is aborted, the rest never read.
      if (size > MAX_JSON_BODY_BYTES) {
        throw responseLimitError(
          t("The gateway's response is larger than {0}, the most this extension reads for a JSON answer.", formatBytes(MAX_JSON_BODY_BYTES)),
          requestId,
        );
      }
      parts.push(Buffer.from(part));
    }
    return Buffer.concat(parts, size).toString('utf8');
  };
  return {
    status: response.statusCode,
    headers,
    requestId,
    body,
    text,
    json: async <T>() => {
      const raw = await text();
      try {
        return JSON.parse(raw) as T;
      } catch {
        throw new GatewayError({ kind: 'stream', requestId, message: t('The gateway sent a response that is not valid JSON ({0} bytes).', raw.length) });
      }
    },
  };
}

/**
 * Refuses a body whose Content-Length is above the limit before anything is
 * read, and cuts it at the limit's deadline: destroying the body fails a read
 * waiting on it (and frees the connection) even while a trickle keeps the
 * idle timeout from firing.
 */
function enforceLimit(body: ResponseBody, headers: Record<string, string | undefined>, limit: BodyLimit, requestId: string | undefined): void {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > limit.maxBytes) {
    body.destroy();
    throw responseLimitError(limit.tooLarge, requestId);
  }
  if (limit.deadline === undefined) return;
  const message = limit.tooSlow ?? limit.tooLarge;
  const timer = setTimeout(() => body.destroy(responseLimitError(message, requestId)), Math.max(0, limit.deadline - Date.now()));
  // A body left unread must not keep a process alive until the deadline.
  timer.unref();
  body.onClose(() => clearTimeout(timer));
}

async function* mapBodyErrors(
  body: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
  cap?: { maxBytes: number; error: () => GatewayError },
): AsyncGenerator<Uint8Array> {
  let received = 0;
  try {
    for await (const chunk of body) {
      received += chunk.byteLength;
      // Leaving the loop lets the body go: the request is aborted, the rest never read.
      if (cap && received > cap.maxBytes) throw cap.error();
      yield chunk;
    }
  } catch (e) {
    throw toGatewayError(e, signal, undefined, 'stream');
  }
}

/**
 * The start of an error body: up to MAX_ERROR_BODY_BYTES, read for at most
 * `maxMs`, then the rest is let go (the request aborted), so an endless or
 * dripping body still gives its status and whatever message came.
 */
async function readErrorBody(body: ResponseBody, maxMs: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  const deadline = setTimeout(() => body.destroy(), maxMs);
  try {
    for await (const chunk of body) {
      parts.push(Buffer.from(chunk));
      size += chunk.byteLength;
      if (size >= MAX_ERROR_BODY_BYTES) break;
    }
  } catch {
    // Cut by the deadline or the network: what arrived still says something.
  } finally {
    clearTimeout(deadline);
  }
  return Buffer.concat(parts, size).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8');
}

/** A redirect's body says nothing: it is dropped unread (closing that connection), so an endless one costs nothing. */
async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  await body[Symbol.asyncIterator]().return?.();
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(raw)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(toGatewayError(signal.reason, signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(toGatewayError(signal?.reason, signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
