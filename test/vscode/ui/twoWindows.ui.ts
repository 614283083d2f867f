// Two windows on one workspace (two browser windows on one code-server: each has its own extension host,
// and they share the server's global storage, where the video tasks are kept): one window polls a task while
// both show it, its video is saved once, and when the polling window closes the other takes over.
import * as fs from 'fs';
import * as path from 'path';
import { until } from '../../support/until';
import type { Emulator } from '../lib/emulator';
import { sleep } from '../lib/proc';
import { extensionHosts, RequestSenders } from '../lib/requestSenders';
import { assert, uiTest, type UiContext } from '../lib/ui';
import { createTaskThroughPalette, row, tasksPane, waitForGroup } from '../lib/videoTasks';
import { setWorkspaceSetting } from '../lib/workspaceSettings';

const TASKS = '/v1/contents/generations/tasks';

type Request = Emulator['requests'][number];

/** A status request about this task: its own GET, or the list filtered by ids. */
function asksAbout(request: Request, id: string): boolean {
  return request.method === 'GET' && request.path.startsWith(TASKS) && (request.path === `${TASKS}/${id}` || decodeURIComponent(request.query).includes(id));
}

/** The task the emulator created last, once it has a video. */
async function createdTask(ctx: UiContext, before: number): Promise<{ id: string; videoPath: () => string | undefined }> {
  const { id } = await until('the task to be created', () => ctx.emulator.tasks()[before], 20000);
  const videoUrl = (): string | undefined => ctx.emulator.tasks().find((t) => t.id === id)?.content?.video_url;
  return { id, videoPath: () => videoUrl() && new URL(videoUrl()!).pathname };
}

/** The videos saved for a prompt in the shared output folder. */
function savedVideos(workspace: string, prompt: string): string[] {
  const folder = path.join(workspace, 'generated');
  const slug = prompt.replace(/\s+/g, '-');
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.startsWith(slug) && f.endsWith('.mp4')) : [];
}

