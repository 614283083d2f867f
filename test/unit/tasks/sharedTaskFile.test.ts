import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TasksApi } from '../../../src/gateway/tasks';
import { SYSTEM_CLOCK } from '../../../src/tasks/clock';
import { gatewayTaskStorage, TASKS_LEASE_KEY, TASKS_STATE_KEY } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import type { TaskEntry } from '../../../src/tasks/taskEntry';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { clientFixture, type ClientFixture } from '../client/harness';
import { until } from '../../support/until';

const FAST_TIMING = { baseMs: 40, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 };
const noImages = async (): Promise<string> => assert.fail('no image to read');
const recipe = (prompt: string) => ({ model: 'seedance-1-0-pro-250528', prompt, images: [], settings: {}, settingsAs: 'body' as const });

/** A window: its own tracker on the shared file, counting what it asks the gateway. */
function openWindow(f: ClientFixture, file: string, windowId: string): { tracker: TaskTracker; reads: string[] } {
  const reads: string[] = [];
  const counted: Pick<TasksApi, 'create' | 'get' | 'list' | 'delete'> = {
    create: (...args) => f.client.tasks.create(...args),
    delete: (...args) => f.client.tasks.delete(...args),
    get: (...args) => (reads.push(`get ${args[0]} @${Date.now() % 100000}`), f.client.tasks.get(...args)),
    list: (...args) => (reads.push(`list @${Date.now() % 100000}`), f.client.tasks.list(...args)),
  };
  const tracker = new TaskTracker({
    tasks: () => counted,
    storage: gatewayTaskStorage(JsonFileStore.openSync(file), f.emu.url),
    clock: SYSTEM_CLOCK,
    timing: FAST_TIMING,
    log: () => undefined,
    windowId,
  });
  return { tracker, reads };
}

interface SharedFile {
  f: ClientFixture;
  file: string;
  /** Opens a window on the file; closed when the test ends. */
  open(windowId: string): { tracker: TaskTracker; reads: string[] };
}

/** An emulator whose tasks take `taskTiming`, and a task file in a fresh folder, for windows to share. */
async function onSharedFile(taskTiming: { queuedMs: number; runningMs: number }, run: (shared: SharedFile) => Promise<void>): Promise<void> {
  const f = await clientFixture({ taskTiming });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-tasks-'));
  const file = path.join(dir, 'video-tasks.json');
  const opened: TaskTracker[] = [];
  try {
    await run({
      f,
      file,
      open: (windowId) => {
        const window = openWindow(f, file, windowId);
        opened.push(window.tracker);
        return window;
      },
    });
  } finally {
    for (const tracker of opened) tracker.dispose();
    await f.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('two windows on one task file: one polls, the other shows its results; the other takes over when the first closes', () =>
  onSharedFile({ queuedMs: 300, runningMs: 1500 }, async ({ f, file, open }) => {
    const a = open('window-a');
    const b = open('window-b');
    const first = await b.tracker.create(recipe('made in b'), noImages);
    await until('window a to see the task window b created', () => a.tracker.registry.get(first.record.id), 5000);
    await until(
      'both windows to show it succeeded',
      () => a.tracker.registry.get(first.record.id)?.record.status === 'succeeded' && b.tracker.registry.get(first.record.id)?.record.status === 'succeeded',
      10_000,
    );
    const pollers = [a, b].filter((w) => w.reads.length > 0);
    assert.equal(pollers.length, 1, `one window polled (a: ${a.reads.join(',')}, b: ${b.reads.join(',')})`);

    // The poller closes with a task running: the other window polls it.
    const poller = pollers[0]!;
    const other = poller === a ? b : a;
    await until(
      'the lease to be released once nothing runs',
      () => {
        const lease = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, { expiresAt: number }>>)[TASKS_LEASE_KEY]?.[f.emu.url];
        return lease && lease.expiresAt <= Date.now();
      },
      5000,
    );
    const second = await poller.tracker.create(recipe('left running'), noImages);
    await until('the poller to poll the new task', () => poller.reads.some((r) => r.startsWith('list') || r.includes(second.record.id)), 5000);
    await poller.tracker.settled();
    poller.tracker.dispose();
    const before = other.reads.length;
    // Generous: on a loaded machine the other window's turns come late (a run with the cores busy took over 10 s).
    await until('the other window to finish the task', () => other.tracker.registry.get(second.record.id)?.record.status === 'succeeded', 30_000);
    assert.ok(other.reads.length > before, 'the other window polled after the first closed');
  }));

interface Save {
  window: string;
  id: string;
  outcome?: 'saved' | 'aborted';
}

/**
 * Saves results as the Video Tasks view does: a download of `downloadMs`
 * (`hang` never ends unless the window closes), then the recorded path.
 */
function saveResults(window: { tracker: TaskTracker }, name: string, saves: Save[], downloadMs: number, hang = () => false): void {
  window.tracker.saveResultsWith({
    enabled: () => true,
    save: async (entry: TaskEntry, signal: AbortSignal) => {
      const save: Save = { window: name, id: entry.record.id };
      saves.push(save);
      await new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => resolve());
        if (!hang()) setTimeout(resolve, downloadMs);
      });
      save.outcome = signal.aborted ? 'aborted' : 'saved';
      if (signal.aborted) throw new Error('aborted');
      window.tracker.setDownloads(entry.record.id, { video: `/videos/${name}-${entry.record.id}.mp4` });
    },
  });
}

