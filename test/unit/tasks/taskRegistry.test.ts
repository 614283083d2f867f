import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord } from '../../../src/gateway/types/tasks';
import type { TaskRecipe } from '../../../src/tasks/taskEntry';
import { TASK_RETENTION_MS, TaskRegistry } from '../../../src/tasks/taskRegistry';

const RECIPE: TaskRecipe = { model: 'seedance-1-0-pro-250528', prompt: 'a kite --dur 5', images: [], settings: { ratio: '16:9' }, settingsAs: 'body' };
const NOW = Date.UTC(2025, 9, 9, 16, 30, 0);

function record(id: string, status: TaskRecord['status'], createdSeconds: number, updatedSeconds = createdSeconds): TaskRecord {
  return { id, model: 'seedance-1-0-pro-250528', status, created_at: createdSeconds, updated_at: updatedSeconds };
}

test('a task created here is queued with a stand-in record that any server answer replaces', () => {
  const registry = new TaskRegistry();
  const entry = registry.addCreated('cgt-1', RECIPE, NOW);
  assert.equal(entry.record.status, 'queued');
  assert.equal(entry.record.updated_at, 0);
  assert.deepEqual(registry.activeIds(), ['cgt-1']);
  const result = registry.merge([record('cgt-1', 'running', NOW / 1000 - 5, NOW / 1000 - 1)]);
  assert.equal(result.changed, true);
  assert.deepEqual(
    result.transitions.map((t) => [t.entry.record.id, t.from, t.entry.record.status]),
    [['cgt-1', 'queued', 'running']],
  );
  assert.equal(registry.get('cgt-1')?.local?.recipe.prompt, 'a kite --dur 5', 'local metadata survives a merge');
});

test('tasks first seen in a listing are added without a transition; an unchanged record changes nothing', () => {
  const registry = new TaskRegistry();
  const listed = record('cgt-2', 'succeeded', 100, 160);
  const first = registry.merge([listed]);
  assert.equal(first.changed, true);
  assert.deepEqual(first.transitions, []);
  assert.deepEqual(registry.merge([{ ...listed }]), { changed: false, transitions: [], unrecognised: [] });
});

test('an answer older than the known record is ignored (no status going back)', () => {
  const registry = new TaskRegistry([{ record: record('cgt-3', 'succeeded', 100, 200) }]);
  const result = registry.merge([record('cgt-3', 'running', 100, 150)]);
  assert.deepEqual(result, { changed: false, transitions: [], unrecognised: [] });
  assert.equal(registry.get('cgt-3')?.record.status, 'succeeded');
});

test('records without a usable id are skipped; one with an unknown status stays visible with its raw status (issue #18)', () => {
  const registry = new TaskRegistry();
  const bad = [{ status: 'running' }, { id: '..', status: 'x' }, { ...record('cgt-4', 'running', 1), status: 'weird' }, null] as unknown as TaskRecord[];
  const result = registry.merge(bad, NOW);
  assert.equal(result.changed, true);
  assert.deepEqual(
    result.unrecognised.map((e) => e.record.id),
    ['cgt-4'],
  );
  assert.equal(registry.size, 1);
  assert.equal(registry.get('cgt-4')?.anomaly?.rawStatus, 'weird');
  assert.deepEqual(registry.activeIds(NOW), ['cgt-4']);
  assert.deepEqual(registry.activeIds(NOW + 11 * 60 * 1000), [], 'not polled forever');
});

test('newest first; active ids oldest first', () => {
  const registry = new TaskRegistry();
  registry.merge([record('a', 'running', 10), record('b', 'succeeded', 30), record('c', 'queued', 20)]);
  assert.deepEqual(
    registry.all().map((e) => e.record.id),
    ['b', 'c', 'a'],
  );
  assert.deepEqual(registry.activeIds(), ['a', 'c']);
});

