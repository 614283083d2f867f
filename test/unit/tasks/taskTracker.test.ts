import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isGatewayError } from '../../../src/gateway/errors';
import type { TaskStatus } from '../../../src/gateway/types/tasks';
import { SYSTEM_CLOCK } from '../../../src/tasks/clock';
import { gatewayTaskStorage, TASKS_STATE_KEY, type KeyValueStore } from '../../../src/tasks/gatewayTaskStorage';
import type { TaskRecipe } from '../../../src/tasks/taskEntry';
import { SERVER_PAGE_SIZE, TaskTracker } from '../../../src/tasks/taskTracker';
import { clientFixture, type ClientFixture } from '../client/harness';
import { until } from '../../support/until';
import { MemoryStore } from '../../support/memoryStore';

const PRO = 'seedance-1-0-pro-250528';
const FAST_TIMING = { baseMs: 25, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 };
const noImages = async (): Promise<string> => assert.fail('no image to read');

function recipe(prompt: string, extra: Partial<TaskRecipe> = {}): TaskRecipe {
  return { model: PRO, prompt, images: [], settings: { duration: 3 }, settingsAs: 'body', returnLastFrame: true, ...extra };
}

function tracker(f: ClientFixture, store: KeyValueStore, log: string[] = []): TaskTracker {
  return new TaskTracker({
    tasks: () => f.client.tasks,
    storage: gatewayTaskStorage(store, f.emu.url),
    clock: SYSTEM_CLOCK,
    timing: FAST_TIMING,
    log: (m) => log.push(m),
  });
}

test('queued -> running -> succeeded, and -> failed with the error, reported as transitions and saved', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 1000, runningMs: 1000 } });
  const store = new MemoryStore();
  const t = tracker(f, store);
  try {
    const seen: string[] = [];
    t.onDidTransition.on(({ entry, from }) => seen.push(`${entry.local?.recipe.prompt}: ${from} -> ${entry.record.status}`));
    const ok = await t.create(recipe('a kite'), noImages);
    const bad = await t.create(recipe('this should fail'), noImages);
    assert.equal(ok.record.status, 'queued');
    await until('both finished', () => t.registry.activeIds().length === 0);
    assert.deepEqual(
      seen.filter((s) => s.startsWith('a kite')),
      ['a kite: queued -> running', 'a kite: running -> succeeded'],
    );
    assert.deepEqual(
      seen.filter((s) => s.startsWith('this')),
      ['this should fail: queued -> running', 'this should fail: running -> failed'],
    );
    assert.equal(t.registry.get(bad.record.id)?.record.error?.code, 'OutputVideoSensitiveContentDetected');
    assert.ok(t.registry.get(ok.record.id)?.record.content?.video_url);
    assert.equal(t.registry.get(ok.record.id)?.record.duration, 3);
    await t.settled();
    const saved = store.get<Record<string, { tasks: Array<{ record: { status: TaskStatus } }> }>>(TASKS_STATE_KEY)?.[f.emu.url];
    assert.deepEqual(saved?.tasks.map((e) => e.record.status).sort(), ['failed', 'succeeded']);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('a reload in the middle resumes polling from the saved state; no task and no metadata is lost', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 300, runningMs: 400 } });
  const store = new MemoryStore();
  const before = tracker(f, store);
  const ids = [(await before.create(recipe('first --rs 480p'), noImages)).record.id, (await before.create(recipe('second'), noImages)).record.id];
  await before.settled();
  before.dispose();
  const postsBefore = f.emu.requests.filter((r) => r.method === 'POST').length;
  const after = tracker(f, store);
  try {
    assert.deepEqual(after.registry.activeIds().sort(), [...ids].sort(), 'the unfinished tasks are known after the reload');
    await until('both finished after the reload', () => after.registry.activeIds().length === 0);
    assert.deepEqual(
      ids.map((id) => after.registry.get(id)?.record.status),
      ['succeeded', 'succeeded'],
    );
    assert.equal(after.registry.get(ids[0])?.local?.recipe.prompt, 'first --rs 480p');
    assert.equal(f.emu.requests.filter((r) => r.method === 'POST').length, postsBefore, 'nothing was created again');
  } finally {
    after.dispose();
    await f.close();
  }
});

test('the server list pages with Load More, newest first, optionally by status', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 60_000, runningMs: 60_000 } });
  const t = tracker(f, new MemoryStore());
  try {
    for (let i = 0; i < 45; i++) await f.client.tasks.create({ model: PRO, content: [{ type: 'text', text: `listed ${i}` }] });
    assert.equal(t.hasMore(), undefined, 'nothing asked yet');
    await t.loadMore();
    assert.equal(t.registry.size, SERVER_PAGE_SIZE);
    assert.equal(t.hasMore(), true);
    await t.loadMore();
    await t.loadMore();
    assert.equal(t.registry.size, 45);
    assert.equal(t.hasMore(), false);
    const pages = f.emu.requests.filter((r) => r.path === '/v1/contents/generations/tasks' && r.method === 'GET');
    assert.ok(pages.length >= 3);
    await t.loadMore('succeeded');
    assert.equal(t.hasMore('succeeded'), false, 'nothing has succeeded');
    await t.refresh();
    assert.equal(t.hasMore(), true, 'Refresh starts again at the first page');
  } finally {
    t.dispose();
    await f.close();
  }
});

