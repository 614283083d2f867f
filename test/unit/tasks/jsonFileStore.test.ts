import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';

function scratchFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'json-store-')), 'nested', 'video-tasks.json');
}

test('a missing file is an empty store; updates are written and read back by a new store', async () => {
  const file = scratchFile();
  const store = JsonFileStore.openSync(file);
  assert.equal(store.get('a'), undefined);
  await store.update('a', { n: 1 });
  await store.update('a', { n: 2 });
  assert.deepEqual(store.get('a'), { n: 2 });
  assert.deepEqual(JsonFileStore.openSync(file).get('a'), { n: 2 });
  assert.deepEqual(fs.readdirSync(path.dirname(file)), ['video-tasks.json'], 'no temporary file left');
});

test('keys another window wrote are kept', async () => {
  const file = scratchFile();
  const mine = JsonFileStore.openSync(file);
  const theirs = JsonFileStore.openSync(file);
  await theirs.update('gateway-b', ['theirs']);
  await mine.update('gateway-a', ['mine']);
  const reopened = JsonFileStore.openSync(file);
  assert.deepEqual([reopened.get('gateway-a'), reopened.get('gateway-b')], [['mine'], ['theirs']]);
});

test('a damaged file reads as empty and is replaced on the next update', async () => {
  const file = scratchFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '{"half": ');
  const store = JsonFileStore.openSync(file);
  assert.equal(store.get('half'), undefined);
  await store.update('k', 1);
  assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { k: 1 });
});

test('a failed write is reported and does not block the next one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-store-'));
  const blocker = path.join(dir, 'not-a-dir');
  fs.writeFileSync(blocker, '');
  const store = JsonFileStore.openSync(path.join(blocker, 'x.json'));
  await assert.rejects(store.update('k', 1));
  const ok = JsonFileStore.openSync(path.join(dir, 'ok.json'));
  await ok.update('k', 1);
  assert.deepEqual(JsonFileStore.openSync(path.join(dir, 'ok.json')).get('k'), 1);
});

test('the tasks of a gateway round-trip through the file', async () => {
  const file = scratchFile();
  const tasks = { version: 1, tasks: [{ record: { id: 'cgt-1', model: 'm', status: 'queued' as const, created_at: 1, updated_at: 0 } }] };
  await gatewayTaskStorage(JsonFileStore.openSync(file), 'http://127.0.0.1:1/v1').save(tasks);
  assert.deepEqual(gatewayTaskStorage(JsonFileStore.openSync(file), 'http://127.0.0.1:1/v1').load(), tasks);
});

test('a lease write whose read of the file fails (EMFILE, EBUSY, EACCES, a file over 512 MB) keeps the tasks in the file', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'read-error-')), 'video-tasks.json');
  const tasks = {
    ['http://gateway.test/v1']: { version: 1, tasks: [{ record: { id: 'cgt-paid', model: 'm', status: 'succeeded', created_at: 1, updated_at: 1 } }] },
  };
  fs.writeFileSync(file, JSON.stringify({ [TASKS_STATE_KEY]: tasks }));
  const shared = gatewayTaskStorage(JsonFileStore.openSync(file), 'http://gateway.test/v1').shared!;
  // One failed read, as too many open files or a virus scanner holding the file gives.
  const readFile = fs.promises.readFile;
  let failures = 1;
  fs.promises.readFile = (async (...args: Parameters<typeof readFile>) => {
    if (args[0] === file && failures-- > 0) throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    return readFile(...args);
  }) as typeof readFile;
  try {
    await shared.changeLease(() => ({ holder: 'window-a', expiresAt: Date.now() + 30_000 })).catch(() => undefined);
  } finally {
    fs.promises.readFile = readFile;
  }
  const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  assert.deepEqual(onDisk[TASKS_STATE_KEY], tasks, `the tasks after the lease write: ${JSON.stringify(onDisk)}`);
});
