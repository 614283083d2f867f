// Media links (and their redirects) are checked before anything connects: https: only (plain
// http: to the gateway's own origin), no local or metadata address unless the gateway is on one
// too. Everything here stays on loopback: public and intranet names resolve through a stub, and
// the tripwire stops (and records) any connection elsewhere and any use of the system resolver.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { GatewayClient } from '../../../src/gateway/client';
import type { HostLookup } from '../../../src/gateway/mediaLinkGuard';
import { renderPng } from '../../emulator/media/png';
import { installTripwire } from '../../support/networkTripwire';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { selfSignedCertificate } from '../../support/testCertificate';
import { clientFixture } from './harness';
import { refusal } from '../../support/gatewayRefusal';

const tripwire = installTripwire();
after(() => tripwire.restore());

const PNG = renderPng({ width: 8, height: 8, prompt: 'link' });

/** A resolver from a table; an entry may depend on how often the name was asked for (1, 2, ...). */
function stubDns(table: Record<string, string[] | ((call: number) => string[])>): { lookup: HostLookup; calls: string[] } {
  const calls: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    calls.push(hostname);
    const entry = table[hostname];
    const addresses = typeof entry === 'function' ? entry(calls.filter((name) => name === hostname).length) : entry;
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  };
  return { lookup, calls };
}

const clientAt = (baseUrl: string, lookup: HostLookup, proxy?: string) =>
  new GatewayClient({ baseUrl, userAgent: 't', env: {}, getCredential: async () => 'k-12345678', retry: { maxAttempts: 1 }, lookup, proxy });

async function body(response: { body: AsyncIterable<Uint8Array> }): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of response.body) parts.push(part);
  return Buffer.concat(parts);
}

/** Serves the PNG at /storage/…, and redirects /files/… there. */
const storageServer = (): Promise<RecordingServer> =>
  startRecordingServer((request, response) => {
    if (request.url.startsWith('/storage/')) response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else response.writeHead(302, { location: `/storage${request.url}` }).end();
  });

