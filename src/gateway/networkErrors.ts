import { t } from '../l10n/localize';
import { GatewayError, GatewayErrorKind } from './errors';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** The low-level code of a failure (ECONNREFUSED, UND_ERR_SOCKET, ...), looking through causes. */
export function networkErrorCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    if (typeof cur === 'object' && cur !== null) {
      const record = cur as { code?: unknown; cause?: unknown };
      if (typeof record.code === 'string') return record.code;
      cur = record.cause;
    } else break;
  }
  return undefined;
}

/** A sentence saying what failed and where, naming the proxy when one is used. */
export function describeNetworkError(e: unknown, origin: string, proxy: string | undefined): string {
  const code = networkErrorCode(e);
  const raw = e instanceof Error ? e.message : String(e);
  if (proxy && (/proxy/i.test(raw) || code === 'ECONNREFUSED' || code === 'ENOTFOUND')) {
    return t(
      'Could not reach {0} through the proxy {1}: {2}. Check that the proxy is running and the proxy setting is right.',
      origin,
      proxy,
      reason(code, raw),
    );
  }
  return t('Could not reach {0}: {1}.', origin, reason(code, raw));
}

function reason(code: string | undefined, raw: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return t('connection refused');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return t('host name not found');
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return t('the connection was closed');
    case 'UND_ERR_CONNECT_TIMEOUT':
      return t('connecting timed out');
    case 'UND_ERR_HEADERS_TIMEOUT':
      return t('no answer in time');
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return t('TLS certificate problem ({0})', code);
    default:
      return raw || code || t('unknown error');
  }
}

/**
 * Any thrown value as a GatewayError. `failureKind` is what a plain network
 * failure counts as: 'network' before the response, 'stream' while reading it.
 */
export function toGatewayError(e: unknown, signal: AbortSignal | undefined, message?: string, failureKind: GatewayErrorKind = 'network'): GatewayError {
  if (e instanceof GatewayError) return e;
  if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) {
    return new GatewayError({ kind: 'aborted', message: t('The request was cancelled.'), cause: e });
  }
  const code = networkErrorCode(e);
  if (code && TIMEOUT_CODES.has(code)) {
    const what = code === 'UND_ERR_BODY_TIMEOUT' ? t('The gateway stopped sending data.') : t('The gateway did not answer in time.');
    return new GatewayError({ kind: 'timeout', code, message: message && code !== 'UND_ERR_BODY_TIMEOUT' ? message : what, cause: e });
  }
  const text =
    message ??
    (failureKind === 'stream'
      ? t('The connection was closed before the whole answer arrived ({0}).', code ?? (e instanceof Error ? e.message : String(e)))
      : String(e instanceof Error ? e.message : e));
  return new GatewayError({ kind: failureKind, code, message: text, cause: e });
}
