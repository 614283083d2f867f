// The Video Tasks view in a real workbench: creating tasks through the guided input, the tree's
// groups, icons, badge, tooltip and menus, notifications, confirmations, a reload in the middle of a
// task, and the requests 50 running tasks cost.
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import { sleep } from '../lib/proc';
import { assert, confirmDialog, uiTest, type UiContext } from '../lib/ui';
import { createTaskThroughPalette as createThroughPalette, groupOf, PRO_TASK_MODEL, row, tasksPane, waitForGroup } from '../lib/videoTasks';
import { LISTED_ELSEWHERE, UNKNOWN_MODEL } from '../lib/listedModels';
import { setWorkspaceSetting } from '../lib/workspaceSettings';

const PRO = PRO_TASK_MODEL;
const TASKS = '/v1/contents/generations/tasks';

/** Runs every "Load More" through the keyboard (the row may be scrolled out of a virtualized tree); returns how many. */
async function loadAllPages({ page, emulator }: UiContext, pane: Locator, anyTaskRow: Locator): Promise<number> {
  const pageRequests = () => emulator.requests.filter((r) => r.path === TASKS && r.query.includes('page_num') && r.status !== undefined).length;
  let pages = 0;
  await anyTaskRow.click();
  for (;;) {
    await page.keyboard.press('End');
    const focused = pane.locator('.monaco-list-row.focused');
    await focused.waitFor({ timeout: 5000 });
    if (!(await focused.innerText()).includes('Load More')) return pages;
    const before = pageRequests();
    await page.keyboard.press('Enter');
    pages++;
    for (const end = Date.now() + 15000; pageRequests() === before && Date.now() < end;) await sleep(100);
    await sleep(500);
  }
}

/** The number on the GenAI Gateway activity-bar icon ('' when none is shown). */
async function activityBadge({ page }: UiContext): Promise<string> {
  const item = page
    .locator('.part.activitybar li.action-item')
    .filter({ has: page.locator('[aria-label*="GenAI Gateway"]') })
    .or(page.locator('.part.activitybar li.action-item[aria-label*="GenAI Gateway"]'));
  const badge = item.first().locator('.badge').filter({ visible: true });
  return (await badge.count()) ? (await badge.first().innerText()).trim() : '';
}

