// A reload of the window while a chat answer streams, a task result downloads and another task
// runs: afterwards the history keeps what streamed (marked interrupted), each task's video is saved
// once and whole, and no partial file is left in the workspace.
import * as fs from 'fs';
import * as path from 'path';
import { wordsAnswer } from '../../emulator/chat/answers';
import { until } from '../../support/until';
import { isWholeMediaFile } from '../../support/wholeMediaFile';
import { openChat, sendMessage } from '../lib/chatView';
import { sleep } from '../lib/proc';
import { assert, uiTest, type UiContext } from '../lib/ui';
import { createTaskThroughPalette } from '../lib/videoTasks';

const ANSWER_WORDS = 2000;
const DOWNLOADED = 'downloaded across a reload';
const RUNNING = 'running across a reload';
/** What test/emulator/options.ts starts with. */
const EMULATOR_DEFAULT_TASK_TIMING = { queuedMs: 300, runningMs: 700 };

/** Files of the workspace, relative to it, hidden ones included. */
function workspaceFiles({ workspace }: UiContext): string[] {
  return fs
    .readdirSync(workspace, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(workspace, path.join(entry.parentPath, entry.name)));
}

/** The saved videos of a task, named after its prompt. */
function videosOf(ctx: UiContext, prompt: string): string[] {
  const stem = `generated${path.sep}${prompt.replace(/ /g, '-')}-`;
  return workspaceFiles(ctx).filter((file) => file.startsWith(stem) && file.endsWith('.mp4'));
}

/** Deletes the tasks made since `from` on the gateway, which the later UI files share (a running task is waited for). */
async function deleteTasksSince(ctx: UiContext, from: number): Promise<void> {
  const running = (): boolean =>
    ctx.emulator
      .tasks()
      .slice(from)
      .some((t) => t.status === 'running');
  await until("this file's tasks to finish", () => !running(), 60000);
  for (const { id } of ctx.emulator.tasks().slice(from)) {
    await fetch(`${ctx.emulator.url}/contents/generations/tasks/${id}`, { method: 'POST', headers: { authorization: `Bearer ${ctx.emulator.apiKey}` } });
  }
}

/** Starts the three, reloads in the middle of them, then checks what the new window shows and what is on disk. */
async function reloadMidway(ctx: UiContext): Promise<void> {
  // Each download takes about 4 × 4 s: the reload comes in the middle of it.
  ctx.emulator.setFaults({ slowChunkMs: 4000, pathPrefix: '/files' });
  // The task that succeeds soon is created last: its success redraws the tree, which would close a quick input.
  for (const [prompt, runningMs] of [
    [RUNNING, 30_000],
    [DOWNLOADED, 2000],
  ] as const) {
    ctx.emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs } });
    const before = ctx.emulator.tasks().length;
    await createTaskThroughPalette(ctx, prompt);
    await until(`the task "${prompt}" created`, () => ctx.emulator.tasks().length > before, 15000);
    await ctx.page.locator('.pane .monaco-list-row', { hasText: prompt }).waitFor({ timeout: 15000 });
    // The creation's progress and the tree's reveal settle before the next quick input opens.
    await sleep(2000);
  }
  await until('the result download to start', () => ctx.emulator.requests.some((r) => r.path.startsWith('/files/') && r.path.endsWith('.mp4')), 30000);
  ctx.emulator.setOptions({ chunkDelayMs: 30 });
  const streaming = await openChat(ctx);
  const answer = await sendMessage(streaming, `length ${ANSWER_WORDS}`);
  await answer.locator('.assistant-text', { hasText: 'lorem ipsum' }).waitFor({ timeout: 15000 });
  await ctx.reload();
  ctx.emulator.setFaults(undefined);
  ctx.emulator.setOptions({ chunkDelayMs: 0 });

  const chat = await openChat(ctx);
  const kept = chat.locator('.turn-assistant').last();
  await kept.locator('.status-interrupted').waitFor({ timeout: 20000 });
  const text = (await kept.locator('.assistant-text').innerText()).trim();
  assert.ok(text.length > 0 && wordsAnswer(ANSWER_WORDS).startsWith(text), `what streamed is kept: ${JSON.stringify(text.slice(0, 80))}…`);
  await ctx.screenshot('after-reload-chat');

  await until('both task videos saved', () => videosOf(ctx, DOWNLOADED).length > 0 && videosOf(ctx, RUNNING).length > 0, 90000);
  // Late writers (the closed window's extension host) would show up here.
  await sleep(5000);
  for (const prompt of [DOWNLOADED, RUNNING]) {
    const videos = videosOf(ctx, prompt);
    assert.strictEqual(videos.length, 1, `one video for "${prompt}": ${videos.join(', ')}`);
    assert.ok(isWholeMediaFile(fs.readFileSync(path.join(ctx.workspace, videos[0]))), `${videos[0]} is whole`);
  }
  assert.deepStrictEqual(
    workspaceFiles(ctx).filter((file) => file.endsWith('.part')),
    [],
    'no partial file',
  );
}

export const tests = [
  uiTest(
    'a reload during a chat stream, a result download and a running task leaves history, tasks and files consistent',
    async (ctx) => {
      const tasksBefore = ctx.emulator.tasks().length;
      try {
        await reloadMidway(ctx);
      } finally {
        // The emulator is shared with the UI files after this one: as it was, with this file's tasks gone.
        ctx.emulator.setFaults(undefined);
        ctx.emulator.setOptions({ chunkDelayMs: 0, taskTiming: EMULATOR_DEFAULT_TASK_TIMING });
        await deleteTasksSince(ctx, tasksBefore);
      }
    },
    { timeoutMs: 240000 },
  ),
];