test('unfinished tasks found in the server list are polled too, until they finish', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 0, runningMs: 300 } });
  const t = tracker(f, new MemoryStore());
  try {
    const { id } = await f.client.tasks.create({ model: PRO, content: [{ type: 'text', text: 'made elsewhere' }] });
    await t.loadMore();
    assert.equal(t.registry.get(id)?.record.status, 'running');
    await until('succeeded', () => t.registry.get(id)?.record.status === 'succeeded');
    assert.equal(t.registry.get(id)?.local, undefined, 'not created here');
  } finally {
    t.dispose();
    await f.close();
  }
});

test('Load More clicked twice at once loads the next page once', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 60_000, runningMs: 60_000 } });
  const t = tracker(f, new MemoryStore());
  try {
    for (let i = 0; i < 25; i++) await f.client.tasks.create({ model: PRO, content: [{ type: 'text', text: `listed ${i}` }] });
    const listCalls = (): number => f.emu.requests.filter((r) => r.path === '/v1/contents/generations/tasks' && r.query.includes('page_num')).length;
    await Promise.all([t.loadMore(), t.loadMore()]);
    assert.equal(listCalls(), 1);
    await Promise.all([t.loadMore(), t.loadMore()]);
    assert.equal(listCalls(), 2);
    assert.equal(t.registry.size, 25);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('cancel and delete: queued becomes cancelled, finished is removed, running and cancelled are refused', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 60_000, runningMs: 60_000 } });
  const t = tracker(f, new MemoryStore());
  try {
    const queued = await t.create(recipe('to cancel'), noImages);
    assert.equal(await t.cancelOrDelete(queued.record.id), 'cancelled');
    assert.equal(t.registry.get(queued.record.id)?.record.status, 'cancelled');
    await assert.rejects(t.cancelOrDelete(queued.record.id), (e: unknown) => isGatewayError(e) && e.status === 409);

    f.emu.setOptions({ taskTiming: { queuedMs: 0, runningMs: 60_000 } });
    const running = await t.create(recipe('running'), noImages);
    await until('running', () => t.registry.get(running.record.id)?.record.status === 'running');
    await assert.rejects(t.cancelOrDelete(running.record.id), (e: unknown) => isGatewayError(e) && e.status === 409);
    assert.ok(t.registry.get(running.record.id), 'a refused delete keeps the task');

    f.emu.setOptions({ taskTiming: { queuedMs: 0, runningMs: 0 } });
    const done = await t.create(recipe('done'), noImages);
    await until('succeeded', () => t.registry.get(done.record.id)?.record.status === 'succeeded');
    const deletes = (): number => f.emu.requests.filter((r) => r.method === 'POST' && r.path.endsWith(done.record.id)).length;
    assert.equal(await t.cancelOrDelete(done.record.id), 'deleted');
    assert.equal(deletes(), 1);
    assert.equal(t.registry.get(done.record.id), undefined);
    await assert.rejects(f.client.tasks.get(done.record.id), (e: unknown) => isGatewayError(e) && e.status === 404);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('a create that fails after reaching the gateway is not sent again and leaves no entry', async () => {
  const f = await clientFixture({ faults: { statusBurst: { status: 500, count: 1 }, pathPrefix: '/v1/contents/generations/tasks' } });
  const t = tracker(f, new MemoryStore());
  try {
    await assert.rejects(t.create(recipe('a kite'), noImages), (e: unknown) => isGatewayError(e) && e.status === 500);
    assert.equal(f.emu.requests.filter((r) => r.method === 'POST').length, 1);
    assert.equal(t.registry.size, 0);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('a create refused by validation sends nothing', async () => {
  const f = await clientFixture();
  const t = tracker(f, new MemoryStore());
  try {
    await assert.rejects(
      t.create(recipe('a kite', { settings: { ratio: 'adaptive' } }), noImages),
      (e: unknown) => isGatewayError(e) && e.kind === 'validation',
    );
    assert.equal(f.emu.requests.length, 0);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('each gateway keeps its own tasks in the one store', async () => {
  const store = new MemoryStore();
  const a = gatewayTaskStorage(store, 'https://a.example/v1/');
  const b = gatewayTaskStorage(store, 'https://b.example/v1');
  await a.save({ version: 1, tasks: [] });
  await b.save({ version: 1, tasks: [{ record: { id: 'x', model: PRO, status: 'queued', created_at: 1, updated_at: 0 } }] });
  assert.deepEqual(a.load(), { version: 1, tasks: [] });
  assert.equal((b.load() as { tasks: unknown[] }).tasks.length, 1);
  assert.deepEqual(gatewayTaskStorage(store, 'https://a.example/v1').load(), { version: 1, tasks: [] }, 'a trailing slash is the same gateway');
});
