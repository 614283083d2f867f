/**
 * A PAC file choosing between DIRECT and a proxy, end to end with real parts:
 * the PAC file served over HTTP and run in QuickJS (pac-resolver, as
 * pac-proxy-agent runs it) stands in for Electron's `session.resolveProxy`;
 * the real `@vscode/proxy-agent` (the version code-server 4.139 ships) is wired
 * as VS Code's desktop extension host wires it; the extension takes its
 * `resolveProxyURL` off the module as src/connection/vscodeProxy.ts does and
 * hands it to the transport. Gateways are emulators on 127.0.0.2 and up:
 * the agent answers DIRECT for localhost and 127.0.0.1 without asking the PAC.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectChat } from '../../../src/chat/streamAssembler';
import type { GatewayClient } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import { startEmulator, type Emulator } from '../../emulator';
import { startConnectProxy } from '../../support/connectProxy';
import { pacAnswers, startPacServer } from '../../support/pacServer';
import { wireVscodeProxyAgent } from '../../support/vscodeProxyAgent';
import { gatewayClient } from '../client/harness';

/** A PAC file answering `answers[host]` for the hosts listed and `otherwise` for the rest. */
const pacFile = (answers: Record<string, string>, otherwise = 'DIRECT') => `function FindProxyForURL(url, host) {
  var answers = ${JSON.stringify(answers)};
  return answers.hasOwnProperty(host) ? answers[host] : ${JSON.stringify(otherwise)};
}`;
const via = (proxyUrl: string) => `PROXY ${new URL(proxyUrl).host}`;
const hostOf = (emu: Emulator) => new URL(emu.url).host;
const key = (emu: Emulator) => `Bearer ${emu.apiKey}`;

async function listModels(client: GatewayClient): Promise<void> {
  try {
    assert.ok((await client.models.list()).length > 0);
  } finally {
    await client.close();
  }
}

test('PAC: the DIRECT gateway never touches the proxy, the proxied one tunnels through it, chat streaming included', async () => {
  const proxy = await startConnectProxy();
  const direct = await startEmulator({ host: '127.0.0.2' });
  const proxied = await startEmulator({ host: '127.0.0.3', chunkChars: 3 });
  const pac = await startPacServer(pacFile({ '127.0.0.3': via(proxy.url) }));
  try {
    const { resolver } = wireVscodeProxyAgent(pacAnswers(pac.url));
    assert.equal(await resolver(direct.url), undefined);
    assert.equal(await resolver(proxied.url), proxy.url);

    await listModels(gatewayClient(direct, { resolveProxy: resolver }));
    assert.deepEqual(proxy.tunnels, [], 'nothing to the direct gateway went through the proxy');
    assert.equal(direct.requests.at(-1)?.headers.authorization, key(direct));

    const client = gatewayClient(proxied, { resolveProxy: resolver });
    try {
      assert.equal(await client.proxyFor(), proxy.url);
      assert.ok((await client.models.list()).length > 0);
      const stream = await client.chat.stream(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello through the proxy' }] },
        { includeUsage: true },
      );
      const message = await collectChat(stream.chunks);
      assert.ok(message.content && message.content.length > 3);
      assert.equal(message.finishReason, 'stop');
    } finally {
      await client.close();
    }
    assert.ok(proxy.tunnels.length >= 1);
    assert.deepEqual(new Set(proxy.tunnels), new Set([hostOf(proxied)]), 'the proxy carried only the proxied gateway');
    assert.deepEqual(
      proxied.requests.map((r) => r.path),
      ['/v1/models', '/v1/chat/completions'],
    );
    assert.ok(proxied.requests.every((r) => r.headers.authorization === key(proxied)));
    assert.deepEqual(
      direct.requests.map((r) => r.path),
      ['/v1/models'],
    );
  } finally {
    await Promise.all([pac.close(), proxy.close(), direct.close(), proxied.close()]);
  }
});

test('PAC: a changed answer applies to origins not looked up yet; one already looked up keeps its answer until VS Code restarts', async () => {
  const proxy = await startConnectProxy();
  const first = await startEmulator({ host: '127.0.0.2' });
  const later = await startEmulator({ host: '127.0.0.4' });
  const pac = await startPacServer(pacFile({}));
  try {
    const systemProxy = pacAnswers(pac.url);
    const vscodeHost = wireVscodeProxyAgent(systemProxy);
    const client = gatewayClient(first, { resolveProxy: vscodeHost.resolver });
    try {
      assert.ok((await client.models.list()).length > 0);
      assert.equal(pac.fetches, 1);

      pac.script = pacFile({ '127.0.0.2': via(proxy.url), '127.0.0.4': via(proxy.url) });
      // The transport asks once per origin for the client's lifetime (a client lives until the connection settings change).
      assert.ok((await client.models.list()).length > 0);
      assert.equal(pac.fetches, 1, 'the same client does not ask again');
    } finally {
      await client.close();
    }
    // A new client (settings changed) asks again, but the proxy agent answers from its cache per scheme://host:port:
    // DIRECT is cached like a proxy, until the network interfaces change (checked every 300 s) or the extension host restarts.
    await listModels(gatewayClient(first, { resolveProxy: vscodeHost.resolver }));
    assert.equal(pac.fetches, 1, 'the proxy agent answered from its cache');
    assert.deepEqual(proxy.tunnels, []);

    // An origin not looked up before gets the PAC file's new answer.
    await listModels(gatewayClient(later, { resolveProxy: vscodeHost.resolver }));
    assert.equal(pac.fetches, 2);
    assert.deepEqual(proxy.tunnels, [hostOf(later)]);

    // A restarted extension host (Reload Window) asks the PAC file again for the first origin too.
    const restarted = wireVscodeProxyAgent(systemProxy);
    await listModels(gatewayClient(first, { resolveProxy: restarted.resolver }));
    assert.equal(pac.fetches, 3);
    assert.deepEqual(proxy.tunnels, [hostOf(later), hostOf(first)]);
    assert.equal(first.requests.length, 4);
    assert.ok(first.requests.every((r) => r.headers.authorization === key(first)));
  } finally {
    await Promise.all([pac.close(), proxy.close(), first.close(), later.close()]);
  }
});

