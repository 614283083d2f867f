import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import type { TaskRecord } from '../../../src/gateway/types/tasks';
import { claimLease, holdsLease, releaseLease, type Lease } from '../../../src/tasks/pollLease';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { FakeClock } from './fakeClock';

const GATEWAY = 'http://gateway.test/v1';
const WINDOWS = 6;
const ROUNDS = 15;

function scratchFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lease-race-')), 'video-tasks.json');
}

/** Windows opened on one real file, each with its own store, as separate extension hosts would. */
function openWindows(file: string) {
  return Array.from({ length: WINDOWS }, (_, i) => ({ id: `window-${i}`, shared: gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY).shared! }));
}

test('windows claiming a free lease in the same instant: exactly one gets it, every time', async () => {
  const file = scratchFile();
  const windows = openWindows(file);
  for (let round = 0; round < ROUNDS; round++) {
    const now = Date.now();
    const claims = await Promise.all(windows.map((w) => w.shared.changeLease((current) => claimLease(current, w.id, now, 30_000))));
    const winners = windows.filter((_, i) => claims[i] !== undefined).map((w) => w.id);
    assert.equal(winners.length, 1, `round ${round}: ${winners.join(', ')} all took the lease`);
    const holder = winners[0]!;
    await windows[0]!.shared.changeLease((current) => releaseLease(current, holder, now + 1));
  }
  assert.deepEqual(
    fs.readdirSync(path.dirname(file)).filter((name) => name !== 'video-tasks.json'),
    [],
    'no lock or temporary file left',
  );
});

test('a claim and a save of the tasks by two windows at once: neither write is lost', async () => {
  const file = scratchFile();
  const [a, b] = [JsonFileStore.openSync(file), JsonFileStore.openSync(file)];
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all([a.update(TASKS_STATE_KEY, { round }), gatewayTaskStorage(b, GATEWAY).shared!.changeLease(() => ({ holder: 'b', expiresAt: round }))]);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(onDisk[TASKS_STATE_KEY], { round }, `round ${round}: the tasks were kept`);
    assert.ok(onDisk['genaiGateway.videoTasks.pollLease'], `round ${round}: the lease was kept`);
  }
});

test('a window closed while its turn is claiming the lease does not keep it: the others need not wait for it to expire', async () => {
  const clock = new FakeClock();
  const running: TaskRecord = { id: 'cgt-running', model: 'seedance-1-0-pro-250528', status: 'running', created_at: 1, updated_at: 1 };
  // The file's lease, and the changes waiting for the lock: applied in the order asked, as the JsonFileStore does.
  let onDisk: Lease | undefined;
  const waiting: (() => void)[] = [];
  const tracker = new TaskTracker({
    tasks: () => ({
      create: () => assert.fail('nothing is created'),
      delete: () => assert.fail('nothing is deleted'),
      get: async () => running,
      list: async () => ({ total: 1, items: [running] }),
    }),
    storage: {
      load: () => ({ version: 1, tasks: [{ record: running }] }),
      save: async () => undefined,
      shared: {
        reread: async () => undefined,
        saveMerged: async () => undefined,
        watch: () => () => undefined,
        changeLease: (next) =>
          new Promise((resolve) =>
            waiting.push(() => {
              const written = next(onDisk);
              if (written) onDisk = written;
              resolve(written);
            }),
          ),
      },
    },
    clock,
    timing: { baseMs: 1000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
    windowId: 'window-a',
  });
  assert.ok(clock.fireNext(), 'a turn is due for the running task');
  assert.equal(waiting.length, 1, 'the turn asked for the lease');
  tracker.dispose();
  for (let round = 0; round < 10; round++) {
    waiting.splice(0).forEach((change) => change());
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(onDisk?.holder, 'window-a', 'the claim was written');
  assert.ok(!holdsLease(onDisk, 'window-a', clock.now()), `the closed window still holds the lease: ${JSON.stringify(onDisk)}`);
});
