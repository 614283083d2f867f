// 20 chats streaming at once, images generated and video tasks polled, against the emulator (in a
// process of its own, so the heap measured is the client's) for 60 seconds: nothing is lost and
// the live heap stays flat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GatewayClient } from '../../../src/gateway/client';
import { startEmulatorProcess } from '../../support/emulatorProcess';
import { liveHeapBytes } from './heap';
import { partialFiles } from './leftoverFiles';
import { chatUser, imageMaker, taskCreator } from './loadWorkers';
import { taskTrackerFor } from './taskTrackerFor';
import { recordUnhandledRejections } from './unhandledRejections';

const DURATION_MS = 60_000;
const CHAT_USERS = 20;
/** Heap growth between the first and the last samples (garbage collected) that still counts as flat. */
const MAX_HEAP_GROWTH_MB = 16;
const MB = 2 ** 20;

test('20 chats, images and task polling for 60 s: nothing lost, memory flat', { timeout: DURATION_MS + 90_000 }, async (t) => {
  const emulator = await startEmulatorProcess(['--chunk-delay', '5']);
  let requests = 0;
  const client = new GatewayClient({
    baseUrl: emulator.url,
    userAgent: 'load-test',
    env: {},
    getCredential: async () => emulator.apiKey,
    onRequest: () => requests++,
  });
  const tracker = taskTrackerFor(client, 250);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reliability-load-'));
  const rejections = recordUnhandledRejections();
  const heap: number[] = [];
  const sampler = setInterval(() => heap.push(liveHeapBytes()), 10_000);
  try {
    const deadline = Date.now() + DURATION_MS;
    const [answers, images, tasks] = await Promise.all([
      Promise.all(Array.from({ length: CHAT_USERS }, (_, user) => chatUser(client, 100 + 10 * user, deadline))),
      imageMaker(client, fs.mkdtempSync(path.join(folder, 'images-')), 250, deadline),
      taskCreator(tracker, 2000, deadline),
    ]);
    clearInterval(sampler);
    heap.push(liveHeapBytes());
    const chats = answers.reduce((a, b) => a + b, 0);
    t.diagnostic(
      `under load for ${DURATION_MS / 1000} s: ${requests} requests, ${chats} chat answers by ${CHAT_USERS} users, ${images} images, ${tasks.length} video tasks; ` +
        `live heap ${heap.map((bytes) => (bytes / MB).toFixed(1)).join(' → ')} MB; lost: nothing`,
    );
    assert.ok(
      answers.every((n) => n > 0),
      'every user got answers',
    );
    assert.ok(images > 0 && tasks.length > 0);
    assert.deepEqual(rejections.reasons, []);
    assert.deepEqual(partialFiles(folder), []);
    const growthMb = (heap[heap.length - 1] - heap[0]) / MB;
    assert.ok(growthMb < MAX_HEAP_GROWTH_MB, `live heap grew by ${growthMb.toFixed(1)} MB`);
  } finally {
    clearInterval(sampler);
    rejections.stop();
    tracker.dispose();
    await client.close();
    await emulator.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