test("a public gateway's links to metadata, link-local, private, loopback or plain http addresses are refused before any connection", async () => {
  const bystander = await storageServer();
  const port = new URL(bystander.origin).port;
  const dns = stubDns({
    'gateway.example.com': ['203.0.113.10'],
    'intranet.example.com': ['192.168.1.10'],
    'mixed.example.com': ['198.51.100.7', '10.0.0.1'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
  });
  const client = clientAt('https://gateway.example.com/v1', dns.lookup);
  const cases: Array<[string, string]> = [
    [
      'http://169.254.169.254/latest/meta-data/?token=secret',
      'http://169.254.169.254/latest/meta-data/: the link points to a cloud metadata address (169.254.169.254), which is never downloaded from',
    ],
    ['http://169.254.1.1/latest', 'http://169.254.1.1/latest: the link points to a link-local address (169.254.0.0/16) and the gateway is not on one'],
    ['http://10.0.0.1/x', 'http://10.0.0.1/x: the link points to a private address (10.0.0.0/8) and the gateway is not on one'],
    ['https://172.16.5.4/x?sig=secret', 'https://172.16.5.4/x: the link points to a private address (172.16.0.0/12) and the gateway is not on one'],
    ['https://100.64.1.2/x', 'https://100.64.1.2/x: the link points to a private (carrier-grade NAT) address (100.64.0.0/10) and the gateway is not on one'],
    [
      `http://127.0.0.1:${port}/files/a.png?sig=secret`,
      `http://127.0.0.1:${port}/files/a.png: the link points to a loopback address (127.0.0.0/8) and the gateway is not on one`,
    ],
    [
      `https://[::ffff:127.0.0.1]:${port}/a.png`,
      `https://[::ffff:7f00:1]:${port}/a.png: the link points to a loopback address (127.0.0.0/8) in IPv4-mapped IPv6 form (127.0.0.1) and the gateway is not on one`,
    ],
    [`https://2130706433:${port}/a.png`, `https://127.0.0.1:${port}/a.png: the link points to a loopback address (127.0.0.0/8) and the gateway is not on one`],
    [`https://0x7f.0.0.1:${port}/a.png`, `https://127.0.0.1:${port}/a.png: the link points to a loopback address (127.0.0.0/8) and the gateway is not on one`],
    ['https://[fe80::1]/x', 'https://[fe80::1]/x: the link points to a link-local address (fe80::/10) and the gateway is not on one'],
    [
      'https://[fd00:ec2::254]/latest',
      'https://[fd00:ec2::254]/latest: the link points to a cloud metadata address (fd00:ec2::254), which is never downloaded from',
    ],
    [
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata.google.internal/computeMetadata/v1/: the link points to a cloud metadata host (metadata.google.internal), which is never downloaded from',
    ],
    [
      'http://cdn.example.com/a.png',
      "http://cdn.example.com/a.png: only https: links are downloaded (plain http: only from the gateway's own origin, https://gateway.example.com)",
    ],
    [
      'ftp://cdn.example.com/a.png',
      "ftp://cdn.example.com/a.png: only https: links are downloaded (plain http: only from the gateway's own origin, https://gateway.example.com)",
    ],
    [
      'https://intranet.example.com/a.png',
      'https://intranet.example.com/a.png: intranet.example.com resolves to 192.168.1.10, a private address (192.168.0.0/16) and the gateway is not on one',
    ],
    [
      'https://mixed.example.com/a.png',
      'https://mixed.example.com/a.png: mixed.example.com resolves to 10.0.0.1, a private address (10.0.0.0/8) and the gateway is not on one',
    ],
    [
      'https://mapped.example.com/a.png',
      'https://mapped.example.com/a.png: mapped.example.com resolves to ::ffff:169.254.169.254, a cloud metadata address (169.254.169.254) in IPv4-mapped IPv6 form (169.254.169.254), which is never downloaded from',
    ],
  ];
  try {
    for (const [link, expected] of cases) {
      const error = await refusal(client.download(link));
      assert.equal(error.message, `Not downloading ${expected}.`, link);
      assert.equal(error.kind, 'validation');
      assert.equal(error.code, 'unsafe_media_link');
      assert.doesNotMatch(error.userMessage, /secret/, 'no query string in the message');
    }
    assert.deepEqual(tripwire.connections, [], 'no connection was attempted');
    assert.deepEqual(tripwire.violations, []);
    assert.deepEqual(bystander.seen, []);
    assert.deepEqual(
      dns.calls,
      ['gateway.example.com', 'intranet.example.com', 'mixed.example.com', 'mapped.example.com'],
      'names looked up once, and only those that needed it',
    );
  } finally {
    await client.close();
    await bystander.close();
    tripwire.connections.length = 0;
  }
});

test('the connection goes to the address that was checked: one lookup per hop, none by the connection itself', async () => {
  const server = await storageServer();
  const port = new URL(server.origin).port;
  const dns = stubDns({ 'gateway.example.test': ['127.0.0.1'] });
  const client = clientAt(`http://gateway.example.test:${port}/v1`, dns.lookup);
  try {
    const response = await client.download(`http://gateway.example.test:${port}/files/a.png?sig=1`);
    assert.ok((await body(response)).equals(PNG), 'the image arrived through the redirect');
    assert.deepEqual(
      server.seen.map((r) => r.url),
      ['/files/a.png?sig=1', '/storage/files/a.png?sig=1'],
    );
    assert.deepEqual(dns.calls, ['gateway.example.test', 'gateway.example.test', 'gateway.example.test'], 'the gateway, then each hop');
    assert.ok(tripwire.connections.length > 0 && tripwire.connections.every((a) => a === '127.0.0.1'), tripwire.connections.join());
    assert.deepEqual(tripwire.violations, [], 'the system resolver was never asked');
  } finally {
    await client.close();
    await server.close();
    tripwire.connections.length = 0;
  }
});

test('a name that resolves elsewhere at the next hop (DNS rebinding) is refused there', async () => {
  const server = await storageServer();
  const port = new URL(server.origin).port;
  const dns = stubDns({ 'gateway.example.test': (call) => (call <= 2 ? ['127.0.0.1'] : ['10.0.0.1']) });
  const client = clientAt(`http://gateway.example.test:${port}/v1`, dns.lookup);
  try {
    const error = await refusal(client.download(`http://gateway.example.test:${port}/files/a.png?sig=1`));
    assert.equal(
      error.message,
      `Not downloading http://gateway.example.test:${port}/storage/files/a.png: gateway.example.test resolves to 10.0.0.1, a private address (10.0.0.0/8) and the gateway is not on one.`,
    );
    assert.deepEqual(
      server.seen.map((r) => r.url),
      ['/files/a.png?sig=1'],
      'only the first hop was fetched',
    );
    assert.deepEqual(tripwire.violations, []);
  } finally {
    await client.close();
    await server.close();
    tripwire.connections.length = 0;
  }
});

test("a redirect from https: down to plain http: is refused, even to the gateway's own origin", async () => {
  const gateway = await storageServer();
  const gatewayPort = new URL(gateway.origin).port;
  const secure = https.createServer(selfSignedCertificate('media.example.test'), (_request, response) => {
    response.writeHead(302, { location: `http://gateway.example.test:${gatewayPort}/storage/a.png` }).end();
  });
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  const securePort = (secure.address() as net.AddressInfo).port;
  const dns = stubDns({ 'gateway.example.test': ['127.0.0.1'], 'media.example.test': ['127.0.0.1'] });
  const client = clientAt(`http://gateway.example.test:${gatewayPort}/v1`, dns.lookup);
  // The certificate is self-signed: trusted for this test only.
  const verification = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    const error = await refusal(client.download(`https://media.example.test:${securePort}/files/a.png?sig=1`));
    assert.equal(
      error.message,
      `Not downloading http://gateway.example.test:${gatewayPort}/storage/a.png: it is a redirect from https: (https://media.example.test:${securePort}) down to plain http:.`,
    );
    assert.deepEqual(gateway.seen, [], 'the http: address got nothing');
    assert.deepEqual(dns.calls, ['gateway.example.test', 'media.example.test']);
    assert.deepEqual(tripwire.connections, ['127.0.0.1'], 'the one https: connection, to the checked address');
    assert.deepEqual(tripwire.violations, []);
  } finally {
    if (verification === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = verification;
    await client.close();
    await gateway.close();
    await new Promise((resolve) => secure.close(resolve));
    tripwire.connections.length = 0;
  }
});

test('the emulator on loopback: its own links download; plain http: elsewhere on loopback and intranet addresses are refused', async () => {
  const f = await clientFixture({}, { retry: { maxAttempts: 1 } });
  const elsewhere = await storageServer();
  try {
    const image = await f.client.images.generate({ model: 'bytedance-seedream-4', prompt: 'a small red square', size: '512x512', response_format: 'url' });
    assert.equal((await body(await f.client.download(image.data[0]!.url!))).subarray(1, 4).toString('latin1'), 'PNG');
    const origin = new URL(f.emu.url).origin;
    const other = await refusal(f.client.download(`${elsewhere.origin}/files/a.png`));
    assert.equal(
      other.message,
      `Not downloading ${elsewhere.origin}/files/a.png: only https: links are downloaded (plain http: only from the gateway's own origin, ${origin}).`,
    );
    const intranet = await refusal(f.client.download('https://10.0.0.1/a.png'));
    assert.match(intranet.message, /a private address \(10\.0\.0\.0\/8\) and the gateway is not on one\.$/);
    assert.deepEqual(elsewhere.seen, []);
    assert.deepEqual(tripwire.violations, []);
  } finally {
    await f.close();
    await elsewhere.close();
    tripwire.connections.length = 0;
  }
});

test('through a proxy, a public name that does not resolve here is left to the proxy; literal hosts are still checked', async () => {
  const tunnels: string[] = [];
  const proxy = http.createServer();
  proxy.on('connect', (request: http.IncomingMessage, socket: net.Socket) => {
    tunnels.push(request.url ?? '');
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const dns = stubDns({});
  const client = clientAt('https://gateway.example.com/v1', dns.lookup, `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`);
  try {
    const literal = await refusal(client.download('https://10.0.0.1/a.png'));
    assert.equal(literal.code, 'unsafe_media_link');
    const named = await refusal(client.download('https://intranet.example.com/a.png'));
    assert.notEqual(named.code, 'unsafe_media_link', 'the name went to the proxy');
    assert.deepEqual(tunnels, ['intranet.example.com:443']);
    assert.deepEqual(dns.calls, ['gateway.example.com', 'intranet.example.com'], 'asked here, and not resolving here refused nothing');
    assert.ok(
      tripwire.connections.every((a) => a === '127.0.0.1'),
      'only the proxy was connected to',
    );
    assert.deepEqual(tripwire.violations, []);
  } finally {
    await client.close();
    await new Promise((resolve) => proxy.close(resolve));
    tripwire.connections.length = 0;
  }
});
