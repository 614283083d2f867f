import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { clientFixture } from '../client/harness';

/**
 * VS Code's lookup hands a PAC file's `SOCKS host:port` answer on as socks://host:port. The
 * transport only speaks HTTP CONNECT (Node's client would greet a SOCKS proxy in TLS and get the
 * connection closed without a word), so such a proxy is refused before the key is even asked for.
 */
for (const proxy of ['socks://127.0.0.1:1080', 'socks5://user:pw@127.0.0.1:1080']) {
  test(`a SOCKS proxy (${proxy.split(':')[0]}) is refused up front, naming it without its password and what to set`, async () => {
    let asked = 0;
    const f = await clientFixture(
      {},
      {
        resolveProxy: async () => proxy,
        getCredential: async () => {
          asked++;
          return f.emu.apiKey;
        },
      },
    );
    try {
      await assert.rejects(f.client.models.list(), (e: unknown) => {
        assert.ok(e instanceof GatewayError);
        assert.equal(e.code, 'unsupported_proxy');
        assert.match(e.message, /^The proxy socks5?:\/\/(user:\*\*\*@)?127\.0\.0\.1:1080\/? is not an HTTP proxy/);
        assert.match(e.message, /genaiGateway\.proxy/);
        assert.match(e.message, /http\.noProxy/);
        assert.ok(!e.message.includes(':pw@'), 'the password is not shown');
        return true;
      });
      assert.equal(asked, 0, 'the key was not asked for');
      assert.equal(f.emu.requests.length, 0);
    } finally {
      await f.close();
    }
  });
}
