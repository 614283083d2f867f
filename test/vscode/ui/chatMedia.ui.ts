// The chat's media in a real workbench against the emulator: a set of images asked for with n (the approval
// says how many) in a grid in its card (opened in VS Code's preview on click; Save As, Reveal, Use as
// reference, Use as first frame), a video task followed live in its card (queued, running with its elapsed
// time, succeeded with its last frame, what it made, Play and Extend), a reading aloud with Read again /
// Stop, Read Aloud on an answer, the link between card and task and a deleted image's placeholder after a
// reload. Screenshots of each state in light and dark themes.
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator, Locator } from 'playwright-core';
import { until } from '../../support/until';
import { openChat } from '../lib/chatView';
import { escapeRegExp, formValue, waitForStep } from '../lib/guidedForm';
import { buildMediaConversation, IMAGE_SET } from '../lib/mediaConversation';
import { useTheme } from '../lib/workspaceSettings';
import { sleep } from '../lib/proc';
import { assert, uiTest, type UiContext } from '../lib/ui';

/** A screenshot of the state in both themes (dark last: the suite's default). */
async function bothThemes(ctx: UiContext, name: string): Promise<void> {
  await useTheme(ctx, 'light');
  await ctx.screenshot(`${name}-light`);
  await useTheme(ctx, 'dark');
  await ctx.screenshot(`${name}-dark`);
}

function outputImages(ctx: UiContext): string[] {
  const dir = path.join(ctx.workspace, 'generated');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /\.(png|jpe?g|webp)$/.test(name) && !name.includes('last-frame')) : [];
}

/** The file name of the picture a tile shows (its Open button's label). */
async function tileImage(tile: Locator): Promise<string> {
  const label = (await tile.locator('.media-thumb').getAttribute('aria-label')) ?? '';
  assert.match(label, /^Open .+\.(png|jpe?g|webp)$/);
  return label.slice('Open '.length);
}

/** Clicks one of a tile's actions, shown while the pointer is over the tile (in a set of several). */
async function tileAction(tile: Locator, action: string): Promise<void> {
  await tile.hover();
  await tile.getByRole('button', { name: action, exact: true }).click();
}

let chat: FrameLocator;

