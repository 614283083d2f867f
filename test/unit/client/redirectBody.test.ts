// A signed link whose redirect response never ends its body: the redirect is followed at once
// (its body is dropped unread), not after reading an endless body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayClient } from '../../../src/gateway/client';

test("a redirect's endless body is not read: the download follows the redirect at once", async () => {
  let dripping: NodeJS.Timeout | undefined;
  const server = http.createServer((req, res) => {
    if (req.url === '/files/moved') {
      res.writeHead(302, { location: '/files/here' });
      dripping = setInterval(() => res.write('x'.repeat(1024)), 5);
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new GatewayClient({ baseUrl: `${origin}/v1`, userAgent: 't', env: {}, getCredential: async () => 'k-12345678', retry: { maxAttempts: 1 } });
  try {
    const started = Date.now();
    const response = await client.download(`${origin}/files/moved`, AbortSignal.timeout(5000));
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'done');
    assert.ok(Date.now() - started < 2000, `followed in ${Date.now() - started} ms`);
  } finally {
    clearInterval(dripping);
    await client.close();
    server.closeAllConnections();
    server.close();
  }
});
