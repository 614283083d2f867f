import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord, TaskStatus } from '../../../src/gateway/types/tasks';
import type { TaskEntry } from '../../../src/tasks/taskEntry';
import { unsavedResults } from '../../../src/tasks/unsavedResults';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const HOUR = 60 * 60 * 1000;

function entry(id: string, status: TaskStatus, opts: { local?: boolean; saved?: boolean; finishedHoursAgo?: number } = {}): TaskEntry {
  const record: TaskRecord = { id, model: 'seedance-1-0-pro-250528', status, created_at: 0, updated_at: (NOW - (opts.finishedHoursAgo ?? 1) * HOUR) / 1000 };
  return {
    record,
    ...(opts.local === false ? {} : { local: { recipe: { model: record.model, prompt: id, images: [], settings: {}, settingsAs: 'body' }, createdAt: 0 } }),
    ...(opts.saved ? { downloads: { video: `/ws/generated/${id}.mp4` } } : {}),
  };
}

test('a succeeded task of this workspace whose video was never saved, links still valid, is a result to save', () => {
  const entries = [
    entry('unsaved', 'succeeded'),
    entry('saved', 'succeeded', { saved: true }),
    entry('not-mine', 'succeeded', { local: false }),
    entry('running', 'running'),
    entry('failed', 'failed'),
    entry('links-expired', 'succeeded', { finishedHoursAgo: 25 }),
  ];
  assert.deepEqual(
    unsavedResults(entries, NOW).map((e) => e.record.id),
    ['unsaved'],
  );
});
