import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord } from '../../../src/gateway/types/tasks';
import { holdsLease, type Lease } from '../../../src/tasks/pollLease';
import type { PollTiming } from '../../../src/tasks/pollSchedule';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { FakeClock } from './fakeClock';

const recipe = { model: 'seedance-1-0-pro-250528', prompt: 'next', images: [], settings: {}, settingsAs: 'body' as const };
const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};
const running = (id: string, at: number): TaskRecord => ({ id, model: recipe.model, status: 'running', created_at: at, updated_at: at });

/**
 * A window on a shared file whose lease changes in the order asked (as the
 * JsonFileStore queues its writes) while its saves, once `holdSaves` is called,
 * wait until let go (the lock is busy). Its one task `cgt-x` runs; a create
 * adds `cgt-y`.
 */
function windowWithBusyFile(timing: PollTiming) {
  const clock = new FakeClock();
  const records = new Map<string, TaskRecord>([['cgt-x', running('cgt-x', 1)]]);
  let onDisk: Lease | undefined;
  const heldSaves: (() => void)[] = [];
  let holding = false;
  return {
    clock,
    records,
    holdSaves: () => (holding = true),
    holdsLease: () => holdsLease(onDisk, 'window-a', clock.now()),
    lease: () => JSON.stringify(onDisk),
    heldSaves: () => heldSaves.length,
    async letSavesGo(): Promise<void> {
      while (heldSaves.length) {
        heldSaves.shift()!();
        await settle();
      }
    },
    tracker: new TaskTracker({
      tasks: () => ({
        create: async () => {
          records.set('cgt-y', running('cgt-y', 2));
          return { id: 'cgt-y' } as never;
        },
        delete: () => assert.fail('nothing is deleted'),
        get: async (id: string) => records.get(id)!,
        list: async () => ({ total: records.size, items: [...records.values()] }),
      }),
      storage: {
        load: () => ({ version: 1, tasks: [{ record: running('cgt-x', 1) }] }),
        save: async () => undefined,
        shared: {
          reread: async () => undefined,
          saveMerged: () => (holding ? new Promise<void>((resolve) => heldSaves.push(resolve)) : Promise.resolve()),
          watch: () => () => undefined,
          changeLease: async (next) => {
            const written = next(onDisk);
            if (written) onDisk = written;
            return written;
          },
        },
      },
      clock,
      timing,
      log: () => undefined,
      windowId: 'window-a',
    }),
  };
}

test('a window that goes idle and then takes its next turn while its last save is still being written keeps the lease it just renewed', async () => {
  const w = windowWithBusyFile({ baseMs: 1000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 });
  w.holdSaves();
  // Its turn: task x succeeds; the save of that is being written; nothing is left to poll, so the lease is to be let go.
  w.records.set('cgt-x', { ...running('cgt-x', 1), status: 'succeeded', updated_at: 5 });
  assert.ok(w.clock.fireNext());
  await settle();
  assert.equal(w.heldSaves(), 1, 'the save of the succeeded task is in flight');
  // A new task: the next turn comes while that save is still being written.
  await w.tracker.create(recipe, async () => assert.fail('no image'));
  assert.ok(w.clock.fireNext());
  await settle();
  assert.ok(w.holdsLease(), 'the turn renewed the lease');
  // The save is written; the release asked for before the turn follows it.
  await w.letSavesGo();
  assert.ok(w.holdsLease(), `the window polling cgt-y lost its lease: ${w.lease()} at ${w.clock.now()}`);
  w.tracker.dispose();
});

test('a window hidden while a save waits for the file, whose last task then finishes, lets the lease go: the renewal for the hidden view does not keep it', async () => {
  const w = windowWithBusyFile({ baseMs: 1000, hiddenFactor: 4, backoffFactor: 1, maxFactor: 1 });
  assert.ok(w.clock.fireNext());
  await settle();
  assert.ok(w.holdsLease(), 'the first turn took the lease');
  // A save waits for the file's lock; the view is hidden (a renewal queued behind it); the task finishes at the next turn.
  w.holdSaves();
  w.tracker.setDownloads('cgt-x', {});
  w.tracker.setVisible(false);
  w.records.set('cgt-x', { ...running('cgt-x', 1), status: 'succeeded', updated_at: 5 });
  assert.ok(w.clock.fireNext());
  await settle();
  await w.letSavesGo();
  assert.ok(!w.holdsLease(), `the idle window kept the lease: ${w.lease()} at ${w.clock.now()}`);
  w.tracker.dispose();
});