test('PAC: "PROXY a; DIRECT" uses proxy a only; with a down, the request fails naming a, never falls back to DIRECT', async () => {
  const up = await startConnectProxy();
  const gone = await startConnectProxy();
  const goneUrl = gone.url;
  await gone.close();
  const viaUp = await startEmulator({ host: '127.0.0.2' });
  const viaGone = await startEmulator({ host: '127.0.0.3' });
  const pac = await startPacServer(pacFile({ '127.0.0.2': `${via(up.url)}; DIRECT`, '127.0.0.3': `${via(goneUrl)}; DIRECT` }));
  try {
    const { resolver } = wireVscodeProxyAgent(pacAnswers(pac.url));
    assert.equal(await resolver(viaUp.url), up.url);
    assert.equal(await resolver(viaGone.url), goneUrl);

    await listModels(gatewayClient(viaUp, { resolveProxy: resolver }));
    assert.deepEqual(up.tunnels, [hostOf(viaUp)]);

    const client = gatewayClient(viaGone, { resolveProxy: resolver, retry: { maxAttempts: 1 } });
    try {
      await assert.rejects(client.models.list(), (e: unknown) => {
        assert.ok(e instanceof GatewayError);
        assert.equal(e.kind, 'network');
        assert.ok(e.message.includes(`through the proxy ${goneUrl}`), e.message);
        return true;
      });
    } finally {
      await client.close();
    }
    assert.equal(viaGone.requests.length, 0, 'no DIRECT fallback');
  } finally {
    await Promise.all([pac.close(), up.close(), viaUp.close(), viaGone.close()]);
  }
});

// Electron (Chromium) itself answers DIRECT for a PAC file it cannot download or run; here the system lookup
// rejects instead, the harder case: what VS Code's agent does when its lookup fails.
test('a failed PAC lookup: DIRECT when nothing was looked up before; else the agent falls back to a proxy it had cached; the key goes only to the gateway', async () => {
  const proxy = await startConnectProxy();
  const proxied = await startEmulator({ host: '127.0.0.3' });
  const gateway = await startEmulator({ host: '127.0.0.2' });
  const pac = await startPacServer(pacFile({ '127.0.0.3': via(proxy.url) }));
  const pacUrl = pac.url;
  try {
    // Nothing cached: the failed lookup leaves the connection DIRECT.
    await pac.close();
    const fresh = wireVscodeProxyAgent(pacAnswers(pacUrl));
    await listModels(gatewayClient(gateway, { resolveProxy: fresh.resolver }));
    assert.equal(fresh.errors.length, 1);
    assert.match(fresh.errors[0], /ProxyResolver#resolveProxy/);
    assert.deepEqual(proxy.tunnels, []);
    assert.equal(gateway.requests.at(-1)?.headers.authorization, key(gateway));

    // After a lookup that named a proxy (for another gateway), a failed lookup falls back to that proxy
    // ("fall back to any proxy", VS Code issue 122825): the key still goes only to the gateway, through that tunnel.
    const pacAgain = await startPacServer(pacFile({ '127.0.0.3': via(proxy.url) }));
    let pacUp = true;
    const flaky = pacAnswers(pacAgain.url);
    const vscodeHost = wireVscodeProxyAgent((url) => (pacUp ? flaky(url) : Promise.reject(new Error('PAC file unreachable'))));
    try {
      await listModels(gatewayClient(proxied, { resolveProxy: vscodeHost.resolver }));
      pacUp = false;
      await listModels(gatewayClient(gateway, { resolveProxy: vscodeHost.resolver }));
    } finally {
      await pacAgain.close();
    }
    assert.equal(vscodeHost.errors.length, 1);
    assert.deepEqual(proxy.tunnels, [hostOf(proxied), hostOf(gateway)]);
    assert.deepEqual(
      [...proxied.requests, ...gateway.requests].map((r) => r.headers.authorization),
      [key(proxied), key(gateway), key(gateway)],
    );
  } finally {
    await Promise.all([proxy.close(), proxied.close(), gateway.close()]);
  }
});
