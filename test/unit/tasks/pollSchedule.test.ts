import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_POLL_TIMING, listBatches, MAX_IDS_PER_LIST, PollSchedule } from '../../../src/tasks/pollSchedule';

const TIMING = { baseMs: 1000, hiddenFactor: 4, backoffFactor: 2, maxFactor: 8 };

test('the first poll is due at once; then the base interval while visible', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.setVisible(true);
  assert.ok(schedule.dueAt() <= 0);
  schedule.polled(10_000, { ok: true, changed: true });
  assert.equal(schedule.dueAt(), 11_000);
});

test('the interval grows while nothing changes, up to its cap, and a change brings it back', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.setVisible(true);
  const intervals: number[] = [];
  for (let i = 0; i < 6; i++) {
    schedule.polled(0, { ok: true, changed: false });
    intervals.push(schedule.intervalMs());
  }
  assert.deepEqual(intervals, [2000, 4000, 8000, 8000, 8000, 8000]);
  schedule.polled(0, { ok: true, changed: true });
  assert.equal(schedule.intervalMs(), 1000);
});

test('hidden, the interval is hiddenFactor times longer; becoming visible shortens the wait at once', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.polled(0, { ok: true, changed: true });
  assert.equal(schedule.dueAt(), 4000);
  schedule.setVisible(true);
  assert.equal(schedule.dueAt(), 1000);
});

test('failures double the interval; a success resets it', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.setVisible(true);
  schedule.polled(0, { ok: false });
  assert.equal(schedule.intervalMs(), 2000);
  schedule.polled(0, { ok: false });
  assert.equal(schedule.intervalMs(), 4000);
  schedule.polled(0, { ok: true, changed: false });
  assert.equal(schedule.intervalMs(), 2000, 'one quiet poll of backoff, no failure');
});

test('Retry-After holds back the next poll, even an explicit one', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.setVisible(true);
  schedule.polled(5000, { ok: false, retryAfterMs: 30_000 });
  assert.equal(schedule.dueAt(), 35_000);
  assert.equal(schedule.earliestAt(6000), 35_000);
  assert.equal(schedule.earliestAt(40_000), 40_000);
});

test('quicken (a new task, Refresh) returns to the base interval', () => {
  const schedule = new PollSchedule(TIMING);
  schedule.setVisible(true);
  for (let i = 0; i < 5; i++) schedule.polled(0, { ok: true, changed: false });
  schedule.quicken();
  assert.equal(schedule.intervalMs(), 1000);
});

test('the default timing: 5 s visible, 20 s hidden, at most 30 s / 120 s', () => {
  const schedule = new PollSchedule(DEFAULT_POLL_TIMING);
  schedule.setVisible(true);
  assert.equal(schedule.intervalMs(), 5000);
  for (let i = 0; i < 20; i++) schedule.polled(0, { ok: true, changed: false });
  assert.equal(schedule.intervalMs(), 30_000);
  schedule.setVisible(false);
  assert.equal(schedule.intervalMs(), 120_000);
});

test('ids are batched by 500, the most one list call answers', () => {
  const ids = Array.from({ length: 1201 }, (_, i) => `cgt-${i}`);
  const batches = listBatches(ids);
  assert.equal(MAX_IDS_PER_LIST, 500);
  assert.deepEqual(
    batches.map((b) => b.length),
    [500, 500, 201],
  );
  assert.deepEqual(batches.flat(), ids);
  assert.deepEqual(listBatches([]), []);
});
