import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gatewayTaskStorage, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import { claimLease, releaseLease } from '../../../src/tasks/pollLease';

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