test('round trip through JSON keeps records, recipes, downloads, the retry link and the output folder', () => {
  const registry = new TaskRegistry();
  registry.addCreated('cgt-5', { ...RECIPE, images: [{ source: 'images/cat.png', role: 'first_frame' }] }, NOW, {
    retryOf: 'cgt-0',
    outputFolder: '/work/a/genai-media',
  });
  registry.merge([record('cgt-6', 'failed', NOW / 1000 - 10)]);
  registry.setDownloads('cgt-6', { video: '/tmp/v.mp4' });
  const restored = TaskRegistry.fromJSON(JSON.parse(JSON.stringify(registry.toJSON())));
  assert.deepEqual(restored.all(), registry.all());
  assert.equal(restored.get('cgt-5')?.local?.retryOf, 'cgt-0');
  assert.equal(restored.get('cgt-5')?.local?.outputFolder, '/work/a/genai-media');
});

test('a damaged or foreign state gives an empty registry or skips the bad entries', () => {
  assert.equal(TaskRegistry.fromJSON(undefined).size, 0);
  assert.equal(TaskRegistry.fromJSON({ version: 99, tasks: [] }).size, 0);
  const mixed = {
    version: 1,
    tasks: [
      { record: record('ok', 'queued', 1) },
      { record: { id: 'no-status' } },
      { record: record('bad-local', 'queued', 1), local: { recipe: {} } },
      { record: record('bad-folder', 'queued', 1), local: { recipe: RECIPE, createdAt: 1, outputFolder: ['/elsewhere'] } },
    ],
  };
  assert.deepEqual(
    TaskRegistry.fromJSON(mixed)
      .all()
      .map((e) => e.record.id),
    ['ok'],
  );
});

test('prune drops tasks older than the 7 days the gateway keeps them', () => {
  const nowSeconds = NOW / 1000;
  const registry = new TaskRegistry();
  registry.merge([record('old', 'succeeded', nowSeconds - TASK_RETENTION_MS / 1000 - 60), record('new', 'succeeded', nowSeconds - 60)]);
  assert.equal(registry.prune(NOW), true);
  assert.deepEqual(
    registry.all().map((e) => e.record.id),
    ['new'],
  );
  assert.equal(registry.prune(NOW), false);
});

test('remove returns the entry and forgets it', () => {
  const registry = new TaskRegistry([{ record: record('x', 'queued', 1) }]);
  assert.equal(registry.remove('x')?.record.id, 'x');
  assert.equal(registry.get('x'), undefined);
  assert.equal(registry.remove('x'), undefined);
});

test("adopting another window's file: new tasks, newer records and downloads come in, older records do not, no transitions", () => {
  const here = new TaskRegistry();
  here.merge([record('t1', 'running', 100, 110), record('t2', 'running', 100, 120)]);
  const there = new TaskRegistry();
  there.merge([record('t1', 'succeeded', 100, 130), record('t2', 'running', 100, 105), record('t3', 'queued', 140)]);
  there.setDownloads('t1', { video: '/out/t1.mp4' });
  assert.equal(here.adopt(JSON.parse(JSON.stringify(there.toJSON()))), true);
  assert.equal(here.get('t1')?.record.status, 'succeeded');
  assert.deepEqual(here.get('t1')?.downloads, { video: '/out/t1.mp4' });
  assert.equal(here.get('t2')?.record.updated_at, 120);
  assert.equal(here.get('t3')?.record.status, 'queued');
  assert.equal(here.adopt(there.toJSON()), false, 'adopting the same again changes nothing');
});

test('a task removed in one window goes from the other when it adopts the file, and a removed task is not adopted back', () => {
  const a = new TaskRegistry();
  const b = new TaskRegistry();
  for (const r of [a, b]) r.merge([record('t1', 'succeeded', 100), record('t2', 'succeeded', 100)]);
  a.remove('t1', 5000);
  assert.equal(b.adopt(a.toJSON()), true);
  assert.equal(b.get('t1'), undefined);
  const stale = new TaskRegistry();
  stale.merge([record('t1', 'succeeded', 100)]);
  assert.equal(a.adopt(stale.toJSON()), false);
  assert.equal(a.get('t1'), undefined);
  // The removal is kept in the file as long as the tasks themselves would be.
  assert.deepEqual(TaskRegistry.fromJSON(a.toJSON()).toJSON().removed, { t1: 5000 });
  assert.equal(a.prune(5000 + TASK_RETENTION_MS + 1), true);
  assert.equal(a.toJSON().removed, undefined);
});
