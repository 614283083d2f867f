// The key goes to the configured gateway's API and nowhere else: not to the host a redirect
// names, not with signed media links, not into logs, messages or saved files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GatewayClient } from '../../../src/gateway/client';
import { isGatewayError } from '../../../src/gateway/errors';
import type { RequestLogEntry } from '../../../src/gateway/transport';
import { renderPng } from '../../emulator/media/png';
import { startRecordingServer } from '../../support/recordingServer';
import { clientFixture } from '../client/harness';
import { assertClearMessage } from './clearMessage';
import { ENDPOINTS } from './endpoints';
import { filesUnder } from './leftoverFiles';

const KEY = 'sk-reliability-secret-0123456789';
const REDIRECTS = [301, 302, 303, 307, 308];

test('an API call redirected to another host is not followed: that host never sees the key', async () => {
  const foreign = await startRecordingServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
  let status = 0;
  const gateway = await startRecordingServer((_request, response) => response.writeHead(status, { location: `${foreign.origin}/v1/stolen` }).end());
  const client = new GatewayClient({ baseUrl: `${gateway.origin}/v1`, userAgent: 't', env: {}, getCredential: async () => KEY, retry: { maxAttempts: 1 } });
  try {
    for (status of REDIRECTS) {
      for (const call of [() => client.models.list(), () => client.chat.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })]) {
        await assert.rejects(call(), (error: unknown) => {
          assert.ok(isGatewayError(error) && error.status === status, `HTTP ${status} is reported`);
          assertClearMessage(error.userMessage, `redirect ${status}`, [KEY]);
          return true;
        });
      }
    }
    assert.equal(gateway.seen.length, REDIRECTS.length * 2);
    assert.ok(gateway.seen.every((r) => r.headers.authorization === `Bearer ${KEY}`));
    assert.deepEqual(foreign.seen, [], 'the other host got no request at all');
  } finally {
    await client.close();
    await Promise.all([gateway.close(), foreign.close()]);
  }
});

// Plain http: links are followed to the gateway's own origin only (mediaLinkPolicy.ts): the storage here is on that origin.
test('a signed link redirected to its storage is followed without any credential', async () => {
  const png = renderPng({ width: 8, height: 8, prompt: 'cdn' });
  const gateway = await startRecordingServer((request, response) => {
    if (request.url.startsWith('/storage/')) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else response.writeHead(302, { location: `/storage${request.url}` }).end();
  });
  const client = new GatewayClient({ baseUrl: `${gateway.origin}/v1`, userAgent: 't', env: {}, getCredential: async () => KEY });
  try {
    const parts: Uint8Array[] = [];
    for await (const part of (await client.download(`${gateway.origin}/files/image.png?expires=1&sig=abc`)).body) parts.push(part);
    assert.ok(Buffer.concat(parts).equals(png), 'the image arrived');
    assert.deepEqual(
      gateway.seen.map((r) => r.url),
      ['/files/image.png?expires=1&sig=abc', '/storage/files/image.png?expires=1&sig=abc'],
      'the redirect was followed',
    );
    assert.ok(
      gateway.seen.every((r) => r.headers.authorization === undefined && !JSON.stringify(r).includes(KEY)),
      'no credential with a link',
    );
  } finally {
    await client.close();
    await gateway.close();
  }
});

test('after a run of every endpoint, the key was sent only to the gateway API and is in no log entry, message or file', async () => {
  const log: RequestLogEntry[] = [];
  const fixture = await clientFixture({ apiKey: KEY, taskTiming: { queuedMs: 0, runningMs: 0 } }, { onRequest: (entry) => log.push(entry) });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reliability-secrets-'));
  try {
    for (const make of ENDPOINTS) {
      const endpoint = make();
      const ctx = { fixture, folder: fs.mkdtempSync(path.join(folder, 'endpoint-')) };
      try {
        await endpoint.prepare?.(ctx);
        const outcome = await endpoint.run(ctx);
        assert.ok(outcome.ok, `${endpoint.name}: ${outcome.ok ? '' : outcome.message}`);
      } finally {
        endpoint.dispose?.();
      }
    }
    const requests = fixture.emu.requests;
    for (const request of requests) {
      const sentKey = request.headers.authorization === `Bearer ${KEY}`;
      assert.equal(sentKey, request.path.startsWith('/v1/'), `${request.method} ${request.path}: the key goes with API calls only`);
    }
    assert.ok(
      requests.some((r) => r.path.startsWith('/files/')),
      'media links were downloaded',
    );
    assert.ok(!JSON.stringify(log).includes(KEY), 'no log entry carries the key');
    const files = filesUnder(folder);
    assert.ok(files.length >= 8, `results and sidecars were saved (${files.length})`);
    assert.deepEqual(
      files.filter((file) => fs.readFileSync(path.join(folder, file)).includes(KEY)),
      [],
      'no saved file carries the key',
    );
  } finally {
    await fixture.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
