import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskList, TaskRecord } from '../../../src/gateway/types/tasks';
import type { Emulator } from '../../emulator/index';
import { errorOf, get, post, withEmulator } from './kit';

// Long enough that a loaded machine still sees each status at least once (polled every 20 ms).
const FAST = { taskTiming: { queuedMs: 1000, runningMs: 1000 } };
const SLOW = { taskTiming: { queuedMs: 60_000, runningMs: 60_000 } };
const PRO = 'seedance-1-0-pro-250528';

async function create(emu: Emulator, text: string, extra: Record<string, unknown> = {}, model = PRO): Promise<string> {
  const res = await post(emu, '/contents/generations/tasks', { model, content: [{ type: 'text', text }], ...extra });
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { id: string };
  assert.deepEqual(Object.keys(body), ['id']);
  assert.match(body.id, /^cgt-\d{14}-[a-z0-9]{5}$/);
  return body.id;
}

async function fetchTask(emu: Emulator, id: string): Promise<TaskRecord> {
  const res = await get(emu, `/contents/generations/tasks/${id}`);
  assert.equal(res.status, 200);
  return (await res.json()) as TaskRecord;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('lifecycle queued -> running -> succeeded with inline flags, a signed video and last frame', () =>
  withEmulator(FAST, async (emu) => {
    const id = await create(emu, 'a kite over the sea --rs 480p --rt 9:16 --dur 3 --cf true', { return_last_frame: true });
    const queued = await fetchTask(emu, id);
    assert.equal(queued.status, 'queued');
    assert.deepEqual(Object.keys(queued).sort(), ['created_at', 'id', 'model', 'status', 'updated_at']);
    const seen: string[] = [queued.status];
    let done = queued;
    while (done.status !== 'succeeded' && seen.length < 200) {
      await wait(20);
      done = await fetchTask(emu, id);
      if (seen[seen.length - 1] !== done.status) seen.push(done.status);
    }
    assert.deepEqual(seen, ['queued', 'running', 'succeeded']);
    assert.equal(done.status, 'succeeded');
    assert.equal(done.resolution, '480p');
    assert.equal(done.ratio, '9:16');
    assert.equal(done.duration, 3);
    assert.equal(done.framespersecond, 24);
    assert.equal(done.error, null);
    assert.ok((done.usage?.completion_tokens ?? 0) > 0);
    assert.ok(done.updated_at >= done.created_at);
    const video = await fetch(done.content?.video_url ?? '');
    assert.equal(video.status, 200);
    assert.equal(Buffer.from(await video.arrayBuffer()).toString('latin1', 4, 8), 'ftyp');
    const frame = await fetch(done.content?.last_frame_url ?? '');
    assert.equal(frame.headers.get('content-type'), 'image/png');
  }));

test('a prompt with fail ends failed with OutputVideoSensitiveContentDetected; no last frame unless asked', () =>
  withEmulator({ taskTiming: { queuedMs: 0, runningMs: 0 } }, async (emu) => {
    const failed = await fetchTask(emu, await create(emu, 'this should fail'));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.code, 'OutputVideoSensitiveContentDetected');
    const ok = await fetchTask(emu, await create(emu, 'a calm lake'));
    assert.equal(ok.content?.last_frame_url, undefined);
    assert.equal(ok.resolution, '1080p');
    assert.equal(ok.duration, 5);
  }));

test('unknown task is 404', () =>
  withEmulator({}, async (emu) => {
    const res = await get(emu, '/contents/generations/tasks/cgt-20250101000000-zzzzz');
    assert.equal(res.status, 404);
    assert.ok((await errorOf(res)).message.includes('cgt-20250101000000-zzzzz'));
  }));

