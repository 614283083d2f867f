import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import type { TaskList, TaskListQuery, TaskRecord } from '../../../src/gateway/types/tasks';
import { DEFAULT_POLL_TIMING, PollSchedule } from '../../../src/tasks/pollSchedule';
import { TaskPoller, type TaskReader } from '../../../src/tasks/taskPoller';
import { TaskRegistry } from '../../../src/tasks/taskRegistry';
import { clientFixture, type ClientFixture } from '../client/harness';
import { FakeClock } from './fakeClock';

const PRO = 'seedance-1-0-pro-250528';
const LONG_RUNNING = { taskTiming: { queuedMs: 1000, runningMs: 10 * 60_000 } };
const MINUTE = 60_000;

async function createTasks(f: ClientFixture, count: number, prompt = 'a kite'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await f.client.tasks.create({ model: PRO, content: [{ type: 'text', text: `${prompt} ${i}` }] })).id);
  return ids;
}

interface Harness {
  clock: FakeClock;
  poller: TaskPoller;
  registry: TaskRegistry;
  missing: string[];
  errors: unknown[];
  logged: string[];
}

function harness(reader: () => TaskReader, ids: string[], visible = true): Harness {
  const clock = new FakeClock();
  const registry = new TaskRegistry(ids.map((id) => ({ record: { id, model: PRO, status: 'queued', created_at: 0, updated_at: 0 } })));
  const schedule = new PollSchedule(DEFAULT_POLL_TIMING);
  schedule.setVisible(visible);
  const missing: string[] = [];
  const errors: unknown[] = [];
  const logged: string[] = [];
  const poller = new TaskPoller({
    tasks: reader,
    activeIds: () => registry.activeIds(),
    onRecords: (records) => registry.merge(records).changed,
    onMissing: (id) => {
      missing.push(id);
      registry.remove(id);
    },
    onError: (error) => errors.push(error),
    log: (message) => logged.push(message),
    schedule,
    clock,
  });
  return { clock, poller, registry, missing, errors, logged };
}

/** Runs the poller's timers until `untilMs` of fake time; returns the poll start times. */
async function runFor(h: Harness, untilMs: number): Promise<number[]> {
  const starts: number[] = [];
  h.poller.reschedule();
  for (;;) {
    const next = h.clock.nextAt();
    if (next === undefined || next >= untilMs) return starts;
    starts.push(next);
    h.clock.fireNext();
    await h.poller.whenIdle();
  }
}

/** A gateway that drops `filter.task_ids` and lists everything. */
function ignoringIdFilter(f: ClientFixture): TaskReader {
  return {
    list: (query: TaskListQuery, signal?: AbortSignal) => f.client.tasks.list({ page_num: query.page_num, page_size: query.page_size }, signal),
    get: (id, signal) => f.client.tasks.get(id, signal),
  };
}

test('50 running tasks: one list request per poll instead of 50 GETs (requests per simulated minute)', async (t) => {
  const f = await clientFixture(LONG_RUNNING);
  try {
    const ids = await createTasks(f, 50);
    await createTasks(f, 5, 'someone else'); // so that a gateway ignoring the filter shows foreign tasks
    const measure = async (reader: TaskReader, visible: boolean, minutes: number): Promise<{ perMinute: number[]; lists: number; gets: number }> => {
      const h = harness(() => reader, ids, visible);
      const before = f.emu.requests.length;
      const perMinute: number[] = [];
      let start = f.emu.requests.length;
      for (let m = 1; m <= minutes; m++) {
        await runFor(h, m * MINUTE);
        perMinute.push(f.emu.requests.length - start);
        start = f.emu.requests.length;
      }
      h.poller.dispose();
      const made = f.emu.requests.slice(before);
      assert.deepEqual(h.errors, []);
      assert.equal(h.registry.activeIds().length, 50, 'all still running');
      assert.ok(h.registry.all().every((e) => e.record.status === 'running'));
      return { perMinute, lists: made.filter((r) => !/\/tasks\/cgt-/.test(r.path)).length, gets: made.filter((r) => /\/tasks\/cgt-/.test(r.path)).length };
    };
    await new Promise((r) => setTimeout(r, 1100)); // past queued
    const batchedVisible = await measure(f.client.tasks, true, 3);
    const batchedHidden = await measure(f.client.tasks, false, 3);
    const oneByOne = await measure(ignoringIdFilter(f), true, 3);
    t.diagnostic(
      `batched, view visible: ${batchedVisible.perMinute.join(' / ')} requests in minutes 1 / 2 / 3 (${batchedVisible.lists} list, ${batchedVisible.gets} GET)`,
    );
    t.diagnostic(`batched, view hidden: ${batchedHidden.perMinute.join(' / ')} requests in minutes 1 / 2 / 3`);
    t.diagnostic(
      `one GET per task, view visible: ${oneByOne.perMinute.join(' / ')} requests in minutes 1 / 2 / 3 (${oneByOne.lists} list, ${oneByOne.gets} GET)`,
    );
    assert.deepEqual(batchedVisible.perMinute, [5, 2, 2]);
    assert.equal(batchedVisible.gets, 0);
    assert.deepEqual(batchedHidden.perMinute, [3, 1, 1]);
    assert.equal(oneByOne.lists, 1, 'the first list shows foreign tasks: GETs from then on');
    assert.deepEqual(oneByOne.perMinute, [5 * 50 + 1, 2 * 50, 2 * 50]);
  } finally {
    await f.close();
  }
});

