import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GatewayError } from '../../../src/gateway/errors';
import { trustedCertificates } from '../../../src/gateway/certificates';
import { Transport, TransportOptions } from '../../../src/gateway/transport';
import { startConnectProxy } from '../../support/connectProxy';
import { certificateSignedByTestCa } from '../../support/testCertificate';

const issued = certificateSignedByTestCa('localhost');
let server: https.Server;
let baseUrl: string;
let dir: string;
let caFile: string;
let requests = 0;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certs-test-'));
  caFile = path.join(dir, 'company-root.pem');
  fs.writeFileSync(caFile, issued.ca);
  server = https.createServer({ key: issued.key, cert: issued.cert }, (_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function list(options: Partial<TransportOptions>): Promise<void> {
  const transport = new Transport({
    baseUrl,
    userAgent: 't',
    getCredential: async () => 'sk-test-0123456789',
    env: {},
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    ...options,
  });
  try {
    await (await transport.send({ method: 'GET', path: '/models', retry: 'safe' })).json();
  } finally {
    await transport.close();
  }
}

const noNodeStore = () => undefined;

test('a gateway whose certificate a company CA signed: a clear error, naming the certificate and the settings that fix it, and no retry', async () => {
  const before = requests;
  const started = Date.now();
  await assert.rejects(
    list({ tls: trustedCertificates({ systemCertificates: true, env: {}, systemBundles: [], nodeSystemStore: noNodeStore }) }),
    (e: unknown) => {
      assert.ok(e instanceof GatewayError);
      assert.equal(e.kind, 'network');
      assert.match(e.message, /^The TLS certificate of 127\.0\.0\.1:\d+ was not accepted: /);
      assert.match(e.message, /subject "CN=localhost", issued by "CN=GenAI Test Root CA, O=GenAI Tests"/);
      assert.match(e.message, /http\.systemCertificates/);
      assert.match(e.message, /NODE_EXTRA_CA_CERTS/);
      assert.doesNotMatch(e.message, /strictSSL|rejectUnauthorized|NODE_TLS_REJECT_UNAUTHORIZED/);
      assert.match(e.code ?? '', /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT/);
      return true;
    },
  );
  assert.equal(requests, before);
  assert.ok(Date.now() - started < 2000, 'not retried');
});

test('the CA in the (injected) OS trust store makes it trusted; with http.systemCertificates off it is not read', async () => {
  const bundle = path.join(dir, 'ca-certificates.crt');
  fs.writeFileSync(bundle, `# a system bundle\n${issued.ca}`);
  const trusted = trustedCertificates({ systemCertificates: true, env: {}, systemBundles: ['/nonexistent/bundle.crt', bundle], nodeSystemStore: noNodeStore });
  assert.match(trusted.sources.join(), /OS trust store: 1 certificates \(.*ca-certificates\.crt\)/);
  assert.ok(trusted.ca!.length > 100, "Node's own roots stay trusted");
  await list({ tls: trusted });
  const off = trustedCertificates({ systemCertificates: false, env: {}, systemBundles: [bundle], nodeSystemStore: noNodeStore });
  assert.equal(off.ca, undefined);
  await assert.rejects(list({ tls: off }), /was not accepted/);
});

test('NODE_EXTRA_CA_CERTS is added to the list (Node drops it as soon as a ca list is given)', async () => {
  const trusted = trustedCertificates({ systemCertificates: true, env: { NODE_EXTRA_CA_CERTS: caFile }, systemBundles: [], nodeSystemStore: noNodeStore });
  assert.match(trusted.sources.join(), /NODE_EXTRA_CA_CERTS: 1 certificate \(/);
  await list({ tls: trusted });
  const missing = trustedCertificates({ systemCertificates: false, env: { NODE_EXTRA_CA_CERTS: path.join(dir, 'nope.pem') }, nodeSystemStore: noNodeStore });
  assert.match(missing.problems.join(), /could not read NODE_EXTRA_CA_CERTS/);
});

test("http.proxyStrictSSL false (the user's explicit choice): not verified", async () => {
  await list({ tls: { rejectUnauthorized: false } });
});

test('through a CONNECT proxy, the error still names the certificate (read over a tunnel) and the proxy; trusted, it works', async () => {
  const proxy = await startConnectProxy();
  try {
    await assert.rejects(list({ proxy: proxy.url }), (e: unknown) => {
      assert.ok(e instanceof GatewayError);
      assert.match(e.message, new RegExp(`reached through the proxy ${proxy.url.replace(/\./g, '\\.')}`));
      assert.match(e.message, /issued by "CN=GenAI Test Root CA/);
      return true;
    });
    await list({ proxy: proxy.url, tls: trustedCertificates({ systemCertificates: false, env: { NODE_EXTRA_CA_CERTS: caFile } }) });
    assert.ok(proxy.tunnels.length >= 2);
  } finally {
    await proxy.close();
  }
});