test('list: newest first, paging, total, filters by status, model and repeated task ids', () =>
  withEmulator(SLOW, async (emu) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create(emu, `clip ${i}`));
    const lite = await post(emu, '/contents/generations/tasks', {
      model: 'seedance-1-0-lite-i2v-250428',
      content: [
        { type: 'text', text: 'hero' },
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' }, role: 'reference_image' },
      ],
    });
    const liteId = ((await lite.json()) as { id: string }).id;
    const page = (await (await get(emu, '/contents/generations/tasks?page_num=1&page_size=2')).json()) as TaskList;
    assert.equal(page.total, 6);
    assert.deepEqual(
      page.items.map((t) => t.id),
      [liteId, ids[4]],
    );
    const page3 = (await (await get(emu, '/contents/generations/tasks?page_num=3&page_size=2')).json()) as TaskList;
    assert.deepEqual(
      page3.items.map((t) => t.id),
      [ids[1], ids[0]],
    );
    const byModel = (await (await get(emu, `/contents/generations/tasks?filter.model=${PRO}`)).json()) as TaskList;
    assert.equal(byModel.total, 5);
    const byIds = (await (await get(emu, `/contents/generations/tasks?filter.task_ids=${ids[0]}&filter.task_ids=${ids[2]}`)).json()) as TaskList;
    assert.deepEqual(
      byIds.items.map((t) => t.id),
      [ids[2], ids[0]],
    );
    const queued = (await (await get(emu, '/contents/generations/tasks?filter.status=queued')).json()) as TaskList;
    assert.equal(queued.total, 6);
    const running = (await (await get(emu, '/contents/generations/tasks?filter.status=running')).json()) as TaskList;
    assert.equal(running.total, 0);
    for (const q of ['page_size=0', 'page_size=501', 'page_num=x', 'filter.status=done']) {
      const res = await get(emu, `/contents/generations/tasks?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal((await errorOf(res)).param, q.split('=')[0]);
    }
  }));

test('delete: queued -> cancelled; cancelled or running -> error; finished -> removed then 404', () =>
  withEmulator(SLOW, async (emu) => {
    const del = (id: string): Promise<Response> => post(emu, `/contents/generations/tasks/${id}`, undefined);
    const queuedId = await create(emu, 'to cancel');
    const cancel = await del(queuedId);
    assert.equal(cancel.status, 200);
    assert.deepEqual(await cancel.json(), {});
    assert.equal((await fetchTask(emu, queuedId)).status, 'cancelled');
    assert.equal((await del(queuedId)).status, 409);

    emu.setOptions({ taskTiming: { queuedMs: 0, runningMs: 60_000 } });
    const runningId = await create(emu, 'busy');
    assert.equal((await fetchTask(emu, runningId)).status, 'running');
    const refused = await del(runningId);
    assert.equal(refused.status, 409);
    assert.match((await errorOf(refused)).message, /running/);

    emu.setOptions({ taskTiming: { queuedMs: 0, runningMs: 0 } });
    const doneId = await create(emu, 'done');
    assert.equal((await del(doneId)).status, 200);
    assert.equal((await get(emu, `/contents/generations/tasks/${doneId}`)).status, 404);
    assert.equal((await del(doneId)).status, 404);
    assert.deepEqual(
      emu.tasks().map((t) => [t.id, t.status]),
      [
        [queuedId, 'cancelled'],
        [runningId, 'running'],
      ],
    );
  }));

test('task requests are checked per model with param', () =>
  withEmulator(SLOW, async (emu) => {
    const image = (role?: string): Record<string, unknown> => ({
      type: 'image_url',
      image_url: { url: 'https://example.com/i.png' },
      ...(role ? { role } : {}),
    });
    const text = { type: 'text', text: 'a scene' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: PRO, content: [text], generate_audio: true }, 'generate_audio'],
      [{ model: 'seedance-1-0-lite-i2v-250428', content: [text] }, 'content'],
      [{ model: 'seedance-1-0-pro-fast-251015', content: [text, image('first_frame'), image('last_frame')] }, 'content'],
      [{ model: PRO, content: [text, image('first_frame'), image('reference_image')] }, 'content'],
      [{ model: 'seedance-1-5-pro-251215', content: [text], resolution: '1080p' }, 'resolution'],
      [{ model: PRO, content: [text], duration: 13 }, 'duration'],
      [{ model: PRO, content: [text], ratio: 'adaptive' }, 'ratio'],
      [{ model: PRO, content: [{ type: 'text', text: 'x --rs 2160p' }] }, 'content[0].text'],
      [{ model: PRO, content: [{ type: 'video', text: 'x' }] }, 'content[0].type'],
      [{ model: PRO, content: [text, { type: 'image_url', image_url: { url: 'file:///x.png' } }] }, 'content[1].image_url.url'],
      [{ model: PRO, content: [text], seed: -2 }, 'seed'],
      [{ model: PRO, content: [text], fps: 24 }, 'fps'],
    ];
    for (const [body, param] of cases) {
      const res = await post(emu, '/contents/generations/tasks', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((await errorOf(res)).param, param, JSON.stringify(body));
    }
    const audio = await post(emu, '/contents/generations/tasks', {
      model: 'seedance-1-5-pro-251215',
      content: [text],
      generate_audio: true,
      duration: -1,
      ratio: 'adaptive',
    });
    assert.equal(audio.status, 200);
    assert.equal(emu.tasks().length, 1);
  }));
