/** Issue #18, point 3: create replies other than `{"id"}` are understood; a reply without an id is shown, not lost. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { createdTaskId } from '../../../src/gateway/tasks';
import { clientFixture } from '../client/harness';

const PRO = 'seedance-1-0-pro-250528';
const request = { model: PRO, content: [{ type: 'text' as const, text: 'a kite over the sea' }] };

for (const shape of ['id', 'task_id', 'data.id'] as const) {
  test(`tasks.create reads the task id from a {"${shape}"} reply and the task can be polled`, async () => {
    const f = await clientFixture({ faults: { taskCreateReply: shape } });
    try {
      const created = await f.client.tasks.create(request);
      assert.match(created.id, /^cgt-/);
      assert.ok(created.requestId);
      assert.equal((await f.client.tasks.get(created.id)).id, created.id);
      assert.equal(f.received('/contents/generations/tasks'), 2, 'one create, one get: nothing re-sent');
    } finally {
      await f.close();
    }
  });
}

test('a create reply without any id is an error holding the raw reply and request id; not re-sent', async () => {
  const f = await clientFixture({ faults: { taskCreateReply: 'none' } });
  try {
    const error = await f.client.tasks.create(request).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof GatewayError);
    assert.equal(error.code, 'task_id_missing');
    assert.match(error.message, /"status":"submitted"/);
    assert.ok(error.requestId);
    assert.match(error.userMessage, /request id /);
    assert.match(error.userMessage, /may have been created and billed/);
    assert.equal(f.received('/contents/generations/tasks'), 1);
  } finally {
    await f.close();
  }
});

test('createdTaskId: documented shape first, common alternatives, unusable ids skipped', () => {
  assert.equal(createdTaskId('{"id":"cgt-1"}'), 'cgt-1');
  assert.equal(createdTaskId('{"task_id":"t_2"}'), 't_2');
  assert.equal(createdTaskId('{"data":{"id":"x-3"}}'), 'x-3');
  assert.equal(createdTaskId('{"data":{"task_id":"y-4"}}'), 'y-4');
  assert.equal(createdTaskId('{"id":"../evil","task_id":"ok-5"}'), 'ok-5');
  assert.equal(createdTaskId('{"id":12}'), undefined);
  assert.equal(createdTaskId('not json'), undefined);
  assert.equal(createdTaskId('[]'), undefined);
});
