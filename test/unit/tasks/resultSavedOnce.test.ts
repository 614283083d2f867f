import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_LEASE_KEY, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import { DEFAULT_POLL_TIMING } from '../../../src/tasks/pollSchedule';
import type { TaskEntry } from '../../../src/tasks/taskEntry';
import { TaskTracker, type TaskStorage } from '../../../src/tasks/taskTracker';
import { FakeClock } from './fakeClock';

const GATEWAY = 'http://gateway.test/v1';
const recipe = { model: 'seedance-1-0-pro-250528', prompt: 'paid', images: [], settings: {}, settingsAs: 'body' as const };
/** A paid result nobody saved yet. */
const succeeded: TaskEntry = {
  record: { id: 'cgt-paid', model: recipe.model, status: 'succeeded', created_at: 0, updated_at: 0 },
  local: { recipe, createdAt: 0 },
};

function sharedFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'result-twice-')), 'video-tasks.json');
  fs.writeFileSync(file, JSON.stringify({ [TASKS_STATE_KEY]: { [GATEWAY]: { version: 1, tasks: [succeeded] } } }));
  return file;
}

/** A window on the shared file whose saves of a result never end by themselves (a long download); `saves` lists who started one. */
function openWindow(name: string, storage: TaskStorage, clock: FakeClock, saves: string[]): TaskTracker {
  const tracker = new TaskTracker({
    tasks: () => ({
      create: () => assert.fail('nothing is created'),
      delete: () => assert.fail('nothing is deleted'),
      get: () => assert.fail('nothing to poll'),
      list: () => assert.fail('nothing to poll'),
    }),
    storage,
    clock,
    timing: DEFAULT_POLL_TIMING,
    log: () => undefined,
    windowId: `window-${name}`,
  });
  tracker.saveResultsWith({
    enabled: () => true,
    save: (entry, signal) => {
      saves.push(`${name} saves ${entry.record.id}`);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    },
  });
  return tracker;
}

test('a window still downloading a result keeps it: hiding its view does not let another window download it as well', async () => {
  const file = sharedFile();
  const clock = new FakeClock();
  const saves: string[] = [];
  const a = openWindow('a', gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY), clock, saves);
  const b = openWindow('b', gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY), clock, saves);
  a.setVisible(true);
  b.setVisible(true);
  try {
    const step = async (): Promise<void> => {
      assert.ok(clock.fireNext(), 'a turn is due');
      await Promise.all([a.settled(), b.settled()]);
    };
    while (saves.length === 0) await step();
    // The download goes on for two minutes of turns, the view open...
    while (clock.now() < 120_000) await step();
    // ...then the user switches to another view; the download is still running.
    const first = saves[0]!;
    (first.startsWith('a') ? a : b).setVisible(false);
    while (clock.now() < 600_000 && saves.length < 2) await step();
    const lease = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>)[TASKS_LEASE_KEY]?.[GATEWAY];
    assert.deepEqual(saves, [first], `at ${clock.now() / 1000} s, lease ${JSON.stringify(lease)}`);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test('a window that cannot reach the lease (the lock file stays taken) does not save a result the lease holder is saving', async () => {
  const file = sharedFile();
  const clock = new FakeClock();
  const saves: string[] = [];
  const b = openWindow('b', gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY), clock, saves);
  const step = async (): Promise<void> => {
    assert.ok(clock.fireNext(), 'a turn is due');
    await b.settled();
  };
  try {
    while (saves.length === 0) await step();
    assert.deepEqual(saves, ['b saves cgt-paid']);
    // Window a opens; every write of the file fails for it as it does when the lock cannot be taken in 40 s.
    const inner = gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY);
    const locked = (): Promise<never> => Promise.reject(new Error(`${file}.lock stayed locked by another window for 40 s.`));
    const storage: TaskStorage = { ...inner, shared: { ...inner.shared!, changeLease: locked, saveMerged: locked } };
    const a = openWindow('a', storage, clock, saves);
    try {
      for (let i = 0; i < 5; i++) {
        assert.ok(clock.fireNext());
        await Promise.all([a.settled(), b.settled()]);
      }
      assert.deepEqual(saves, ['b saves cgt-paid'], 'the result was downloaded twice');
    } finally {
      await a.close();
    }
  } finally {
    await b.close();
  }
});
