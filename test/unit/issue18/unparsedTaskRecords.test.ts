/** Issue #18, point 2: task records that do not parse stay visible with a warning and are not polled forever. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Clock } from '../../../src/tasks/clock';
import { gatewayTaskStorage } from '../../../src/tasks/gatewayTaskStorage';
import { shownStatus, type TaskRecipe } from '../../../src/tasks/taskEntry';
import { taskDescription, taskDetails } from '../../../src/tasks/taskText';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { clientFixture, type ClientFixture } from '../client/harness';
import { MemoryStore } from '../../support/memoryStore';
import { until } from '../../support/until';

const PRO = 'seedance-1-0-pro-250528';
const RECIPE: TaskRecipe = { model: PRO, prompt: 'a lighthouse at dusk', images: [], settings: { duration: 3 }, settingsAs: 'body' };
const noImages = async (): Promise<string> => assert.fail('no image to read');

/** Real timers, with a time that a test can move forward. */
class SkewedClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  setTimer(callback: () => void, ms: number): () => void {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  }
}

function tracker(f: ClientFixture, clock: Clock, log: string[]): TaskTracker {
  return new TaskTracker({
    tasks: () => f.client.tasks,
    storage: gatewayTaskStorage(new MemoryStore(), f.emu.url),
    clock,
    timing: { baseMs: 20, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: (m) => log.push(m),
  });
}

test('an unknown status keeps the task visible with its raw status, logged, then polled no more after the bound', async () => {
  const f = await clientFixture({
    taskTiming: { queuedMs: 60_000, runningMs: 60_000 },
    faults: { taskRecordQuirk: 'unknown-status', pathPrefix: '/contents' },
  });
  const clock = new SkewedClock();
  const log: string[] = [];
  const t = tracker(f, clock, log);
  try {
    const entry = await t.create(RECIPE, noImages);
    await until('the anomaly', () => t.registry.get(entry.record.id)?.anomaly !== undefined);
    const shown = t.registry.get(entry.record.id)!;
    assert.equal(shownStatus(shown), 'unrecognised');
    assert.equal(shown.anomaly?.rawStatus, 'processing');
    assert.match(taskDescription(shown, clock.now()), /status "processing" not recognised/);
    assert.ok(taskDetails(shown, clock.now()).some(([name]) => name === 'Warning'));
    assert.deepEqual((shown.anomaly?.raw as { status: string }).status, 'processing');
    assert.equal(log.filter((m) => m.includes('does not know (processing)')).length, 1, log.join('\n'));
    // Still polled within the bound...
    const gets = () => f.emu.requests.filter((r) => r.method === 'GET').length;
    const before = gets();
    await until('another poll', () => gets() > before);
    // ...and not after it.
    clock.offsetMs = 11 * 60 * 1000;
    await new Promise((r) => setTimeout(r, 100));
    await t.settled();
    const after = gets();
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(gets(), after, 'no more polls of the task');
    assert.deepEqual(t.registry.activeIds(clock.now()), []);
    // A usable record later clears the warning.
    f.emu.setFaults(undefined);
    await t.refreshOne(entry.record.id);
    assert.equal(t.registry.get(entry.record.id)?.anomaly, undefined);
    assert.equal(shownStatus(t.registry.get(entry.record.id)!), 'queued');
  } finally {
    t.dispose();
    await f.close();
  }
});

for (const quirk of ['no-updated-at', 'string-updated-at'] as const) {
  test(`a record with ${quirk} still moves the task on to succeeded`, async () => {
    const f = await clientFixture({ taskTiming: { queuedMs: 30, runningMs: 30 }, faults: { taskRecordQuirk: quirk, pathPrefix: '/contents' } });
    const t = tracker(f, new SkewedClock(), []);
    try {
      const entry = await t.create(RECIPE, noImages);
      await until('succeeded', () => t.registry.get(entry.record.id)?.record.status === 'succeeded');
      assert.equal(t.registry.activeIds().length, 0);
      assert.equal(typeof t.registry.get(entry.record.id)?.record.updated_at, 'number');
    } finally {
      t.dispose();
      await f.close();
    }
  });
}
