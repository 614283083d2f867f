import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import { TASK_RETENTION_MS } from '../../../src/tasks/taskRegistry';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { FakeClock } from './fakeClock';

const GATEWAY = 'http://gateway.test/v1';

test('a window opening on the shared file drops the tasks and removals older than the retention, in the file too', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prune-')), 'video-tasks.json');
  const clock = new FakeClock();
  clock.advance(30 * 24 * 3600_000);
  const old = Math.floor((clock.now() - TASK_RETENTION_MS - 3600_000) / 1000);
  fs.writeFileSync(
    file,
    JSON.stringify({
      [TASKS_STATE_KEY]: {
        [GATEWAY]: {
          version: 1,
          tasks: [{ record: { id: 'cgt-old', model: 'm', status: 'failed', created_at: old, updated_at: old } }],
          removed: { 'cgt-gone': old * 1000 },
        },
      },
    }),
  );
  const tracker = new TaskTracker({
    tasks: () => ({
      create: () => assert.fail('nothing is created'),
      delete: () => assert.fail('nothing is deleted'),
      get: () => assert.fail('nothing is polled'),
      list: () => assert.fail('nothing is listed'),
    }),
    storage: gatewayTaskStorage(JsonFileStore.openSync(file), GATEWAY),
    clock,
    timing: { baseMs: 1000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: () => undefined,
    windowId: 'window-a',
  });
  await tracker.close();
  assert.equal(tracker.registry.get('cgt-old'), undefined, 'the expired task is still shown');
  const stored = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, { tasks: { record: { id: string } }[]; removed?: object }>>)[
    TASKS_STATE_KEY
  ]![GATEWAY]!;
  assert.deepEqual(
    stored.tasks.map((t) => t.record.id),
    [],
    'expired tasks still in the file',
  );
  assert.deepEqual(stored.removed ?? {}, {}, 'expired removals still in the file');
});
