// What of GET /v1/models reaches the pickers: a gateway's malformed entries are left out, not
// passed on to break every consumer (the chat's model picker, Select Model, Test Connection,
// VS Code's model picker) with a TypeError about one entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { classifyModel } from '../../../src/gateway/catalog';
import { GatewayClient } from '../../../src/gateway/client';

async function listFrom(body: string): Promise<unknown[]> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new GatewayClient({ baseUrl: `${origin}/v1`, userAgent: 't', env: {}, getCredential: async () => 'k-12345678', retry: { maxAttempts: 1 } });
  try {
    return await client.models.list();
  } finally {
    await client.close();
    server.closeAllConnections();
    server.close();
  }
}

test('model entries without a string id are left out; the others are listed', async () => {
  const data = [{ id: 'gpt-4o', object: 'model' }, null, { id: 7 }, 'kokoro', { id: '' }, { object: 'model' }, { id: { $ne: 1 } }, [], { id: 'kokoro' }];
  const models = await listFrom(JSON.stringify({ object: 'list', data }));
  assert.deepEqual(
    models.map((m) => (m as { id: unknown }).id),
    ['gpt-4o', 'kokoro'],
  );
  // What every picker does with them.
  for (const model of models) classifyModel((model as { id: string }).id);
});

test('a model list that is not an object is an empty list', async () => {
  for (const body of ['null', '"models"', '[]', '{"data": {"id": "x"}}']) assert.deepEqual(await listFrom(body), [], body);
});