export const tests = [
  uiTest(
    'two windows on one workspace: one polls, both show the task, the video is saved once; the other takes over when the polling window closes',
    async (ctx) => {
      setWorkspaceSetting(ctx.workspace, 'genaiGateway.videoTasks.pollIntervalSeconds', 1);
      const windowOf = (env: Map<string, string>): string | undefined =>
        env.get('GENAI_TEST_WORKSPACE') === ctx.workspace ? (env.get('GENAI_TEST_WINDOW') ?? 'first') : undefined;
      const second = await ctx.openWindow({ GENAI_TEST_WINDOW: 'second' });
      const windows = { first: { wb: ctx.wb, page: ctx.page }, second };
      const panes = { first: await tasksPane(windows.first), second: await tasksPane(windows.second) };
      const hosts = extensionHosts(windowOf);
      ctx.log('extension hosts', JSON.stringify([...hosts]));
      assert.deepStrictEqual([...hosts.keys()].sort(), ['first', 'second'], 'each window has its own extension host');
      const senders = new RequestSenders(ctx.emulator, windowOf);
      try {
        // 1. A task created in the first window.
        const prompt = 'a heron in two windows';
        ctx.emulator.setOptions({ taskTiming: { queuedMs: 2000, runningMs: 5000 } });
        const before = ctx.emulator.tasks().length;
        await createTaskThroughPalette(windows.first, prompt);
        const task = await createdTask(ctx, before);
        await Promise.all([waitForGroup(panes.first, prompt, 'Running', 30000), waitForGroup(panes.second, prompt, 'Running', 30000)]);
        await ctx.screenshot('both-running');
        await windows.second.wb.screenshot('second-window-running');
        await Promise.all([waitForGroup(panes.first, prompt, 'Succeeded', 40000), waitForGroup(panes.second, prompt, 'Succeeded', 40000)]);
        await until('the video to be saved', () => savedVideos(ctx.workspace, prompt).length > 0, 20000);
        for (const pane of [panes.first, panes.second]) {
          await until('both windows to show the video saved', async () => /saved/.test(await row(pane, prompt).innerText()), 10000);
        }
        // Time for a second download or save, were one coming.
        await sleep(4000);
        const polls = ctx.emulator.requests.filter((r) => asksAbout(r, task.id));
        const pollers = [...new Set(polls.map((r) => senders.of(r)))];
        ctx.log(`${polls.length} status requests about ${task.id}: ${polls.map((r) => `${senders.of(r)} ${r.path}?${r.query} @${r.at % 100000}`).join('; ')}`);
        assert.strictEqual(pollers.length, 1, `one window asked about the task: ${pollers.join(', ')}`);
        assert.ok(pollers[0] === 'first' || pollers[0] === 'second', `the requests came from a window: ${pollers[0]}`);
        assert.ok(polls.length >= 3, `the task was polled until it finished (${polls.length} requests)`);
        const downloads = ctx.emulator.requests.filter((r) => r.path === task.videoPath());
        assert.strictEqual(downloads.length, 1, 'the video was downloaded once');
        assert.strictEqual(senders.of(downloads[0]!), pollers[0], 'by the window that polled');
        assert.deepStrictEqual(savedVideos(ctx.workspace, prompt).length, 1, `one video saved: ${savedVideos(ctx.workspace, prompt).join(', ')}`);
        await ctx.screenshot('both-succeeded-first-window');
        await windows.second.wb.screenshot('both-succeeded-second-window');

        // 2. A long task; the window polling it closes while it runs.
        const longPrompt = 'a heron left running';
        ctx.emulator.setOptions({ taskTiming: { queuedMs: 1000, runningMs: 12000 } });
        const beforeLong = ctx.emulator.tasks().length;
        await createTaskThroughPalette(windows.first, longPrompt);
        const long = await createdTask(ctx, beforeLong);
        const firstPoll = await until('a window to poll the long task', () => ctx.emulator.requests.find((r) => asksAbout(r, long.id)), 20000);
        const closing = senders.of(firstPoll) as 'first' | 'second';
        const staying = closing === 'first' ? 'second' : 'first';
        ctx.log(`the ${closing} window polls the long task; closing it`);
        const closedAt = Date.now();
        await windows[closing].page.close();
        await waitForGroup(panes[staying], longPrompt, 'Succeeded', 70000);
        await until('the long video to be saved', () => savedVideos(ctx.workspace, longPrompt).length > 0, 20000);
        await sleep(3000);
        const after = ctx.emulator.requests.filter((r) => asksAbout(r, long.id) && r.at > closedAt);
        const takeOver = after.filter((r) => senders.of(r) === staying);
        ctx.log(`after the close: ${after.map((r) => `${senders.of(r)} +${r.at - closedAt} ms`).join(', ')}`);
        assert.ok(takeOver.length > 0, `the ${staying} window polled after the ${closing} one closed`);
        // The closing window let the lease go (deactivate waits for it): no waiting for it to expire (30 s).
        assert.ok(takeOver[0]!.at - closedAt < 15000, `taken over ${takeOver[0]!.at - closedAt} ms after the close`);
        assert.ok(
          after.filter((r) => r.at > takeOver[0]!.at).every((r) => senders.of(r) === staying),
          `once taken over, only the ${staying} window polled`,
        );
        const longDownloads = ctx.emulator.requests.filter((r) => r.path === long.videoPath());
        assert.strictEqual(longDownloads.length, 1, 'the long video was downloaded once');
        assert.strictEqual(senders.of(longDownloads[0]!), staying, 'by the window that took over');
        assert.strictEqual(savedVideos(ctx.workspace, longPrompt).length, 1, 'one long video saved');
        await windows[staying].wb.screenshot(`${staying}-window-took-over`);
      } finally {
        senders.stop();
      }
    },
    { timeoutMs: 240000 },
  ),
];
