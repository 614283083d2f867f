import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { startConnectProxy } from '../../support/connectProxy';
import { clientFixture } from '../client/harness';

const BASIC = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;

test('a proxy answering 407: an error naming the proxy and what to set; not retried', async () => {
  const proxy = await startConnectProxy({ requireAuthorization: BASIC });
  const f = await clientFixture({}, { proxy: proxy.url });
  try {
    await assert.rejects(f.client.models.list(), (e: unknown) => {
      assert.ok(e instanceof GatewayError);
      assert.equal(e.code, 'proxy_authentication_required');
      assert.match(
        e.message,
        new RegExp(`The proxy ${proxy.url.replace(/\./g, '\\.')}/? refused to connect to http://127\\.0\\.0\\.1:\\d+: it requires authentication \\(407`),
      );
      assert.match(e.message, /http\.proxyAuthorization/);
      assert.match(e.message, /credentials in the proxy URL/);
      return true;
    });
    assert.equal(proxy.authorizations.length, 1, 'not retried');
    assert.equal(f.emu.requests.length, 0);
  } finally {
    await f.close();
    await proxy.close();
  }
});

test('http.proxyAuthorization is sent on CONNECT; credentials in the proxy URL work too and win', async () => {
  const proxy = await startConnectProxy({ requireAuthorization: BASIC });
  const withSetting = await clientFixture({}, { proxy: proxy.url, proxyAuthorization: BASIC });
  const inUrl = await clientFixture({}, { proxy: proxy.url.replace('http://', 'http://alice:s3cret@'), proxyAuthorization: 'Basic d3Jvbmc=' });
  const wrongInUrl = await clientFixture({}, { proxy: proxy.url.replace('http://', 'http://alice:nope@') });
  try {
    assert.ok((await withSetting.client.models.list()).length > 0);
    assert.ok((await inUrl.client.models.list()).length > 0);
    await assert.rejects(wrongInUrl.client.models.list(), /did not accept the credentials in the proxy URL/);
    assert.deepEqual(proxy.authorizations.slice(0, 2), [BASIC, BASIC]);
  } finally {
    await withSetting.close();
    await inUrl.close();
    await wrongInUrl.close();
    await proxy.close();
  }
});

test('http.noProxy entries bypass the proxy like NO_PROXY', async () => {
  const proxy = await startConnectProxy();
  const f = await clientFixture({}, { env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url }, noProxy: ['localhost', '127.0.0.1'] });
  try {
    await f.client.models.list();
    assert.deepEqual(proxy.tunnels, []);
  } finally {
    await f.close();
    await proxy.close();
  }
});

test("a proxy resolver (VS Code's, with PAC) is asked once per origin; DIRECT and a proxy both work", async () => {
  const proxy = await startConnectProxy();
  const asked: string[] = [];
  const viaResolver = await clientFixture(
    {},
    {
      env: { HTTP_PROXY: 'http://127.0.0.1:9' },
      resolveProxy: async (url) => {
        asked.push(url);
        return proxy.url;
      },
    },
  );
  const direct = await clientFixture({}, { resolveProxy: async () => undefined });
  try {
    await viaResolver.client.models.list();
    await viaResolver.client.models.list();
    assert.equal(asked.length, 1, 'cached per origin');
    assert.match(asked[0], /^http:\/\/127\.0\.0\.1:\d+\/v1/);
    assert.ok(proxy.tunnels.length >= 1 && proxy.tunnels.every((t) => t === new URL(viaResolver.emu.url).host));
    const tunnels = proxy.tunnels.length;
    await direct.client.models.list();
    assert.equal(proxy.tunnels.length, tunnels, 'DIRECT: no tunnel');
  } finally {
    await viaResolver.close();
    await direct.close();
    await proxy.close();
  }
});