test('more than 500 ids are asked in list calls of at most 500', async () => {
  const ids = Array.from({ length: 1201 }, (_, i) => `cgt-20250101000000-${String(i).padStart(5, '0')}`);
  const calls: number[] = [];
  const reader: TaskReader = {
    list: async (query: TaskListQuery): Promise<TaskList> => {
      calls.push(query.task_ids?.length ?? 0);
      assert.equal(query.page_size, query.task_ids?.length);
      const items = (query.task_ids ?? []).map((id): TaskRecord => ({ id, model: PRO, status: 'running', created_at: 1, updated_at: 2 }));
      return { total: items.length, items };
    },
    get: async () => assert.fail('no GET needed'),
  };
  const h = harness(() => reader, ids);
  await runFor(h, 1);
  assert.deepEqual(calls, [500, 500, 201]);
  assert.equal(h.registry.activeIds().length, 1201);
  h.poller.dispose();
});

test('a gateway refusing filter.task_ids (400) is asked one GET per task from then on', async () => {
  const f = await clientFixture(LONG_RUNNING);
  try {
    const ids = await createTasks(f, 3);
    let lists = 0;
    const reader: TaskReader = {
      list: async () => {
        lists++;
        throw new GatewayError({ kind: 'http', status: 400, message: 'unknown parameter filter.task_ids', param: 'filter.task_ids' });
      },
      get: (id, signal) => f.client.tasks.get(id, signal),
    };
    const h = harness(() => reader, ids);
    await runFor(h, MINUTE);
    assert.equal(lists, 1);
    assert.match(h.logged.join('\n'), /does not filter its task list by id/);
    assert.ok(
      h.registry.all().every((e) => e.record.updated_at > 0),
      'every task got its record',
    );
    h.poller.dispose();
  } finally {
    await f.close();
  }
});

test('on 429 the next poll waits for Retry-After', async () => {
  const f = await clientFixture({ ...LONG_RUNNING, rateLimitPerMinute: 3 }, { retry: { maxAttempts: 1 } });
  try {
    const ids = await createTasks(f, 2);
    const h = harness(() => f.client.tasks, ids);
    h.poller.reschedule();
    h.clock.fireNext();
    await h.poller.whenIdle();
    h.clock.fireNext();
    await h.poller.whenIdle();
    assert.equal(h.errors.length, 1, 'the fourth request of the minute (2 creates, 1 list, this list) is refused');
    const error = h.errors[0] as GatewayError;
    assert.equal(error.status, 429);
    assert.ok((error.retryAfterMs ?? 0) > 50_000, `Retry-After ${error.retryAfterMs} ms`);
    const wait = (h.clock.nextAt() ?? 0) - h.clock.now();
    assert.ok(wait >= (error.retryAfterMs ?? 0), `next poll in ${wait} ms, Retry-After ${error.retryAfterMs} ms`);
    h.poller.dispose();
  } finally {
    await f.close();
  }
});

test('a task the gateway removed is confirmed by GET (404) and reported missing', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 0, runningMs: 0 } });
  try {
    const ids = await createTasks(f, 2);
    await f.client.tasks.delete(ids[0]);
    const h = harness(() => f.client.tasks, ids);
    await runFor(h, 1);
    assert.deepEqual(h.missing, [ids[0]]);
    assert.equal(h.registry.get(ids[1])?.record.status, 'succeeded');
    assert.equal(h.clock.nextAt(), undefined, 'nothing left to poll: no timer');
    h.poller.dispose();
  } finally {
    await f.close();
  }
});

test('no task unfinished: no timer and no request', async () => {
  let asked = 0;
  const reader: TaskReader = {
    list: async () => {
      asked++;
      return { total: 0, items: [] };
    },
    get: async () => assert.fail('no GET'),
  };
  const h = harness(() => reader, []);
  h.poller.reschedule();
  assert.equal(h.clock.nextAt(), undefined);
  await h.poller.refresh();
  assert.equal(asked, 0);
});
