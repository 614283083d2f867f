/** Issue #18, point 6: upstream refuses `filter.status=expired`; the client filters that status itself. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { SYSTEM_CLOCK } from '../../../src/tasks/clock';
import { gatewayTaskStorage } from '../../../src/tasks/gatewayTaskStorage';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { clientFixture } from '../client/harness';
import { MemoryStore } from '../../support/memoryStore';
import { until } from '../../support/until';

const PRO = 'seedance-1-0-pro-250528';

test('emulator: filter.status=expired is refused like upstream (400 naming the param)', async () => {
  const f = await clientFixture();
  try {
    const res = await fetch(`${f.emu.url}/contents/generations/tasks?filter.status=expired`, { headers: { authorization: `Bearer ${f.emu.apiKey}` } });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { param: string } };
    assert.equal(body.error.param, 'filter.status');
  } finally {
    await f.close();
  }
});

test('tasks.list({status: "expired"}) sends no filter.status and keeps only expired tasks', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 10, runningMs: 10 } });
  try {
    const text = (t: string) => [{ type: 'text' as const, text: t }];
    const ok = await f.client.tasks.create({ model: PRO, content: text('a kite') });
    const gone = await f.client.tasks.create({ model: PRO, content: text('this will expire') });
    await until(
      'one task expired, the other succeeded',
      async () => (await f.client.tasks.get(gone.id)).status === 'expired' && (await f.client.tasks.get(ok.id)).status === 'succeeded',
    );
    const list = await f.client.tasks.list({ status: 'expired', page_size: 10 });
    assert.deepEqual(
      list.items.map((t) => t.id),
      [gone.id],
    );
    assert.equal(list.filteredLocally, true);
    assert.equal(list.total, 2, 'total counts the unfiltered list');
    const last = f.emu.requests.filter((r) => r.method === 'GET' && r.path === '/v1/contents/generations/tasks').at(-1);
    assert.ok(last && !last.query.includes('filter.status'), last?.query);
    // Other statuses are still filtered by the server.
    const succeeded = await f.client.tasks.list({ status: 'succeeded' });
    assert.deepEqual(
      succeeded.items.map((t) => t.id),
      [ok.id],
    );
    assert.equal(succeeded.filteredLocally, undefined);
  } finally {
    await f.close();
  }
});

test('the Video Tasks "Expired" filter loads its page without an error', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 10, runningMs: 10 } });
  const t = new TaskTracker({
    tasks: () => f.client.tasks,
    storage: gatewayTaskStorage(new MemoryStore(), f.emu.url),
    clock: SYSTEM_CLOCK,
    timing: { baseMs: 25, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
  });
  try {
    const gone = await f.client.tasks.create({ model: PRO, content: [{ type: 'text', text: 'expire soon' }] });
    await until('the task expired', async () => (await f.client.tasks.get(gone.id)).status === 'expired');
    await t.loadMore('expired').catch((e: unknown) => assert.fail(e instanceof GatewayError ? e.userMessage : String(e)));
    assert.equal(t.registry.get(gone.id)?.record.status, 'expired');
    assert.equal(t.hasMore('expired'), false);
  } finally {
    t.dispose();
    await f.close();
  }
});
