// A task id goes into the request path: ".", ".." or an encoded slash would make `delete('..')`
// a POST to the collection (the create endpoint). Such ids are refused before anything is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import { startRecordingServer } from '../../support/recordingServer';
import { clientFixture } from './harness';

const BAD_IDS = ['', '.', '..', '../tasks', 'a/b', 'a\\b', '%2e%2e', '%2E', 'a%2Fb', 'x?y', 'x#y', 'a b', 'x\u0000', 'x\u001b'];

const refused = (param: string) => (e: unknown) => {
  assert.ok(e instanceof GatewayError, String(e));
  assert.equal(e.kind, 'validation');
  assert.equal(e.param, param);
  assert.match(e.message, /allowed: a task id of 1 to 256 letters, digits, "-", "_", "\." and "~", not only dots/);
  return true;
};

test('get, delete and list refuse path-moving task ids before any request', async () => {
  const f = await clientFixture();
  try {
    for (const id of BAD_IDS) {
      await assert.rejects(f.client.tasks.delete(id), refused('task_id'), `delete(${JSON.stringify(id)})`);
      await assert.rejects(f.client.tasks.get(id), refused('task_id'), `get(${JSON.stringify(id)})`);
      await assert.rejects(f.client.tasks.list({ task_ids: ['cgt-20250101120000-abcde', id] }), refused('task_ids[1]'), `list(${JSON.stringify(id)})`);
    }
    assert.deepEqual(
      f.emu.requests.map((r) => `${r.method} ${r.path}`),
      [],
      'nothing reached the gateway',
    );
    assert.deepEqual(f.emu.tasks(), [], 'no task was created');
  } finally {
    await f.close();
  }
});

test('a well-formed id still reaches its task', async () => {
  const f = await clientFixture();
  try {
    const { id } = await f.client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: 'a tree' }] });
    await f.client.tasks.delete(id);
    assert.equal((await f.client.tasks.get(id)).status, 'cancelled');
    assert.deepEqual(
      f.emu.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/contents/generations/tasks', `POST /v1/contents/generations/tasks/${id}`, `GET /v1/contents/generations/tasks/${id}`],
    );
  } finally {
    await f.close();
  }
});

test('a task id the gateway answers with is checked the same way', async () => {
  const gateway = await startRecordingServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":".."}'));
  const client = new GatewayClient({
    baseUrl: `${gateway.origin}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 1 },
  });
  try {
    // An unusable id is no id: the error keeps the raw reply (issue #18: a paid create is never lost silently).
    await assert.rejects(client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: 'a tree' }] }), (e: unknown) => {
      assert.ok(e instanceof GatewayError, String(e));
      assert.equal(e.code, 'task_id_missing');
      assert.match(e.message, /\{"id":"\.\."\}/);
      return true;
    });
  } finally {
    await client.close();
    await gateway.close();
  }
});
