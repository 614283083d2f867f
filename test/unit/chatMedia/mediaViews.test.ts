import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { isInsideFolder, mediaViewOf, type MediaViewSources } from '../../../src/chatView/mediaViews';
import type { TaskEntry } from '../../../src/tasks/taskEntry';

const OUT = path.resolve('/ws/generated');
const file = (name: string): string => path.join(OUT, name);

function sources(existing: string[], tasks: Record<string, TaskEntry> = {}, now = 100_000): MediaViewSources {
  return {
    webviewUri: (f) => (isInsideFolder(OUT, f) ? `https://file+.vscode-resource.vscode-cdn.net${f}` : undefined),
    exists: async (f) => existing.includes(f),
    task: (id) => tasks[id],
    now: () => now,
  };
}

test('images inside the output folder get webview URIs; deleted ones and ones outside it get placeholders', async () => {
  const outside = path.resolve('/ws/elsewhere/x.png');
  const view = await mediaViewOf({ kind: 'images', files: [file('a.png'), file('gone.png'), outside] }, sources([file('a.png'), outside]));
  assert.deepEqual(view, {
    kind: 'images',
    images: [
      { name: 'a.png', src: `https://file+.vscode-resource.vscode-cdn.net${file('a.png')}` },
      { name: 'gone.png', missing: 'deleted' },
      { name: 'x.png', missing: 'outside' },
    ],
  });
});

test('isInsideFolder: only files below the folder, no .. escape, not the folder itself', () => {
  assert.equal(isInsideFolder(OUT, file('a.png')), true);
  assert.equal(isInsideFolder(OUT, file('sub/b.png')), true);
  assert.equal(isInsideFolder(OUT, file('..a.png')), true);
  assert.equal(isInsideFolder(OUT, OUT), false);
  assert.equal(isInsideFolder(OUT, path.join(OUT, '..', 'secret.png')), false);
  assert.equal(isInsideFolder(OUT, `${OUT}-other/a.png`), false);
});

test("a task's view: elapsed from its creation while running, time taken, error, last frame and video once saved; unknown tasks say so", async () => {
  const base = { id: 'cgt-1', model: 'seedance-1-0-pro-250528', created_at: 10, updated_at: 40 };
  const local = { recipe: { model: base.model, prompt: 'a kite over the sea', images: [], settings: {}, settingsAs: 'body' as const }, createdAt: 10_000 };
  const running = await mediaViewOf({ kind: 'videoTask', taskId: 'cgt-1' }, sources([], { 'cgt-1': { record: { ...base, status: 'running' }, local } }));
  assert.deepEqual(running, { kind: 'videoTask', task: { taskId: 'cgt-1', state: 'running', label: 'a kite over the sea', startedAt: 10_000 } });
  const failed = await mediaViewOf(
    { kind: 'videoTask', taskId: 'cgt-1' },
    sources([], { 'cgt-1': { record: { ...base, status: 'failed', error: { code: 'X', message: 'sensitive content' } } } }),
  );
  assert.deepEqual(failed, { kind: 'videoTask', task: { taskId: 'cgt-1', state: 'failed', label: 'cgt-1', tookMs: 30_000, error: 'sensitive content' } });
  const downloads = { video: file('kite.mp4'), lastFrame: file('kite-last-frame.png') };
  const done = await mediaViewOf(
    { kind: 'videoTask', taskId: 'cgt-1' },
    sources([downloads.video, downloads.lastFrame], {
      'cgt-1': {
        record: { ...base, status: 'succeeded', duration: 5, resolution: '720p', ratio: '16:9', usage: { completion_tokens: 108900 } },
        local,
        downloads,
      },
    }),
  );
  assert.equal(done.kind === 'videoTask' && done.task.video, 'kite.mp4');
  assert.equal(done.kind === 'videoTask' && done.task.generated, '5 s video, 720p, 16:9, 108,900 tokens');
  assert.equal(running.kind === 'videoTask' && running.task.generated, undefined, 'nothing generated while it runs');
  assert.match(done.kind === 'videoTask' ? (done.task.poster ?? '') : '', /vscode-resource.*kite-last-frame\.png$/);
  assert.deepEqual(await mediaViewOf({ kind: 'videoTask', taskId: 'cgt-9' }, sources([])), {
    kind: 'videoTask',
    task: { taskId: 'cgt-9', state: 'unknown', label: 'cgt-9' },
  });
});

test('speech: a reading has no file; a saved file is named, and marked when deleted', async () => {
  assert.deepEqual(await mediaViewOf({ kind: 'speech' }, sources([])), { kind: 'speech' });
  assert.deepEqual(await mediaViewOf({ kind: 'speech', file: file('s.mp3') }, sources([])), { kind: 'speech', file: { name: 's.mp3', missing: true } });
});
