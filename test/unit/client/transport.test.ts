import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { GatewayClient } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import { clientFixture } from './harness';

const rejectsWith = async (p: Promise<unknown>, check: (e: GatewayError) => void) => {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof GatewayError, `expected GatewayError, got ${String(e)}`);
    check(e);
    return true;
  });
};

test('Bearer key, User-Agent and request ids on every call; logged without secrets', async () => {
  const f = await clientFixture();
  try {
    const models = await f.client.models.list();
    assert.ok(models.length >= 10);
    const seen = f.emu.requests.at(-1)!;
    assert.equal(seen.headers.authorization, `Bearer ${f.emu.apiKey}`);
    assert.match(seen.headers['user-agent'], /^genai-gateway-vscode\/0\.0\.0-test/);
    assert.equal(f.log.at(-1)?.status, 200);
    assert.match(f.log.at(-1)?.requestId ?? '', /\S/);
    assert.ok(!JSON.stringify(f.log).includes(f.emu.apiKey), 'the log entries carry no key');
  } finally {
    await f.close();
  }
});

test('an access token works in the same header; a wrong key gives the 401 advice', async () => {
  const f = await clientFixture();
  try {
    const withToken = new GatewayClient({ baseUrl: f.emu.url, userAgent: 't', env: {}, getCredential: async () => f.emu.accessToken });
    assert.ok((await withToken.models.list()).length > 0);
    await withToken.close();
    const wrong = new GatewayClient({ baseUrl: f.emu.url, userAgent: 't', env: {}, getCredential: async () => 'sk-wrong-key-123' });
    await rejectsWith(wrong.models.list(), (e) => {
      assert.equal(e.status, 401);
      assert.match(e.userMessage, /Set API Key/);
      assert.ok(e.requestId);
      assert.ok(!e.userMessage.includes('sk-wrong-key-123'), 'the key is not echoed');
    });
    await wrong.close();
  } finally {
    await f.close();
  }
});

test('no credential: a clear error before anything is sent', async () => {
  const f = await clientFixture({}, { getCredential: async () => undefined });
  try {
    await rejectsWith(f.client.models.list(), (e) => {
      assert.equal(e.code, 'missing_credential');
      assert.match(e.userMessage, /Set API Key/);
    });
    assert.equal(f.emu.requests.length, 0);
  } finally {
    await f.close();
  }
});

test('5xx bursts are retried for safe requests until success', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ statusBurst: { status: 503, count: 2 }, pathPrefix: '/models' });
    const models = await f.client.models.list();
    assert.ok(models.length > 0);
    assert.equal(f.received('/models'), 3);
    assert.deepEqual(
      f.log.map((l) => l.attempt),
      [0, 1, 2],
    );
  } finally {
    await f.close();
  }
});

test('429 waits for Retry-After before the next attempt', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ statusBurst: { status: 429, count: 1, retryAfter: '1' }, pathPrefix: '/models' });
    const started = Date.now();
    await f.client.models.list();
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.equal(f.received('/models'), 2);
  } finally {
    await f.close();
  }
});

test('insufficient_quota is never retried', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ statusBurst: { status: 429, count: 3, code: 'insufficient_quota' }, pathPrefix: '/models' });
    await rejectsWith(f.client.models.list(), (e) => {
      assert.equal(e.code, 'insufficient_quota');
      assert.match(e.userMessage, /quota/);
    });
    assert.equal(f.received('/models'), 1);
  } finally {
    await f.close();
  }
});

test('attempts are bounded: a persistent 503 ends as an error after maxAttempts', async () => {
  const f = await clientFixture({}, { retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } });
  try {
    f.emu.setFaults({ statusBurst: { status: 503, count: 100 }, pathPrefix: '/models' });
    await rejectsWith(f.client.models.list(), (e) => assert.equal(e.status, 503));
    assert.equal(f.received('/models'), 3);
  } finally {
    await f.close();
  }
});

test('every error body shape shows the server message', async () => {
  const f = await clientFixture({}, { retry: { maxAttempts: 1 } });
  try {
    for (const shape of ['openai', 'vendor', 'fastapi', 'text', 'html'] as const) {
      f.emu.setFaults({ errorBody: shape, errorStatus: shape === 'html' || shape === 'text' ? 502 : 400, pathPrefix: '/models' });
      await rejectsWith(f.client.models.list(), (e) => {
        assert.ok(e.message.length > 3 && !e.message.includes('<'), `${shape}: ${e.message}`);
        assert.ok(e.requestId, `${shape} keeps the request id`);
      });
    }
  } finally {
    await f.close();
  }
});

test('a stopped gateway gives a clear connection message', async () => {
  const port = await freePort();
  const client = new GatewayClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 2, baseDelayMs: 5 },
  });
  await rejectsWith(client.models.list(), (e) => {
    assert.equal(e.kind, 'network');
    assert.match(e.message, /connection refused/);
    assert.match(e.userMessage, /base URL/);
  });
  await client.close();
});

test('headers timeout and idle-body timeout', async () => {
  const f = await clientFixture({}, { timeouts: { headersMs: 300, bodyIdleMs: 300 }, retry: { maxAttempts: 1 } });
  try {
    f.emu.setFaults({ stall: 'before-headers', pathPrefix: '/models' });
    await rejectsWith(f.client.models.list(), (e) => assert.equal(e.kind, 'timeout'));
    f.emu.setFaults({ stall: 'after-headers', pathPrefix: '/models' });
    await rejectsWith(f.client.models.list(), (e) => assert.equal(e.kind, 'timeout'));
  } finally {
    await f.close();
  }
});

test('cancellation aborts the HTTP request', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ latencyMs: 5000, pathPrefix: '/models' });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    await rejectsWith(f.client.models.list(abort.signal), (e) => assert.equal(e.kind, 'aborted'));
    assert.ok(Date.now() - started < 2000);
  } finally {
    await f.close();
  }
});

test('a redirect on an API call is not followed, so the key cannot leave the gateway', async () => {
  const server = net.createServer((socket) => {
    socket.once('data', () =>
      socket.end('HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.2:9/v1/models\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const client = new GatewayClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 1 },
  });
  await rejectsWith(client.models.list(), (e) => assert.equal(e.status, 307));
  await client.close();
  server.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('media links are logged apart from API calls: a refused link says nothing about the key', async () => {
  const f = await clientFixture({}, { retry: { maxAttempts: 1 } });
  try {
    f.emu.setFaults({ expiredUrls: true });
    const image = await f.client.images.generate({ model: 'bytedance-seedream-4', prompt: 'a small red square', size: '512x512', response_format: 'url' });
    await rejectsWith(f.client.download(image.data[0]!.url!), (e) => {
      assert.equal(e.status, 403);
      assert.equal(e.message, 'The link to the result was refused: Request has expired (AccessDenied).');
      assert.match(e.userMessage, /Links to results expire/);
      // The word, not the random request id (which may hold the letters k, e, y).
      assert.doesNotMatch(e.userMessage, /\bkey\b/i);
    });
    assert.deepEqual(
      f.log.map((l) => [l.status, l.mediaLink ?? false]),
      [
        [200, false],
        [403, true],
      ],
    );
  } finally {
    await f.close();
  }
});
