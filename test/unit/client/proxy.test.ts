import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { startConnectProxy } from '../../support/connectProxy';
import { clientFixture } from './harness';

test('with a proxy configured, requests tunnel through it', async () => {
  const proxy = await startConnectProxy();
  const f = await clientFixture({}, { proxy: proxy.url });
  try {
    assert.ok((await f.client.models.list()).length > 0);
    assert.deepEqual(proxy.tunnels, [new URL(f.emu.url).host]);
    assert.equal(f.emu.requests.at(-1)?.headers.authorization, `Bearer ${f.emu.apiKey}`);
  } finally {
    await f.close();
    await proxy.close();
  }
});

test('HTTP_PROXY from the environment is used, and NO_PROXY bypasses it', async () => {
  const proxy = await startConnectProxy();
  const viaEnv = await clientFixture({}, { env: { HTTP_PROXY: proxy.url } });
  const bypass = await clientFixture({}, { env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
  try {
    await viaEnv.client.models.list();
    await bypass.client.models.list();
    assert.deepEqual(proxy.tunnels, [new URL(viaEnv.emu.url).host]);
  } finally {
    await viaEnv.close();
    await bypass.close();
    await proxy.close();
  }
});

test('with the proxy down, the error says so', async () => {
  const proxy = await startConnectProxy();
  const url = proxy.url;
  await proxy.close();
  const f = await clientFixture({}, { proxy: url, retry: { maxAttempts: 1 } });
  try {
    await assert.rejects(f.client.models.list(), (e: unknown) => {
      assert.ok(e instanceof GatewayError);
      assert.equal(e.kind, 'network');
      assert.match(e.message, /through the proxy http:\/\/127\.0\.0\.1:\d+/);
      assert.match(e.message, /proxy is running/);
      return true;
    });
    assert.equal(f.emu.requests.length, 0);
  } finally {
    await f.close();
  }
});
