import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { storedTasksNeedWork } from '../../../src/startup/storedTasks';
import { gatewayTaskStorage, TASKS_FILE_NAME } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import type { TaskStatus } from '../../../src/gateway/types/tasks';

const GATEWAY = 'http://127.0.0.1:8787/v1';

/** A global storage folder whose task file holds one task of `gateway` with `status`, as a closed window left it. */
async function storageWithTask(gateway: string, status: TaskStatus): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-tasks-'));
  const record = { id: 'cgt-1', model: 'seedance-1-0-pro-250528', status, created_at: 1, updated_at: Date.now() / 1000 };
  await gatewayTaskStorage(JsonFileStore.openSync(path.join(dir, TASKS_FILE_NAME)), gateway).save({ version: 1, tasks: [{ record }] });
  return dir;
}

test('an unfinished task of the gateway needs the features at startup', async () => {
  assert.equal(await storedTasksNeedWork(await storageWithTask(GATEWAY, 'running'), GATEWAY), true);
  assert.equal(await storedTasksNeedWork(await storageWithTask(GATEWAY, 'queued'), `${GATEWAY}/`), true, 'a trailing slash names the same gateway');
});

test('finished tasks, tasks of another gateway and a missing or damaged file need nothing', async () => {
  assert.equal(await storedTasksNeedWork(await storageWithTask(GATEWAY, 'failed'), GATEWAY), false);
  assert.equal(await storedTasksNeedWork(await storageWithTask('https://other.example/v1', 'running'), GATEWAY), false);
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-tasks-'));
  assert.equal(await storedTasksNeedWork(empty, GATEWAY), false);
  fs.writeFileSync(path.join(empty, TASKS_FILE_NAME), '{"genaiGateway.videoTasks": ');
  assert.equal(await storedTasksNeedWork(empty, GATEWAY), false);
});
