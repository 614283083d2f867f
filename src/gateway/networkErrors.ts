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
    return `Could not reach ${origin} through the proxy ${proxy}: ${reason(code, raw)}. Check that the proxy is running and the proxy setting is right.`;
  }
  return `Could not reach ${origin}: ${reason(code, raw)}.`;
}

function reason(code: string | undefined, raw: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connecting timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'no answer in time';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return `TLS certificate problem (${code})`;
    default:
      return raw || code || 'unknown error';
  }
}

/**
 * Any thrown value as a GatewayError. `failureKind` is what a plain network
 * failure counts as: 'network' before the response, 'stream' while reading it.
 */
export function toGatewayError(e: unknown, signal: AbortSignal | undefined, message?: string, failureKind: GatewayErrorKind = 'network'): GatewayError {
  if (e instanceof GatewayError) return e;
  if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) {
    return new GatewayError({ kind: 'aborted', message: 'The request was cancelled.', cause: e });
  }
  const code = networkErrorCode(e);
  if (code && TIMEOUT_CODES.has(code)) {
    const what = code === 'UND_ERR_BODY_TIMEOUT' ? 'The gateway stopped sending data' : 'The gateway did not answer in time';
    return new GatewayError({ kind: 'timeout', code, message: message && code !== 'UND_ERR_BODY_TIMEOUT' ? message : `${what}.`, cause: e });
  }
  const text =
    message ??
    (failureKind === 'stream'
      ? `The connection was closed before the whole answer arrived (${code ?? (e instanceof Error ? e.message : String(e))}).`
      : String(e instanceof Error ? e.message : e));
  return new GatewayError({ kind: failureKind, code, message: text, cause: e });
}
