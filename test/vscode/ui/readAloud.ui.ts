// Reading aloud in a real workbench: the selection is read through the player view, whose
// <audio> element really plays (its currentTime advances), the status bar offers Stop, and the
// voice picker lists the voices by language and gender.
import type { FrameLocator } from 'playwright-core';
import { sleep } from '../lib/proc';
import { assert, uiTest, type UiContext } from '../lib/ui';

/** A fixture file whose text the test replaces (in the editor only; the file stays as it is). */
const FILE = 'hello.txt';
const TEXT = [
  '# Reading aloud',
  '',
  ...Array.from({ length: 40 }, (_, i) => `This is sentence number ${i + 1} of a text that the **player** reads aloud.`),
].join('\n');

/** The player's frame: our extension's webview that has the player's <audio> element. */
async function playerFrame({ wb }: UiContext, timeoutMs = 30000): Promise<FrameLocator> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const count = await wb.webviewFrames().count();
    for (let index = 0; index < count; index++) {
      const frame = wb.webview({ index });
      if (
        (await frame
          .locator('audio.reading-audio')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    }
    if (Date.now() > end) throw new Error('the Read Aloud player did not appear');
    await sleep(500);
  }
}

async function audioState(player: FrameLocator): Promise<{ currentTime: number; paused: boolean; src: string; readyState: number }> {
  return player.locator('audio.reading-audio').evaluate((audio: HTMLAudioElement) => ({
    currentTime: audio.currentTime,
    paused: audio.paused,
    src: audio.currentSrc,
    readyState: audio.readyState,
  }));
}

export const tests = [
  uiTest(
    "Read Selection Aloud plays the selection in the player: the media element's time advances",
    async (ctx) => {
      const { wb, page, screenshot, log } = ctx;
      // The first file search of a fresh workbench can be slow on a busy machine: one more try.
      await wb.openFile(FILE).catch(async () => {
        await wb.closeQuickInput();
        await wb.openFile(FILE);
      });
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(TEXT);
      await page.keyboard.press('Control+A');
      await wb.runCommand('GenAI Gateway: Read Selection Aloud');
      const player = await playerFrame(ctx);
      const status = player.locator('.reading-status');
      await status.filter({ hasText: /Playing|Click Play/ }).waitFor({ timeout: 30000 });
      if (/Click Play/.test(await status.innerText())) {
        log('autoplay was blocked: starting with a click, as a user would');
        await player.getByRole('button', { name: 'Play' }).click();
        await status.filter({ hasText: /Playing/ }).waitFor({ timeout: 10000 });
      }
      const first = await audioState(player);
      await sleep(1500);
      const later = await audioState(player);
      log(`audio ${first.src.slice(0, 20)}… ${first.currentTime.toFixed(2)} s → ${later.currentTime.toFixed(2)} s, readyState ${later.readyState}`);
      assert.ok(first.src.startsWith('blob:'), 'played from a blob: URL');
      assert.strictEqual(later.paused, false);
      assert.ok(later.currentTime > first.currentTime + 0.5, `currentTime advanced from ${first.currentTime} to ${later.currentTime}`);
      assert.ok(
        (await wb.statusBarTexts()).some((t) => /Reading… \(Stop\)/.test(t)),
        'the status bar offers Stop',
      );
      await player.locator('.reading-usage', { hasText: /Tokens: \d+ in \+ \d+ out = \d+/ }).waitFor({ timeout: 10000 });
      // The editor has the focus back: collapsing the selection shows the highlight of the sentence being read.
      await page.keyboard.press('ArrowLeft');
      await sleep(1500);
      await screenshot('playing');
    },
    { timeoutMs: 120000 },
  ),

  uiTest('pause holds the position, play goes on, Stop ends the reading and clears the status bar', async (ctx) => {
    const { wb, screenshot } = ctx;
    const player = await playerFrame(ctx);
    await player.getByRole('button', { name: 'Pause' }).click();
    await player.locator('.reading-status', { hasText: /Paused/ }).waitFor({ timeout: 5000 });
    const paused = await audioState(player);
    await sleep(600);
    assert.strictEqual((await audioState(player)).currentTime, paused.currentTime, 'no progress while paused');
    assert.ok((await wb.statusBarTexts()).some((t) => /Paused \(Stop\)/.test(t)));
    await player.getByRole('button', { name: 'Play' }).click();
    await player.locator('.reading-status', { hasText: /Playing/ }).waitFor({ timeout: 5000 });
    await player.getByRole('button', { name: 'Stop' }).click();
    await player.locator('.reading-status', { hasText: 'Stopped.' }).waitFor({ timeout: 10000 });
    await sleep(300);
    assert.ok(!(await wb.statusBarTexts()).some((t) => /Reading…|Paused \(Stop\)/.test(t)), 'the status bar item is gone');
    await screenshot('stopped');
    await wb.runCommand('File: Revert File');
  }),

  uiTest('the voice picker lists the 67 voices grouped by language and gender', async (ctx) => {
    const { wb, page, screenshot } = ctx;
    await wb.runCommand('GenAI Gateway: Select Speech Voice');
    const rows = wb.quickInput.locator('.monaco-list-row');
    await rows.first().waitFor({ timeout: 10000 });
    const separators = await wb.quickInput.locator('.quick-input-list-separator').allInnerTexts();
    assert.ok(
      separators.some((s) => /English \(American\) · female/.test(s)),
      JSON.stringify(separators),
    );
    await wb.quickInput.locator('input').fill('yunxi');
    const row = wb.quickInput.locator('.monaco-list-row', { hasText: 'zm_yunxi' }).first();
    await row.waitFor({ timeout: 5000 });
    await screenshot('voice-picker');
    await row.hover();
    await row.getByRole('button', { name: 'Preview this voice' }).click();
    const player = await playerFrame(ctx);
    await player.locator('.reading-title', { hasText: 'Preview: Yunxi (zm_yunxi)' }).waitFor({ timeout: 15000 });
    await player.locator('.reading-status', { hasText: /Playing|Finished/ }).waitFor({ timeout: 15000 });
    await screenshot('voice-preview');
    await page.keyboard.press('Escape');
  }),
];
