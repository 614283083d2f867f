import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestRoute } from '../../../src/gateway/transport';
import { startConnectProxy } from '../../support/connectProxy';
import { clientFixture } from '../client/harness';

/**
 * The key and the secret headers are asked for with the route the request takes, wherever its
 * proxy comes from (the settings, the environment, VS Code's lookup with PAC files), so the
 * plain-HTTP question can name a proxy that no setting of the extension shows.
 */
for (const [where, options] of [
  ['the explicit proxy setting', (url: string) => ({ proxy: url })],
  ['the environment', (url: string) => ({ env: { HTTP_PROXY: url, HTTPS_PROXY: url } })],
  ["VS Code's lookup", (url: string) => ({ resolveProxy: async () => `${url}/` })],
] as const) {
  test(`the credential and the secret headers are told the proxy from ${where}`, async () => {
    const proxy = await startConnectProxy();
    const routes: RequestRoute[] = [];
    const f = await clientFixture(
      {},
      {
        ...options(proxy.url),
        getCredential: async (route) => {
          routes.push(route);
          return f.emu.apiKey;
        },
        getSecretHeaders: async (route) => {
          routes.push(route);
          return { 'X-Tenant-Secret': 'tenant' };
        },
      },
    );
    try {
      assert.ok((await f.client.models.list()).length > 0);
      assert.equal(routes.length, 2);
      for (const route of routes) assert.equal(route.proxy?.replace(/\/$/, ''), proxy.url.replace(/\/$/, ''));
      assert.ok(proxy.tunnels.length > 0, 'the request went through that proxy');
    } finally {
      await f.close();
      await proxy.close();
    }
  });
}

test('a direct request is told no proxy', async () => {
  const routes: RequestRoute[] = [];
  const f = await clientFixture(
    {},
    {
      getCredential: async (route) => {
        routes.push(route);
        return f.emu.apiKey;
      },
    },
  );
  try {
    await f.client.models.list();
    assert.deepEqual(routes, [{ proxy: undefined }]);
  } finally {
    await f.close();
  }
});
