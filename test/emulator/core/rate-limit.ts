/** Requests per minute over a sliding window, with the OpenAI-style rate-limit headers. */

import { ApiError } from './errors';

const WINDOW_MS = 60_000;

export class RateLimiter {
  private stamps: number[] = [];

  /** Counts one request; returns the headers to send with it, or throws a 429 when over `limit`. */
  admit(limit: number | undefined, now = Date.now()): Record<string, string> {
    if (limit === undefined) return {};
    this.stamps = this.stamps.filter((t) => now - t < WINDOW_MS);
    const oldest = this.stamps[0];
    if (this.stamps.length >= limit && oldest !== undefined) {
      const waitMs = oldest + WINDOW_MS - now;
      throw new ApiError(
        429,
        `Rate limit reached for requests. Limit: ${limit} / min. Used: ${this.stamps.length}. Please try again in ${formatDuration(waitMs)}.`,
        'rate_limit_exceeded',
        null,
        'requests',
        {
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
          'retry-after-ms': String(Math.max(1, waitMs)),
          ...limitHeaders(limit, 0, waitMs),
        },
      );
    }
    this.stamps.push(now);
    const resetMs = (this.stamps[0] ?? now) + WINDOW_MS - now;
    return limitHeaders(limit, limit - this.stamps.length, resetMs);
  }
}

function limitHeaders(limit: number, remaining: number, resetMs: number): Record<string, string> {
  return {
    'x-ratelimit-limit-requests': String(limit),
    'x-ratelimit-remaining-requests': String(Math.max(0, remaining)),
    'x-ratelimit-reset-requests': formatDuration(resetMs),
  };
}

/** Durations as the real headers write them: `12ms`, `1.5s`, `6m0s`. */
function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(3))}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${Math.round(seconds - minutes * 60)}s`;
}
