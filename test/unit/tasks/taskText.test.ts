import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskEntry } from '../../../src/tasks/taskEntry';
import { elapsedMs, formatDuration, modelLabel, resultLinksExpireAt, taskDescription, taskDetails, taskLabel } from '../../../src/tasks/taskText';

const CREATED = 1_743_414_619;

function entry(extra: Partial<TaskEntry['record']> = {}, prompt?: string): TaskEntry {
  return {
    record: { id: 'cgt-20250331175019-68d9t', model: 'seedance-1-0-pro-250528', status: 'running', created_at: CREATED, updated_at: CREATED + 3, ...extra },
    ...(prompt === undefined
      ? {}
      : { local: { recipe: { model: 'seedance-1-0-pro-250528', prompt, images: [], settings: {}, settingsAs: 'body' }, createdAt: CREATED * 1000 } }),
  };
}

test('the label is the prompt without flags, on one line and shortened; else the task id', () => {
  assert.equal(taskLabel(entry({}, 'a kite\nover the sea --rs 720p --dur 5')), 'a kite over the sea');
  assert.equal(taskLabel(entry({}, 'x'.repeat(100))).length, 60);
  assert.ok(taskLabel(entry({}, 'x'.repeat(100))).endsWith('…'));
  assert.equal(taskLabel(entry()), 'cgt-20250331175019-68d9t');
  assert.equal(taskLabel(entry({}, '--rs 720p')), 'cgt-20250331175019-68d9t', 'flags only: no prompt to show');
});

test('a label makes no link in the notifications that name it (a prompt the model wrote, an id the gateway chose)', () => {
  assert.equal(taskLabel(entry({}, 'a kite [watch it](command:workbench.action.reloadWindow)')), 'a kite [watch it] (command:workbench.action.reloadWindow)');
  assert.equal(taskLabel(entry({ id: '[x](https://evil.example)' })), '[x] (https://evil.example)');
});

test('elapsed time runs while active and is the time taken once finished', () => {
  const now = (CREATED + 125) * 1000;
  assert.equal(elapsedMs(entry().record, now), 125_000);
  assert.equal(elapsedMs(entry({ status: 'succeeded', updated_at: CREATED + 54 }).record, now), 54_000);
  assert.equal(elapsedMs(entry({ status: 'queued', updated_at: 0 }).record, now), 125_000, 'a stand-in record counts from creation');
});

test('durations read as 45s, 2m 05s, 1h 02m, 3d 4h', () => {
  assert.deepEqual([45_000, 125_000, 3_720_000, 273_600_000].map(formatDuration), ['45s', '2m 05s', '1h 02m', '3d 4h']);
});

test('the description names the tier, the time and a saved result', () => {
  const saved: TaskEntry = { ...entry({ status: 'succeeded', updated_at: CREATED + 54 }), downloads: { video: '/w/a.mp4' } };
  assert.equal(taskDescription(saved, 0), '1.0 pro · 54s · saved');
  assert.equal(modelLabel('seedance-1-5-pro-251215'), '1.5 pro');
  assert.equal(modelLabel('my-own-model'), 'my-own-model');
});

test('the tooltip lists every known field, and the links expire 24 hours after the finish', () => {
  const done = entry(
    {
      status: 'failed',
      updated_at: CREATED + 60,
      resolution: '720p',
      ratio: '16:9',
      duration: 5,
      framespersecond: 24,
      seed: 10,
      error: { code: 'OutputVideoSensitiveContentDetected', message: 'sensitive' },
    },
    'a kite',
  );
  const details = Object.fromEntries(taskDetails(done, 0));
  assert.equal(details['Task ID'], 'cgt-20250331175019-68d9t');
  assert.equal(details.Status, 'Failed');
  assert.equal(details.Prompt, 'a kite');
  assert.equal(details.Took, '1m 00s');
  assert.equal(details.Error, 'OutputVideoSensitiveContentDetected: sensitive');
  assert.equal(details.Duration, '5 s');
  assert.equal(details['Created here'], 'yes');
  assert.equal(details.Created, '2025-03-31 09:50:19 UTC');
  assert.equal(resultLinksExpireAt(done.record), undefined);
  assert.equal(resultLinksExpireAt({ ...done.record, status: 'succeeded' }), (CREATED + 60) * 1000 + 86_400_000);
});
