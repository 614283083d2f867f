/** Issue #18, point 4: return_last_frame only when wanted; a strict gateway's 400 on an optional field is answered by one resend without it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { refusedOptionalFields } from '../../../src/gateway/taskFields';
import { recipeFromArgs } from '../../../src/tasks/createTaskArgs';
import { SYSTEM_CLOCK } from '../../../src/tasks/clock';
import { gatewayTaskStorage } from '../../../src/tasks/gatewayTaskStorage';
import type { TaskRecipe } from '../../../src/tasks/taskEntry';
import { buildTaskRequest } from '../../../src/tasks/taskRecipe';
import { TaskTracker } from '../../../src/tasks/taskTracker';
import { clientFixture, type ClientFixture } from '../client/harness';
import { MemoryStore } from '../../support/memoryStore';

const PRO = 'seedance-1-0-pro-250528';
const noImages = async (): Promise<string> => assert.fail('no image to read');

function tracker(f: ClientFixture, log: string[]): TaskTracker {
  return new TaskTracker({
    tasks: () => f.client.tasks,
    storage: gatewayTaskStorage(new MemoryStore(), f.emu.url),
    clock: SYSTEM_CLOCK,
    timing: { baseMs: 1000, hiddenFactor: 1, backoffFactor: 1, maxFactor: 1 },
    log: (m) => log.push(m),
  });
}

const creates = (f: ClientFixture) => f.emu.requests.filter((r) => r.method === 'POST' && r.path === '/v1/contents/generations/tasks');

test('return_last_frame is not sent unless the last frame is asked for', async () => {
  const plain = recipeFromArgs({ prompt: 'a kite' }, PRO);
  assert.equal('return_last_frame' in (await buildTaskRequest(plain, noImages)), false);
  const wanted = recipeFromArgs({ prompt: 'a kite', returnLastFrame: true }, PRO);
  assert.equal((await buildTaskRequest(wanted, noImages)).return_last_frame, true);
});

test('a strict gateway takes a default task at the first try', async () => {
  const f = await clientFixture({ faults: { strictBody: true, pathPrefix: '/contents' } });
  const t = tracker(f, []);
  try {
    await t.create(recipeFromArgs({ prompt: 'a kite' }, PRO), noImages);
    assert.equal(creates(f).length, 1);
    assert.equal(creates(f)[0]?.status, 200);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('a 400 naming an unknown optional field: sent once more without it, logged; a second refusal is not retried', async () => {
  const f = await clientFixture({ faults: { strictBody: true, pathPrefix: '/contents' } });
  const log: string[] = [];
  const t = tracker(f, log);
  try {
    const recipe: TaskRecipe = { model: PRO, prompt: 'a kite', images: [], settings: { duration: 3 }, settingsAs: 'body', returnLastFrame: true };
    const entry = await t.create(recipe, noImages);
    assert.match(entry.record.id, /^cgt-/);
    const sent = creates(f);
    assert.deepEqual(
      sent.map((r) => r.status),
      [400, 200],
    );
    assert.equal((sent[1]?.body as Record<string, unknown>).return_last_frame, undefined);
    assert.equal((sent[1]?.body as Record<string, unknown>).duration, 3);
    assert.equal(f.emu.tasks().length, 1, 'one task created');
    assert.ok(
      log.some((m) => /refused the optional field return_last_frame/.test(m)),
      log.join('\n'),
    );
    // seed and watermark refused one after the other: one resend only, then the error.
    const two: TaskRecipe = { ...recipe, returnLastFrame: undefined, settings: { seed: 3, watermark: false } };
    await assert.rejects(t.create(two, noImages), (e: unknown) => e instanceof GatewayError && e.status === 400);
    assert.equal(creates(f).length, 4);
    assert.equal(f.emu.tasks().length, 1);
  } finally {
    t.dispose();
    await f.close();
  }
});

test('refusedOptionalFields: only optional fields that were sent, only on 400/422 naming them', () => {
  const request = { model: PRO, content: [], return_last_frame: true, seed: 4 };
  const http = (message: string, param?: string, status = 400) => new GatewayError({ kind: 'http', status, message, param });
  assert.deepEqual(refusedOptionalFields(http("Unknown parameter: 'return_last_frame'.", 'return_last_frame'), request), ['return_last_frame']);
  assert.deepEqual(refusedOptionalFields(http('Extra inputs are not permitted: seed, return_last_frame', undefined, 422), request), [
    'return_last_frame',
    'seed',
  ]);
  assert.deepEqual(refusedOptionalFields(http('seed must be below 4294967296'), request), []);
  assert.deepEqual(refusedOptionalFields(http("Unknown parameter: 'watermark'.", 'watermark'), request), [], 'not sent');
  assert.deepEqual(refusedOptionalFields(http("Unknown parameter: 'seed'.", 'seed', 500), request), []);
  assert.deepEqual(refusedOptionalFields(http("Unknown parameter: 'duration'.", 'duration'), request), [], 'not optional');
});
