// The chat's media in a real workbench against the emulator: an image in its card (opened in VS Code's
// preview on click), a video task followed live in its card (queued, running with its elapsed time,
// succeeded with its last frame and Play), a reading aloud with Read again / Stop, Read Aloud on an answer,
// the link between card and task and a deleted image's placeholder after a reload. Screenshots of each
// state in light and dark themes.
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator } from 'playwright-core';
import { openChat } from '../lib/chatView';
import { buildMediaConversation } from '../lib/mediaConversation';
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

let chat: FrameLocator;

export const tests = [
  uiTest(
    'an image, a video task and a reading appear in their cards, live, in light and dark themes',
    async (ctx) => {
      chat = await openChat(ctx);
      await buildMediaConversation(chat, ctx.emulator, {
        reached: async (state) => {
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
      await chat.locator('.media-tile').first().getByRole('button', { name: 'Use as first frame' }).click();
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
    'after a reload the task card still follows its task, and a deleted image shows a placeholder',
    async (ctx) => {
      for (const name of outputImages(ctx)) fs.rmSync(path.join(ctx.workspace, 'generated', name));
      await ctx.reload();
      chat = await openChat(ctx);
      await chat.locator('.task-line.task-succeeded').waitFor({ timeout: 30000 });
      const placeholder = chat.locator('.media-tile.missing', { hasText: 'File deleted' });
      await placeholder.waitFor({ timeout: 30000 });
      await placeholder.scrollIntoViewIfNeeded();
      await ctx.page.mouse.move(900, 450);
      await bothThemes(ctx, 'after-reload');
    },
    { timeoutMs: 120000 },
  ),
];
