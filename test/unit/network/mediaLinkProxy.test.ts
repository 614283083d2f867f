// Media links through a real CONNECT proxy, which resolves names itself: a gateway's answer linking a
// local name (or a name that resolves here to a local address) is refused before the proxy is asked to
// tunnel to it; hosts on genaiGateway.media.allowedLinkHosts are fetched. The proxy reaches everything:
// its resolver answers every name with loopback, where the media server listens, so a link that got
// through would be fetched (and fail only on the certificate).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import dns from 'node:dns';
import * as https from 'node:https';
import * as net from 'node:net';
import { GatewayClient } from '../../../src/gateway/client';
import type { HostLookup } from '../../../src/gateway/mediaLinkGuard';
import { renderPng } from '../../emulator/media/png';
import { startConnectProxy, type ConnectProxy } from '../../support/connectProxy';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { selfSignedCertificate } from '../../support/testCertificate';
import { refusal } from '../../support/gatewayRefusal';

const PNG = renderPng({ width: 8, height: 8, prompt: 'proxied link' });
const HINT = 'genaiGateway.media.allowedLinkHosts in your user settings';

/** The names the proxy's resolver was asked for. */
const askedByProxy: string[] = [];
const systemLookup = dns.lookup;

before(() => {
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    // Addresses (servers' listen() asks for them) are answered as always.
    if (net.isIP(hostname)) return (systemLookup as (...args: unknown[]) => unknown)(hostname, ...rest);
    askedByProxy.push(hostname);
    const options = (typeof rest[0] === 'object' ? rest[0] : {}) as dns.LookupOptions;
    const callback = rest.at(-1) as (error: null, address: unknown, family?: number) => void;
    process.nextTick(() => (options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)));
  }) as typeof dns.lookup;
});
after(() => {
  dns.lookup = systemLookup;
});

/** This machine's resolver: `sneaky.example.com` leads to loopback, `media.example.com` to the intranet (split DNS); nothing else resolves here. */
const localLookup: HostLookup = async (hostname) => {
  const address = { 'sneaky.example.com': '127.0.0.1', 'media.example.com': '10.1.2.3' }[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

interface Setup {
  proxy: ConnectProxy;
  gateway: RecordingServer;
  mediaPort: number;
  client: GatewayClient;
  /** The URL the gateway answers the next image request with. */
  answer(url: string): void;
  close(): Promise<void>;
}

/** A gateway at `gatewayHost` answering image requests with a link, a media host `mediaHost` serving the PNG over https:, both only through the proxy. */
async function setup(gatewayHost: string, mediaHost: string): Promise<Setup> {
  const proxy = await startConnectProxy();
  let link = '';
  const gateway = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [{ url: link }] }));
  });
  const certificate = selfSignedCertificate(mediaHost);
  const media = https.createServer(certificate, (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  const client = new GatewayClient({
    baseUrl: `http://${gatewayHost}:${new URL(gateway.origin).port}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 1 },
    proxy: proxy.url,
    lookup: localLookup,
    allowedLinkHosts: ['media.example.com'],
    tls: { ca: [certificate.cert] },
  });
  return {
    proxy,
    gateway,
    mediaPort: (media.address() as net.AddressInfo).port,
    client,
    answer: (url) => (link = url),
    close: async () => {
      await client.close();
      await Promise.all([proxy.close(), gateway.close(), new Promise((resolve) => media.close(resolve))]);
      askedByProxy.length = 0;
    },
  };
}

/** The link the gateway answers an image request with, downloaded. */
async function generateAndDownload(s: Setup, link: string): Promise<Buffer> {
  s.answer(link);
  const image = await s.client.images.generate({ model: 'bytedance-seedream-4', prompt: 'a square', size: '512x512', response_format: 'url' });
  const response = await s.client.download(image.data[0]!.url!);
  const parts: Uint8Array[] = [];
  for await (const part of response.body) parts.push(part);
  return Buffer.concat(parts);
}

test('through a proxy, links to localhost, a single-label name, a .corp name, a name resolving here to loopback and a loopback address are refused before the proxy is asked for them', async () => {
  const s = await setup('gateway.example.com', 'media.example.com');
  const gatewayTunnel = `gateway.example.com:${new URL(s.gateway.origin).port}`;
  const named = (name: string, what: string) =>
    `${name} is ${what}, and the gateway is not on such a name or address; to download from it anyway, add ${name} to ${HINT}`;
  // [host, why it is refused]: the link is https://<host>:<the media server's port>/x?sig=secret
  const cases: Array<[string, string]> = [
    ['localhost', named('localhost', 'a loopback name')],
    ['intranet', named('intranet', 'a local network name (a single label, without a domain)')],
    ['hr.intranet.corp', named('hr.intranet.corp', 'a local network name (under .corp)')],
    ['files.example.notapublicsuffix', named('files.example.notapublicsuffix', 'a local network name (.notapublicsuffix is not a public suffix)')],
    [
      'sneaky.example.com',
      `sneaky.example.com resolves to 127.0.0.1, a loopback address (127.0.0.0/8) and the gateway is not on one; to download from it anyway, add sneaky.example.com to ${HINT}`,
    ],
    ['127.0.0.1', 'the link points to a loopback address (127.0.0.0/8) and the gateway is not on one'],
  ];
  try {
    for (const [host, reason] of cases) {
      const link = `https://${host}:${s.mediaPort}/x`;
      const error = await refusal(generateAndDownload(s, `${link}?sig=secret`));
      assert.equal(error.message, `Not downloading ${link}: ${reason}.`);
      assert.equal(error.code, 'unsafe_media_link');
    }
    assert.equal(s.gateway.seen.length, cases.length, 'the gateway answered each time, through the proxy');
    assert.deepEqual(new Set(s.proxy.tunnels), new Set([gatewayTunnel]), 'the proxy tunnelled to the gateway only');
    assert.deepEqual(new Set(askedByProxy), new Set(['gateway.example.com']), "none of the links' names reached the proxy");
  } finally {
    await s.close();
  }
});

test('through a proxy, a host on genaiGateway.media.allowedLinkHosts is downloaded although it resolves here to a private address', async () => {
  const s = await setup('gateway.example.com', 'media.example.com');
  try {
    const image = await generateAndDownload(s, `https://media.example.com:${s.mediaPort}/a.png?sig=1`);
    assert.ok(image.equals(PNG), 'the image arrived');
    assert.ok(s.proxy.tunnels.includes(`media.example.com:${s.mediaPort}`), s.proxy.tunnels.join());
  } finally {
    await s.close();
  }
});

test('through a proxy, a gateway on a local network name may link to other local network names, not to localhost', async () => {
  const s = await setup('genai.intranet.corp', 'files.intranet.corp');
  try {
    const image = await generateAndDownload(s, `https://files.intranet.corp:${s.mediaPort}/a.png?sig=1`);
    assert.ok(image.equals(PNG), 'the image arrived');
    const error = await refusal(generateAndDownload(s, `https://localhost:${s.mediaPort}/x`));
    assert.match(error.message, /localhost is a loopback name, and the gateway is not on such a name or address/);
    assert.equal(error.code, 'unsafe_media_link');
    assert.ok(!s.proxy.tunnels.includes(`localhost:${s.mediaPort}`), s.proxy.tunnels.join());
  } finally {
    await s.close();
  }
});
