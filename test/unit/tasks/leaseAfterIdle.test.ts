import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord } from '../../../src/gateway/types/tasks';
import { holdsLease, type Lease } from '../../../src/tasks/pollLease';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { FakeClock } from './fakeClock';

const recipe = { model: 'seedance-1-0-pro-250528', prompt: 'next', images: [], settings: {}, settingsAs: 'body' as const };
const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('a window that goes idle and then takes its next turn while its last save is still being written keeps the lease it just renewed', async () => {
  const clock = new FakeClock();
  const records = new Map<string, TaskRecord>([['cgt-x', { id: 'cgt-x', model: recipe.model, status: 'running', created_at: 1, updated_at: 1 }]]);
  // The file: the lease, changed in the order asked (as the JsonFileStore queues its writes); saves wait until let go (the lock is busy).
  let onDisk: Lease | undefined;
  const heldSaves: (() => void)[] = [];
  const tracker = new TaskTracker({
    tasks: () => ({
      create: async () => {
        records.set('cgt-y', { id: 'cgt-y', model: recipe.model, status: 'running', created_at: 2, updated_at: 2 });
        return { id: 'cgt-y' } as never;
      },
      delete: () => assert.fail('nothing is deleted'),
      get: async (id: string) => records.get(id)!,
      list: async () => ({ total: records.size, items: [...records.values()] }),
    }),
    storage: {
      load: () => ({ version: 1, tasks: [{ record: { id: 'cgt-x', model: recipe.model, status: 'running', created_at: 1, updated_at: 1 } }] }),
      save: async () => undefined,
      shared: {
        reread: async () => undefined,
        saveMerged: () => new Promise<void>((resolve) => heldSaves.push(resolve)),
        watch: () => () => undefined,
        changeLease: async (next) => {
          const written = next(onDisk);
          if (written) onDisk = written;
          return written;
        },
      },
    },
    clock,
    timing: { baseMs: 1000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
    windowId: 'window-a',
  });
  // Its turn: task x succeeds; the save of that is being written; nothing is left to poll, so the lease is to be let go.
  records.set('cgt-x', { id: 'cgt-x', model: recipe.model, status: 'succeeded', created_at: 1, updated_at: 5 });
  assert.ok(clock.fireNext());
  await settle();
  assert.equal(heldSaves.length, 1, 'the save of the succeeded task is in flight');
  // A new task: the next turn comes while that save is still being written.
  await tracker.create(recipe, async () => assert.fail('no image'));
  assert.ok(clock.fireNext());
  await settle();
  assert.ok(holdsLease(onDisk, 'window-a', clock.now()), 'the turn renewed the lease');
  // The save is written; the release asked for before the turn follows it.
  while (heldSaves.length) {
    heldSaves.shift()!();
    await settle();
  }
  assert.ok(holdsLease(onDisk, 'window-a', clock.now()), `the window polling cgt-y lost its lease: ${JSON.stringify(onDisk)} at ${clock.now()}`);
  tracker.dispose();
});

test('a window hidden while a save waits for the file, whose last task then finishes, lets the lease go: the renewal for the hidden view does not keep it', async () => {
  const clock = new FakeClock();
  const records = new Map<string, TaskRecord>([['cgt-x', { id: 'cgt-x', model: recipe.model, status: 'running', created_at: 1, updated_at: 1 }]]);
  let onDisk: Lease | undefined;
  let holdSaves = false;
  const heldSaves: (() => void)[] = [];
  const tracker = new TaskTracker({
    tasks: () => ({
      create: () => assert.fail('nothing is created'),
      delete: () => assert.fail('nothing is deleted'),
      get: async (id: string) => records.get(id)!,
      list: async () => ({ total: records.size, items: [...records.values()] }),
    }),
    storage: {
      load: () => ({ version: 1, tasks: [{ record: records.get('cgt-x')! }] }),
      save: async () => undefined,
      shared: {
        reread: async () => undefined,
        saveMerged: () => (holdSaves ? new Promise<void>((resolve) => heldSaves.push(resolve)) : Promise.resolve()),
        watch: () => () => undefined,
        changeLease: async (next) => {
          const written = next(onDisk);
          if (written) onDisk = written;
          return written;
        },
      },
    },
    clock,
    timing: { baseMs: 1000, hiddenFactor: 4, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
    windowId: 'window-a',
  });
  assert.ok(clock.fireNext());
  await settle();
  assert.ok(holdsLease(onDisk, 'window-a', clock.now()), 'the first turn took the lease');
  // A save waits for the file's lock; the view is hidden (a renewal queued behind it); the task finishes at the next turn.
  holdSaves = true;
  tracker.setDownloads('cgt-x', {});
  tracker.setVisible(false);
  records.set('cgt-x', { id: 'cgt-x', model: recipe.model, status: 'succeeded', created_at: 1, updated_at: 5 });
  assert.ok(clock.fireNext());
  await settle();
  while (heldSaves.length) {
    heldSaves.shift()!();
    await settle();
  }
  assert.ok(!holdsLease(onDisk, 'window-a', clock.now()), `the idle window kept the lease: ${JSON.stringify(onDisk)} at ${clock.now()}`);
  tracker.dispose();
});
