import { CERTIFICATE_ERROR_CODES } from './certificates';
import { GatewayError } from './errors';

/**
 * How a request may be re-sent.
 *
 * - `safe`: reads (GET, list) and chat completions. Retried on 429, 500, 502,
 *   503, 504 and on any connection failure before response headers.
 * - `paid`: a POST that creates a paid artifact (task, image, video, speech).
 *   Re-sent ONLY when the gateway provably did not start processing it:
 *   the connection was refused (nothing was sent), or the gateway answered
 *   429 (rate limiter, before the handler) or 503 (overloaded, not accepted).
 *   A 500/502/504, a reset or a timeout after sending may mean the work is
 *   already running and billed; re-sending could create a second paid
 *   artifact, so the error goes to the user instead.
 * - `never`: deletes and anything else that must happen at most once.
 */
export type RetryClass = 'safe' | 'paid' | 'never';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Give up when the next wait would end later than this after the first attempt. */
  maxTotalMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000, maxTotalMs: 60_000 };

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
const NOT_PROCESSED_STATUS = new Set([429, 503]);
const NEVER_RETRY_CODES = new Set([
  'insufficient_quota',
  // Asking again gives the same answer: a proxy wanting credentials, a certificate not trusted.
  'proxy_authentication_required',
  ...CERTIFICATE_ERROR_CODES,
]);

/** Network error codes meaning the request never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export function isRetryable(error: GatewayError, retryClass: RetryClass, networkCode?: string): boolean {
  if (retryClass === 'never') return false;
  if (error.kind === 'validation' || error.kind === 'aborted' || error.kind === 'stream') return false;
  if (error.code && NEVER_RETRY_CODES.has(error.code)) return false;
  if (error.kind === 'http') {
    const status = error.status ?? 0;
    return retryClass === 'paid' ? NOT_PROCESSED_STATUS.has(status) : RETRYABLE_STATUS.has(status);
  }
  if (error.kind === 'network' || error.kind === 'timeout') {
    return retryClass === 'safe' || (networkCode !== undefined && NOT_SENT_CODES.has(networkCode));
  }
  return false;
}

/** Exponential backoff with full jitter: a uniform wait in [0, min(max, base * 2^attempt)). */
export function backoffDelay(attempt: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * The server's wait hint in milliseconds: `retry-after-ms`, then
 * `Retry-After` (seconds or an HTTP date), then `x-ratelimit-reset-requests`
 * (durations such as `12ms`, `1.5s`, `6m0s`).
 */
export function retryAfterMs(headers: Record<string, string | undefined>, now: number = Date.now()): number | undefined {
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const after = headers['retry-after']?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.ceil(Number(after) * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers['x-ratelimit-reset-requests'];
  return reset ? parseGoDuration(reset) : undefined;
}

function parseGoDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let matched = '';
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const factor = m[2] === 'h' ? 3_600_000 : m[2] === 'm' ? 60_000 : m[2] === 's' ? 1000 : 1;
    total += Number(m[1]) * factor;
    matched += m[0];
  }
  return matched.length > 0 && matched === text.trim() ? Math.ceil(total) : undefined;
}

/** The wait before the next attempt, or undefined when the budget does not allow another one. */
export function nextDelay(error: GatewayError, attempt: number, elapsedMs: number, options: RetryOptions, random?: () => number): number | undefined {
  if (attempt + 1 >= options.maxAttempts) return undefined;
  const delay = error.retryAfterMs ?? backoffDelay(attempt, options, random);
  return elapsedMs + delay > options.maxTotalMs ? undefined : delay;
}