export const tests = [
  uiTest(
    "Create Video Task's model pick offers the video task models, and under Other only what may be one: no chat, image, speech or Veo model",
    async (ctx) => {
      const { wb } = ctx;
      ctx.emulator.setOptions({ extraModels: LISTED_ELSEWHERE });
      let texts: string[];
      try {
        // Select Model asks the gateway again, so the task flow's list has the added ids.
        await wb.runCommand('GenAI Gateway: Select Model');
        await wb.quickInput.locator('input').fill(UNKNOWN_MODEL);
        await wb.quickInput.locator('.monaco-list-row', { hasText: UNKNOWN_MODEL }).first().waitFor({ timeout: 20000 });
        await wb.closeQuickInput();
        await wb.runCommand('GenAI Gateway: Create Video Task...');
        const rows = wb.quickInput.locator('.monaco-list-row');
        await rows.filter({ hasText: PRO }).first().waitFor({ timeout: 20000 });
        texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
        await ctx.screenshot('task-model-pick');
        await wb.closeQuickInput();
      } finally {
        ctx.emulator.setOptions({ extraModels: [] });
      }
      const expected = [PRO, 'seedance-1-0-pro-fast-251015', 'seedance-1-0-lite-i2v-250428', 'seedance-1-5-pro-251215', 'sora-2', 'kling-v2-1', UNKNOWN_MODEL];
      assert.ok(texts.length === expected.length && expected.every((id, i) => texts[i].startsWith(id)), JSON.stringify(texts));
      // Video models whose request format is not known, and the unknown id, under Other with where their kind is saved.
      assert.match(texts[4], /\bOther\b/);
      for (const text of texts.slice(4)) assert.match(text, /modelCapabilities/);
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'Create Video Task from the palette: queued and running with a badge, then succeeded and saved',
    async (ctx) => {
      setWorkspaceSetting(ctx.workspace, 'genaiGateway.videoTasks.pollIntervalSeconds', 1);
      ctx.emulator.setOptions({ taskTiming: { queuedMs: 2500, runningMs: 4000 } });
      const pane = await tasksPane(ctx);
      await createThroughPalette(ctx, 'a red kite over the sea');
      await row(pane, 'a red kite over the sea').waitFor({ timeout: 15000 });
      await waitForGroup(pane, 'a red kite over the sea', 'Running', 15000);
      assert.match(await row(pane, 'a red kite over the sea').innerText(), /1\.0 pro · \d+s/);
      assert.strictEqual(await activityBadge(ctx), '1', 'the badge counts the running task');
      await ctx.screenshot('running');
      const created = ctx.emulator.requests.filter((r) => r.method === 'POST' && r.path === TASKS).at(-1);
      assert.deepStrictEqual(created?.body, { model: PRO, content: [{ type: 'text', text: 'a red kite over the sea' }], duration: 2 });
      await waitForGroup(pane, 'a red kite over the sea', 'Succeeded');
      await ctx.wb.waitForNotification(/video task "a red kite over the sea" saved as a-red-kite-over-the-sea-\d{8}-\d{6}\.mp4/i, 20000);
      const saved = fs.readdirSync(path.join(ctx.workspace, 'generated')).filter((f) => f.startsWith('a-red-kite-over-the-sea'));
      // The video and its sidecar: the last frame is no longer asked for unless chosen (issue #18).
      assert.strictEqual(saved.length, 2, JSON.stringify(saved));
      assert.strictEqual(await activityBadge(ctx), '', 'no badge once nothing runs');
      assert.match(await row(pane, 'a red kite over the sea').innerText(), /saved/);
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'a failed task: its error code in a notification and in the tooltip',
    async (ctx) => {
      ctx.emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 800 } });
      const pane = await tasksPane(ctx);
      await createThroughPalette(ctx, 'this one will fail');
      await ctx.wb.waitForNotification(/"this one will fail" failed: OutputVideoSensitiveContentDetected/, 20000);
      await waitForGroup(pane, 'this one will fail', 'Failed');
      await ctx.wb.clearNotifications();
      await row(pane, 'this one will fail').hover();
      const hover = ctx.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'OutputVideoSensitiveContentDetected' });
      await hover.first().waitFor({ state: 'visible', timeout: 10000 });
      for (const field of ['Task ID', 'Status', 'Model', 'Prompt', 'Created', 'Error', 'Created here']) {
        assert.match(await hover.first().innerText(), new RegExp(field));
      }
      await ctx.screenshot('tooltip');
      await ctx.page.mouse.move(0, 0);
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'the item menus offer the actions of the status; Show Request opens the request',
    async (ctx) => {
      const pane = await tasksPane(ctx);
      const succeeded = await ctx.wb.openContextMenu(row(pane, 'a red kite over the sea'));
      await ctx.screenshot('menu-succeeded');
      await ctx.page.keyboard.press('Escape');
      for (const label of [
        'Open Video Task Result',
        'Download Video Task Result',
        'Copy Video Task ID',
        'Show Video Task Request',
        'Retry Video Task as a New Task...',
        'Delete Video Task...',
      ]) {
        assert.ok(succeeded.includes(label), `${label} in ${JSON.stringify(succeeded)}`);
      }
      assert.ok(!succeeded.includes('Cancel Video Task...'));
      const failed = await ctx.wb.openContextMenu(row(pane, 'this one will fail'));
      assert.ok(failed.includes('Delete Video Task...') && failed.includes('Retry Video Task as a New Task...'), JSON.stringify(failed));
      assert.ok(!failed.includes('Open Video Task Result') && !failed.includes('Download Video Task Result'), JSON.stringify(failed));
      await ctx.wb.pickMenuItem('Show Video Task Request');
      await ctx.page.locator('.monaco-editor .view-lines', { hasText: '"model": "seedance-1-0-pro-250528"' }).first().waitFor({ timeout: 15000 });
      await ctx.page.locator('.monaco-editor .view-lines', { hasText: 'this one will fail' }).first().waitFor({ timeout: 5000 });
      await ctx.screenshot('show-request');
      await ctx.wb.runCommand('View: Revert and Close Editor');
      const kite = row(pane, 'a red kite over the sea');
      await kite.hover();
      await kite.locator('.action-label[aria-label*="Open Video Task Result"]').click();
      const tab = ctx.page.locator('.tabs-container .tab', { hasText: /^a-red-kite-over-the-sea-\d{8}-\d{6}\.mp4/ }).first();
      await tab.waitFor({ timeout: 15000 });
      await ctx.screenshot('open-result');
      // The video preview's webview takes the keyboard (F1 included): close its tab with the mouse.
      await tab.hover();
      await tab.locator('.action-label[aria-label^="Close"]').first().click();
      await tab.waitFor({ state: 'detached', timeout: 10000 });
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'Retry and Delete ask first; Cancel from the inline button cancels a queued task',
    async (ctx) => {
      const pane = await tasksPane(ctx);
      const posts = () => ctx.emulator.requests.filter((r) => r.method === 'POST' && r.path === TASKS).length;
      const before = posts();
      await ctx.wb.openContextMenu(row(pane, 'this one will fail'));
      await ctx.wb.pickMenuItem('Retry Video Task as a New Task...');
      assert.match(await confirmDialog(ctx, 'Cancel'), /new, paid task/);
      assert.strictEqual(posts(), before, 'dismissed: nothing created');
      await ctx.wb.openContextMenu(row(pane, 'this one will fail'));
      await ctx.wb.pickMenuItem('Retry Video Task as a New Task...');
      await confirmDialog(ctx, 'Create New Task');
      for (const end = Date.now() + 10000; posts() === before && Date.now() < end;) await sleep(100);
      await sleep(500);
      assert.strictEqual(posts(), before + 1, 'exactly one new task');
      await ctx.wb.waitForNotification(/"this one will fail" failed/, 20000);
      await ctx.wb.clearNotifications();

      // Other suites' tasks may be on the same emulator: the kite is the one succeeded task that goes.
      const succeeded = () =>
        ctx.emulator
          .tasks()
          .filter((t) => t.status === 'succeeded')
          .map((t) => t.id);
      const succeededBefore = succeeded();
      await ctx.wb.openContextMenu(row(pane, 'a red kite over the sea'));
      await ctx.wb.pickMenuItem('Delete Video Task...');
      await confirmDialog(ctx, 'Delete Task');
      await row(pane, 'a red kite over the sea').waitFor({ state: 'detached', timeout: 10000 });
      assert.strictEqual(succeededBefore.filter((id) => !succeeded().includes(id)).length, 1, 'removed on the gateway');
      assert.ok(
        fs.readdirSync(path.join(ctx.workspace, 'generated')).some((f) => f.startsWith('a-red-kite')),
        'the saved files stay',
      );

      ctx.emulator.setOptions({ taskTiming: { queuedMs: 60_000, runningMs: 1000 } });
      await createThroughPalette(ctx, 'a queue that never moves');
      const queued = row(pane, 'a queue that never moves');
      await queued.waitFor({ timeout: 15000 });
      await queued.hover();
      await queued.locator('.action-label[aria-label*="Cancel Video Task"]').click();
      // A poll may refresh the row under the pointer: the command then asks which queued task it means.
      const picker = ctx.wb.quickInput.locator('.monaco-list-row', { hasText: 'a queue that never moves' });
      if (
        await picker
          .first()
          .waitFor({ timeout: 2000 })
          .then(
            () => true,
            () => false,
          )
      )
        await picker.first().click();
      await confirmDialog(ctx, 'Cancel Task');
      await ctx.page
        .locator('.pane .monaco-list-row', { hasText: /^\s*Cancelled/ })
        .first()
        .waitFor({ timeout: 10000 });
      assert.strictEqual(ctx.emulator.tasks().find((t) => t.status === 'cancelled') !== undefined, true);
      await ctx.screenshot('after-cancel-delete');
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'a reload while a task runs: polling resumes and the result is still saved',
    async (ctx) => {
      // Long enough to outlast the reload (a new browser profile and extension host take 10 to 20 s here).
      ctx.emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 30_000 } });
      let pane = await tasksPane(ctx);
      await createThroughPalette(ctx, 'survives a reload');
      await waitForGroup(pane, 'survives a reload', 'Running', 15000);
      await ctx.reload();
      pane = await tasksPane(ctx);
      // Known by its prompt: the local metadata survived. Whether it is still running depends on how long the reload took.
      await row(pane, 'survives a reload').waitFor({ timeout: 30000 });
      ctx.log(`after the reload the task is under ${await groupOf(pane, 'survives a reload')}`);
      await ctx.screenshot('after-reload-first-look');
      await waitForGroup(pane, 'survives a reload', 'Succeeded', 60000);
      // The notification shows in the new window: its extension host saw the task finish and saved the video.
      await ctx.wb.waitForNotification(/"survives a reload" saved as/, 30000);
      await ctx.screenshot('after-reload');
    },
    { timeoutMs: 180000 },
  ),

  uiTest(
    '50 running tasks listed by the server are polled with one list request per poll',
    async (ctx) => {
      setWorkspaceSetting(ctx.workspace, 'genaiGateway.videoTasks.pollIntervalSeconds', 2);
      ctx.emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 45_000 } });
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${ctx.emulator.url}/contents/generations/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ctx.emulator.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: PRO, content: [{ type: 'text', text: `batch ${i}` }] }),
        });
        assert.strictEqual(res.status, 200);
      }
      const pane = await tasksPane(ctx);
      await pane.locator('.pane-header').hover();
      await pane.locator('.pane-header .action-label[aria-label*="Refresh Video Tasks"]').click();
      await row(pane, 'Load More').waitFor({ timeout: 15000 });
      // 50 new tasks and those of the tests before: at least pages 2 and 3 of 20.
      assert.ok((await loadAllPages(ctx, pane, row(pane, /cgt-/))) >= 2);
      const badgeDeadline = Date.now() + 20000;
      while ((await activityBadge(ctx)) !== '50' && Date.now() < badgeDeadline) await sleep(250);
      assert.strictEqual(await activityBadge(ctx), '50');
      await ctx.screenshot('fifty-running');
      const from = ctx.emulator.requests.length;
      // Every 2 s while the view is visible, 1.5 times longer after each poll that saw no change (at most 12 s): 2 polls or more.
      const windowMs = 20_000;
      await sleep(windowMs);
      const made = ctx.emulator.requests.slice(from).filter((r) => r.path.startsWith(TASKS));
      const lists = made.filter((r) => r.path === TASKS && r.query.includes('filter.task_ids')).length;
      const gets = made.filter((r) => r.method === 'GET' && r.path.startsWith(`${TASKS}/`)).length;
      ctx.log(
        `50 running tasks, view visible, ${windowMs / 1000} s: ${lists} list requests (batched ids), ${gets} GETs of one task; about ${Math.round(((lists + gets) * 60_000) / windowMs)} requests per minute`,
      );
      assert.strictEqual(gets, 0, 'no GET per task');
      assert.ok(lists >= 2 && lists <= 7, `${lists} list requests in ${windowMs} ms`);
    },
    { timeoutMs: 150000 },
  ),
];
