import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaViewOf } from '../../../src/chatView/mediaViews';
import type { VideoTaskState } from '../../../src/protocol/chatMediaProtocol';
import { gatewayTaskStorage } from '../../../src/tasks/gatewayTaskStorage';
import { DEFAULT_POLL_TIMING } from '../../../src/tasks/pollSchedule';
import type { VideoTaskFeed } from '../../../src/tasks/taskFeed';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { MemoryStore } from '../../support/memoryStore';
import { clientFixture } from '../client/harness';
import { FakeClock } from '../tasks/fakeClock';

/** Polls until the task finished; more would mean it never did. */
const MAX_POLLS = 200;

/**
 * One task created and polled by the Video Tasks view's tracker until it
 * finished, while `cards` chat cards follow it through the feed as the chat
 * view does (a view rebuilt on every change). Returns the tracker's polls,
 * the requests the gateway saw after the creation, and the states each card
 * showed.
 */
async function followed(cards: number): Promise<{ polls: number; requests: number; shown: VideoTaskState[][] }> {
  // Statuses last long enough that a loaded machine (each poll here takes 30 ms and more) still polls each of them.
  const f = await clientFixture({ taskTiming: { queuedMs: 300, runningMs: 900 } });
  const clock = new FakeClock();
  const tracker = new TaskTracker({
    tasks: () => f.client.tasks,
    storage: gatewayTaskStorage(new MemoryStore(), f.emu.url),
    clock,
    timing: DEFAULT_POLL_TIMING,
    log: () => undefined,
  });
  // As registerVideoTasks lends it (ensureDownloaded is not used here).
  const feed: Pick<VideoTaskFeed, 'entry'> = { entry: (id) => tracker.registry.get(id) };
  try {
    const { record } = await tracker.create(
      { model: 'seedance-1-0-pro-250528', prompt: 'a kite', images: [], settings: { duration: 3 }, settingsAs: 'body' },
      async () => assert.fail('no images'),
    );
    const created = f.emu.requests.length;
    const shown: VideoTaskState[][] = Array.from({ length: cards }, () => []);
    const sources = { webviewUri: () => undefined, exists: async () => false, task: (id: string) => feed.entry(id), now: () => clock.now() };
    for (const states of shown) {
      tracker.onDidChange.on(
        () =>
          void mediaViewOf({ kind: 'videoTask', taskId: record.id }, sources).then(
            (v) => v.kind === 'videoTask' && states.at(-1) !== v.task.state && states.push(v.task.state),
          ),
      );
    }
    let polls = 0;
    for (; polls < MAX_POLLS; polls++) {
      await sleep(30);
      if (!clock.fireNext()) break;
      await tracker.settled();
    }
    await sleep(20);
    return { polls, requests: f.emu.requests.length - created, shown };
  } finally {
    tracker.dispose();
    await f.close();
  }
}

test('chat cards follow a task through the Video Tasks feed without a single request of their own', async () => {
  const alone = await followed(0);
  const withCards = await followed(3);
  assert.equal(alone.requests, alone.polls, 'one request per poll of the tracker');
  assert.ok(withCards.polls > 2 && withCards.polls < MAX_POLLS, `the task finished after a few polls (${withCards.polls})`);
  assert.equal(withCards.requests, withCards.polls, 'three cards following the task add no request');
  for (const states of withCards.shown)
    assert.deepEqual(
      states.filter((s) => s !== 'queued'),
      ['running', 'succeeded'],
      'each card saw the task run and succeed',
    );
});
