import { t } from '../l10n/localize';
import { GatewayError } from './errors';

/**
 * Which proxy a request to `targetUrl` goes through: an explicit setting wins;
 * otherwise HTTPS_PROXY / HTTP_PROXY (either case) unless NO_PROXY matches.
 */
export function resolveProxy(targetUrl: string, explicitProxy: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const target = new URL(targetUrl);
  const noProxy = env.NO_PROXY ?? env.no_proxy;
  if (noProxy && matchesNoProxy(target, noProxy)) return undefined;
  if (explicitProxy && explicitProxy.trim()) return explicitProxy.trim();
  const fromEnv = target.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  return fromEnv && fromEnv.trim() ? fromEnv.trim() : undefined;
}

/** NO_PROXY entries: `*`, `host`, `.suffix`, `*.suffix`, `host:port`, IP literals. */
export function matchesNoProxy(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((raw) => {
      const entry = raw.toLowerCase();
      if (entry === '*') return true;
      const [entryHost, entryPort] = splitHostPort(entry);
      if (entryPort && entryPort !== port) return false;
      const bare = entryHost.replace(/^\*?\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
}

function splitHostPort(entry: string): [string, string | undefined] {
  if (entry.startsWith('[')) {
    const end = entry.indexOf(']');
    const rest = entry.slice(end + 1);
    return [entry.slice(1, end), rest.startsWith(':') ? rest.slice(1) : undefined];
  }
  const colons = entry.split(':').length - 1;
  if (colons === 1) {
    const [h, p] = entry.split(':');
    return [h, p];
  }
  return [entry, undefined];
}

/**
 * A proxy that answered 407: it wants credentials, and says where to put
 * them. `hadCredentials`: the proxy URL had some, so they were refused.
 */
export function proxyAuthenticationError(proxy: string, origin: string, hadCredentials: boolean, cause: unknown): GatewayError {
  return new GatewayError({
    kind: 'network',
    status: 407,
    code: 'proxy_authentication_required',
    message: hadCredentials
      ? t(
          'The proxy {0} refused to connect to {1}: it requires authentication (407 Proxy Authentication Required) and did not accept the credentials in the proxy URL. Set VS Code\'s http.proxyAuthorization (e.g. "Basic " and base64 of user:password), or put the credentials in the proxy URL (http://user:password@proxy:port in genaiGateway.proxy or http.proxy).',
          proxy,
          origin,
        )
      : t(
          'The proxy {0} refused to connect to {1}: it requires authentication (407 Proxy Authentication Required). Set VS Code\'s http.proxyAuthorization (e.g. "Basic " and base64 of user:password), or put the credentials in the proxy URL (http://user:password@proxy:port in genaiGateway.proxy or http.proxy).',
          proxy,
          origin,
        ),
    cause,
  });
}

/**
 * Requests tunnel through a proxy with HTTP CONNECT; a SOCKS proxy (from a
 * PAC file's `SOCKS` answer, ALL_PROXY-style settings) would be spoken to in
 * TLS and close the connection without a word, so it is refused up front.
 */
export function checkProxyScheme(proxy: string | undefined): void {
  if (proxy === undefined) return;
  let protocol: string;
  try {
    protocol = new URL(proxy).protocol;
  } catch {
    protocol = '';
  }
  if (protocol === 'http:' || protocol === 'https:') return;
  throw new GatewayError({
    kind: 'validation',
    code: 'unsupported_proxy',
    param: 'proxy',
    message: t(
      'The proxy {0} is not an HTTP proxy: requests can only go through an http:// or https:// proxy (HTTP CONNECT), not SOCKS. Set genaiGateway.proxy to an HTTP proxy, or list the gateway in http.noProxy to reach it directly.',
      redactProxy(proxy),
    ),
  });
}

/** The proxy URL with any password removed, for logs and messages. */
export function redactProxy(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(invalid proxy URL)';
  }
}
