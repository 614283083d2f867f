import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { DEFAULT_RETRY, backoffDelay, isRetryable, nextDelay, retryAfterMs } from '../../../src/gateway/retry';

const http = (status: number, code?: string) => new GatewayError({ kind: 'http', status, code, message: 'x' });
const net = (code: string) => new GatewayError({ kind: 'network', code, message: 'x' });

test('safe requests retry on 429, 500, 502, 503, 504 and connection failures', () => {
  for (const status of [429, 500, 502, 503, 504]) assert.equal(isRetryable(http(status), 'safe'), true, String(status));
  for (const status of [400, 401, 403, 404, 409, 422]) assert.equal(isRetryable(http(status), 'safe'), false, String(status));
  assert.equal(isRetryable(net('ECONNRESET'), 'safe', 'ECONNRESET'), true);
  assert.equal(isRetryable(new GatewayError({ kind: 'timeout', message: 't' }), 'safe'), true);
});

test('paid requests are re-sent only when the gateway provably did not start them', () => {
  assert.equal(isRetryable(http(429), 'paid'), true);
  assert.equal(isRetryable(http(503), 'paid'), true);
  for (const status of [500, 502, 504]) assert.equal(isRetryable(http(status), 'paid'), false, String(status));
  assert.equal(isRetryable(net('ECONNREFUSED'), 'paid', 'ECONNREFUSED'), true);
  assert.equal(isRetryable(net('ECONNRESET'), 'paid', 'ECONNRESET'), false);
  assert.equal(isRetryable(new GatewayError({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', message: 't' }), 'paid', 'UND_ERR_HEADERS_TIMEOUT'), false);
});

test('never: insufficient_quota, validation, aborted, stream, and the never class', () => {
  assert.equal(isRetryable(http(429, 'insufficient_quota'), 'safe'), false);
  assert.equal(isRetryable(new GatewayError({ kind: 'validation', message: 'v' }), 'safe'), false);
  assert.equal(isRetryable(new GatewayError({ kind: 'aborted', message: 'a' }), 'safe'), false);
  assert.equal(isRetryable(new GatewayError({ kind: 'stream', message: 's' }), 'safe'), false);
  assert.equal(isRetryable(http(503), 'never'), false);
});

test('full jitter stays below the capped exponential ceiling', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(
    backoffDelay(0, options, () => 0.999999),
    99,
  );
  assert.equal(
    backoffDelay(3, options, () => 0.5),
    400,
  );
  assert.equal(
    backoffDelay(10, options, () => 0.999999),
    999,
  );
  assert.equal(
    backoffDelay(2, options, () => 0),
    0,
  );
});

test('Retry-After in seconds, as an HTTP date, retry-after-ms and reset durations', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(retryAfterMs({ 'retry-after': '3' }, now), 3000);
  assert.equal(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now), 5000);
  assert.equal(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' }, now), 250);
  assert.equal(retryAfterMs({ 'x-ratelimit-reset-requests': '6m0s' }, now), 360_000);
  assert.equal(retryAfterMs({ 'x-ratelimit-reset-requests': '12ms' }, now), 12);
  assert.equal(retryAfterMs({ 'x-ratelimit-reset-requests': '1.5s' }, now), 1500);
  assert.equal(retryAfterMs({ 'retry-after': 'soon' }, now), undefined);
  assert.equal(retryAfterMs({}, now), undefined);
});

test('the attempt and total-time budgets bound retries; Retry-After wins over backoff', () => {
  const options = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxTotalMs: 5000 };
  const limited = new GatewayError({ kind: 'http', status: 429, retryAfterMs: 2000, message: 'x' });
  assert.equal(nextDelay(limited, 0, 0, options), 2000);
  assert.equal(nextDelay(limited, 0, 3500, options), undefined, 'would end after maxTotalMs');
  assert.equal(nextDelay(http(503), 2, 0, options), undefined, 'third attempt was the last');
  assert.equal(
    nextDelay(http(503), 1, 0, options, () => 0.5),
    100,
  );
});
