import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskEntry } from '../../../src/tasks/taskEntry';
import { ResultSaving } from '../../../src/tasks/resultSaving';
import { FakeClock } from './fakeClock';

function succeeded(id: string): TaskEntry {
  return {
    record: { id, model: 'seedance-1-0-pro-250528', status: 'succeeded', created_at: 0, updated_at: 0 },
    local: { recipe: { model: 'seedance-1-0-pro-250528', prompt: id, images: [], settings: {}, settingsAs: 'body' }, createdAt: 0 },
  };
}

/** A saver whose downloads end when the test says, recording the path like the Video Tasks view. */
function harness(entries: TaskEntry[], enabled = true) {
  const started: string[] = [];
  const finish = new Map<string, (ok: boolean) => void>();
  let settled = 0;
  const saving = new ResultSaving(
    {
      enabled: () => enabled,
      save: (entry, signal) =>
        new Promise<void>((resolve, reject) => {
          started.push(entry.record.id);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          finish.set(entry.record.id, (ok) => {
            if (!ok) return reject(new Error('403'));
            entry.downloads = { video: `/generated/${entry.record.id}.mp4` };
            resolve();
          });
        }),
    },
    () => entries,
    new FakeClock(),
    () => settled++,
  );
  return { saving, started, finish, settled: () => settled };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('each turn saves the results not yet saved, each once; the window keeps its turns while a save runs', async () => {
  const entries = [succeeded('a'), succeeded('b')];
  const h = harness(entries);
  assert.equal(h.saving.pending(), true);
  h.saving.saveDue();
  h.saving.saveDue();
  assert.deepEqual(h.started, ['a', 'b']);
  h.finish.get('a')!(true);
  await turn();
  assert.equal(h.saving.pending(), true, 'b is still being saved');
  h.finish.get('b')!(true);
  await turn();
  assert.equal(h.saving.pending(), false);
  assert.equal(h.settled(), 2);
  h.saving.saveDue();
  assert.deepEqual(h.started, ['a', 'b']);
});

test('a failed save is not repeated at every turn of this window', async () => {
  const h = harness([succeeded('expired-link')]);
  h.saving.saveDue();
  h.finish.get('expired-link')!(false);
  await turn();
  assert.equal(h.saving.pending(), false, 'no more turns for it');
  h.saving.saveDue();
  assert.deepEqual(h.started, ['expired-link']);
});

test('with automatic downloads off nothing is saved and nothing keeps the turns', () => {
  const h = harness([succeeded('a')], false);
  assert.equal(h.saving.pending(), false);
  h.saving.saveDue();
  assert.deepEqual(h.started, []);
});

test('closing aborts the saves in progress and starts no more', async () => {
  const entries = [succeeded('a')];
  const h = harness(entries);
  h.saving.saveDue();
  h.saving.dispose();
  await turn();
  assert.equal(entries[0]!.downloads, undefined);
  entries.push(succeeded('b'));
  h.saving.saveDue();
  assert.deepEqual(h.started, ['a']);
  assert.equal(h.saving.pending(), false);
});