test('four windows on one task file, each creating a task: each succeeded video is saved once', () =>
  onSharedFile({ queuedMs: 100, runningMs: 400 }, async ({ open }) => {
    const windows = ['a', 'b', 'c', 'd'].map((name) => ({ name, ...open(`window-${name}`) }));
    const saves: Save[] = [];
    for (const w of windows) saveResults(w, w.name, saves, 200);
    const created = await Promise.all(windows.map((w, i) => w.tracker.create(recipe(`made in ${w.name} ${i}`), noImages)));
    const ids = created.map((entry) => entry.record.id);
    await until(
      'every window to know every video was saved',
      () => windows.every((w) => ids.every((id) => w.tracker.registry.get(id)?.downloads?.video)),
      15_000,
    );
    // Time for a second save to start, were one coming.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of ids) {
      const of = saves.filter((s) => s.id === id);
      assert.equal(of.length, 1, `task ${id} saved by ${of.map((s) => s.window).join(', ')}`);
    }
    assert.ok(
      saves.every((s) => s.outcome === 'saved'),
      saves.map((s) => `${s.window}: ${s.outcome}`).join(', '),
    );
  }));

test('the window saving a video closes before it is saved: another window saves it, once', () =>
  onSharedFile({ queuedMs: 100, runningMs: 300 }, async ({ open }) => {
    const a = open('window-a');
    const b = open('window-b');
    const saves: Save[] = [];
    let firstSaveHangs = true;
    saveResults(a, 'a', saves, 100, () => firstSaveHangs);
    saveResults(b, 'b', saves, 100, () => firstSaveHangs);
    const task = await a.tracker.create(recipe('closed while saving'), noImages);
    const first = await until('a window to start saving the video', () => saves[0], 10_000);
    firstSaveHangs = false;
    const [closing, other] = first.window === 'a' ? [a, b] : [b, a];
    closing.tracker.dispose();
    await until('the other window to save the video', () => saves.find((s) => s.outcome === 'saved'), 10_000);
    await until('the other window to know it is saved', () => other.tracker.registry.get(task.record.id)?.downloads?.video, 5000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(
      saves.map((s) => `${s.window}: ${s.outcome ?? 'still running'}`),
      [`${first.window}: aborted`, `${first.window === 'a' ? 'b' : 'a'}: saved`],
    );
  }));

test('windows saving their tasks at the same moment: the tasks of every window stay in the file, also of one that then closes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-tasks-'));
  let lastId = 0;
  // Creates answer at once, polls never: the saves after the creates are all that writes the file.
  const windowOn = (file: string, windowId: string): TaskTracker =>
    new TaskTracker({
      tasks: () => ({
        create: async () => ({ id: `cgt-${++lastId}` }),
        delete: () => assert.fail('nothing is deleted'),
        get: () => new Promise(() => undefined),
        list: () => new Promise(() => undefined),
      }),
      storage: gatewayTaskStorage(JsonFileStore.openSync(file), 'http://gateway.test/v1'),
      clock: SYSTEM_CLOCK,
      timing: { baseMs: 60_000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
      log: () => undefined,
      windowId,
    });
  try {
    for (let round = 0; round < 10; round++) {
      const file = path.join(dir, `video-tasks-${round}.json`);
      const windows = ['a', 'b', 'c'].map((id) => windowOn(file, `window-${id}`));
      const created = await Promise.all(windows.map((w) => w.create(recipe(`round ${round}`), noImages)));
      await Promise.all(windows.map((w) => w.close()));
      const stored = JsonFileStore.openSync(file).get<Record<string, { tasks: { record: { id: string } }[] }>>(TASKS_STATE_KEY)?.['http://gateway.test/v1'];
      const onDisk = stored?.tasks.map((task) => task.record.id).sort() ?? [];
      assert.deepEqual(onDisk, created.map((entry) => entry.record.id).sort(), `round ${round}: the tasks in the file`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