export const tests = [
  uiTest(
    'an image, a video task and a reading appear in their cards, live, in light and dark themes',
    async (ctx) => {
      chat = await openChat(ctx);
      await buildMediaConversation(chat, ctx.emulator, {
        reached: async (state) => {
          if (state === 'image-asked') {
            const question = chat.locator('.tool-call.status-awaitingApproval .tool-approval p');
            assert.match(await question.innerText(), new RegExp(`generates up to ${IMAGE_SET} images \\(a set; each image is billed\\)`));
          }
          if (state === 'task-running') {
            const time = chat.locator('.task-line.task-running .task-time');
            const first = await time.innerText();
            await sleep(2100);
            assert.notStrictEqual(await time.innerText(), first, 'the elapsed time of a running task advances');
          }
          await bothThemes(ctx, state);
        },
        // Long enough for a look in both themes at each state.
        taskTiming: { queuedMs: 10000, runningMs: 15000 },
      });
      const tiles = chat.locator('.tool-media .media-grid:not(.single) .media-tile');
      assert.strictEqual(await tiles.count(), IMAGE_SET, `the set of ${IMAGE_SET} images, a tile each`);
      assert.strictEqual(await chat.locator('.tool-media .media-grid').getAttribute('aria-label'), `${IMAGE_SET} generated images`);
      assert.strictEqual(outputImages(ctx).length, IMAGE_SET, 'every image of the set saved');
      // What the finished task made, from its record (the emulator's default: 5 s, 16:9, 24 fps).
      assert.match(await chat.locator('.task-result .task-generated').innerText(), /^Generated: 5 s video, \d{3,4}p, 16:9, 24 fps, [\d,]+ tokens$/);
      // Only files of the output folder, through the webview's resource origin.
      const thumbnail = chat.locator('.tool-media .media-thumb img.thumbnail').first();
      const src = await thumbnail.getAttribute('src');
      assert.match(src ?? '', /^https?:\/\/[^/]*(vscode-resource|vscode-cdn|vscode-webview)/, `a webview resource URI, not a path: ${src}`);
      assert.strictEqual(await thumbnail.getAttribute('loading'), 'lazy');
      const shown = await thumbnail.evaluate((image: HTMLImageElement) => ({ width: image.clientWidth, natural: image.naturalWidth }));
      assert.ok(shown.natural > 0 && shown.width <= 240, `a loaded picture shown at most 240 px wide: ${JSON.stringify(shown)}`);
      assert.ok(await chat.locator('.task-result .video-poster img.thumbnail').isVisible(), 'the last frame is shown once the task succeeded');
    },
    { timeoutMs: 240000 },
  ),

  uiTest(
    "clicking a thumbnail opens the image in VS Code's preview",
    async (ctx) => {
      await chat.locator('.tool-media .media-thumb').first().click();
      const name = outputImages(ctx)[0];
      assert.ok(name, 'the image was saved in the output folder');
      await ctx.page.locator(`.tab[aria-label*="${name}"]`).first().waitFor({ timeout: 15000 });
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    "Save As on a picture of the set opens the save dialog on the picture's name and saves a copy where it says",
    async (ctx) => {
      const tile = chat.locator('.media-tile').nth(1);
      const name = await tileImage(tile);
      await tileAction(tile, 'Save As…');
      // The save dialog (a quick input here) opens on the file's name in the workspace.
      const input = ctx.wb.quickInput.locator('input');
      await until('the save dialog on the file name', async () => (await input.inputValue().catch(() => '')).endsWith(`/${name}`), 15000, 100);
      await ctx.screenshot('save-as-dialog');
      const target = path.join(ctx.workspace, `copy-${name}`);
      await ctx.wb.answerQuickInput(target);
      await until('the copy saved', async () => fs.existsSync(target), 15000, 200);
      assert.ok(fs.readFileSync(target).equals(fs.readFileSync(path.join(ctx.workspace, 'generated', name))), 'the copy holds the picture');
      fs.rmSync(target);
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'Reveal selects the picture in the Explorer',
    async (ctx) => {
      const tile = chat.locator('.media-tile').nth(2);
      const name = await tileImage(tile);
      await tileAction(tile, 'Reveal');
      const selected = ctx.page.locator('.explorer-folders-view .monaco-list-row.selected', { hasText: new RegExp(`^${escapeRegExp(name)}$`) });
      await selected.waitFor({ timeout: 15000 });
      assert.strictEqual(await selected.count(), 1);
      await ctx.screenshot('reveal-in-explorer');
      await ctx.wb.openContainer('GenAI Gateway');
      chat = await openChat(ctx);
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'Use as reference opens the Edit Image form with the picture as its input image',
    async (ctx) => {
      const tile = chat.locator('.media-tile').nth(3);
      const name = await tileImage(tile);
      await tileAction(tile, 'Use as reference');
      await waitForStep(ctx, 'Generate Image: prompt');
      await ctx.wb.answerQuickInput('the lighthouse in winter');
      await waitForStep(ctx, 'Generate Image with');
      assert.strictEqual(await formValue(ctx, 'Input images'), `generated/${name}`);
      await ctx.screenshot('use-as-reference');
      await ctx.wb.closeQuickInput();
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'Read Aloud on an answer reads it through the player and turns into Stop Reading',
    async (ctx) => {
      const button = chat.locator('.turn-assistant .read-aloud').last();
      await button.click();
      await chat.locator('.turn-assistant .read-aloud', { hasText: 'Stop Reading' }).waitFor({ timeout: 30000 });
      await bothThemes(ctx, 'reading-answer');
      await chat.locator('.turn-assistant .read-aloud', { hasText: 'Stop Reading' }).click();
      await chat.locator('.turn-assistant .read-aloud', { hasText: 'Stop Reading' }).waitFor({ state: 'detached', timeout: 15000 });
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    "Use as first frame and Extend open the guided video form on the image and on the task's video",
    async (ctx) => {
      const quickInput = ctx.page.locator('.quick-input-widget');
      await tileAction(chat.locator('.media-tile').first(), 'Use as first frame');
      await quickInput.waitFor({ state: 'visible', timeout: 15000 });
      await ctx.screenshot('use-as-first-frame');
      await ctx.page.keyboard.press('Escape');
      await quickInput.waitFor({ state: 'hidden', timeout: 10000 });
      await chat.locator('.task-result').getByRole('button', { name: 'Extend' }).click();
      await quickInput.waitFor({ state: 'visible', timeout: 15000 });
      await ctx.screenshot('extend');
      await ctx.page.keyboard.press('Escape');
      await quickInput.waitFor({ state: 'hidden', timeout: 10000 });
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    "Play opens the task's video in an editor tab",
    async (ctx) => {
      const poster = chat.locator('.task-result .video-poster');
      const video = ((await poster.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
      assert.match(video, /\.mp4$/, 'the saved video is named');
      await chat.locator('.task-result').getByRole('button', { name: 'Play', exact: true }).click();
      await ctx.page.locator(`.tab[aria-label*="${video}"]`).first().waitFor({ timeout: 15000 });
      await ctx.screenshot('play-video');
      await ctx.wb.runCommand('View: Close All Editors');
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'after a reload the task card still follows its task, and a deleted image shows a placeholder',
    async (ctx) => {
      for (const name of outputImages(ctx)) fs.rmSync(path.join(ctx.workspace, 'generated', name));
      await ctx.reload();
      chat = await openChat(ctx);
      await chat.locator('.task-line.task-succeeded').waitFor({ timeout: 30000 });
      const placeholder = chat.locator('.media-tile.missing', { hasText: 'File deleted' }).first();
      await placeholder.waitFor({ timeout: 30000 });
      await placeholder.scrollIntoViewIfNeeded();
      await ctx.page.mouse.move(900, 450);
      await bothThemes(ctx, 'after-reload');
    },
    { timeoutMs: 120000 },
  ),
];
