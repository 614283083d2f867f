// Generate Image / Generate Video in a real workbench: from the palette, from the editor context menu with a
// selection, and from the explorer context menu on an image and an MP4; the files are found in the workspace.
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import { renderMp4 } from '../../emulator/media/mp4';
import { renderPng } from '../../emulator/media/png';
import { sleep } from '../lib/proc';
import { assert, uiTest, type UiContext } from '../lib/ui';

const OUTPUT = 'generated';
const INPUTS = 'media-ui';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for `<output>/<slug>-<stamp>[-n].<ext>` and its sidecar; returns the media file's path. */
async function waitForResult({ workspace }: UiContext, slug: string, ext: string, timeoutMs = 60000): Promise<string> {
  const dir = path.join(workspace, OUTPUT);
  const pattern = new RegExp(`^${escapeRegExp(slug)}-\\d{8}-\\d{6}(-\\d+)?\\.${ext}$`);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const found = names.find((name) => pattern.test(name) && names.includes(`${name}.json`));
    if (found) return path.join(dir, found);
    if (Date.now() > end) throw new Error(`no ${pattern} with its sidecar in ${dir}: ${JSON.stringify(names)}`);
    await sleep(250);
  }
}

/** Waits for a `.<ext>` result whose sidecar records `prompt`; returns its path. */
async function waitForPrompt({ workspace }: UiContext, prompt: string, ext: string, timeoutMs = 60000): Promise<string> {
  const dir = path.join(workspace, OUTPUT);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const found = names
      .filter((name) => name.endsWith(`.${ext}`) && names.includes(`${name}.json`))
      .map((name) => path.join(dir, name))
      .find((file) => sidecar(file).prompt === prompt);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no .${ext} result for ${JSON.stringify(prompt)} in ${dir}: ${JSON.stringify(names)}`);
    await sleep(250);
  }
}

function sidecar(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Record<string, unknown>;
}

/** The guided form's row of a field, e.g. "Response format"; its text holds the value. */
function formRow({ wb }: UiContext, label: string): Locator {
  return wb.quickInput.locator('.monaco-list-row', { has: wb.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
}

async function generateFromForm(ctx: UiContext, screenshotName: string): Promise<void> {
  await formRow(ctx, 'Prompt').waitFor({ state: 'visible', timeout: 20000 });
  await ctx.screenshot(screenshotName);
  await ctx.wb.pickQuickItem(/Generate/);
}

/** The first word of the first line: a right-click there stays inside the selection (elsewhere it would move the cursor). */
function firstWord({ page }: UiContext): Locator {
  return page.locator('.monaco-editor .view-line').first().locator('span > span').first();
}

async function editorWithSelection(ctx: UiContext, file: string): Promise<string> {
  await ctx.wb.openFile(file);
  const lines = ctx.page.locator('.monaco-editor .view-lines').first();
  await lines.click();
  await ctx.page.keyboard.press('Control+Home');
  await ctx.page.keyboard.press('Shift+End');
  const text = fs.readFileSync(path.join(ctx.workspace, file), 'utf8').split('\n')[0].trim();
  return text;
}

async function explorerRow(ctx: UiContext, relativePath: string): Promise<Locator> {
  await ctx.wb.openFile(relativePath);
  await ctx.wb.runCommand('File: Reveal Active File in Explorer View');
  const row = ctx.page.locator('.explorer-folders-view .monaco-list-row', { hasText: path.basename(relativePath) }).first();
  await row.waitFor({ state: 'visible', timeout: 15000 });
  return row;
}

export const tests = [
  uiTest('Generate Image from the palette: prompt, a changed option, Generate; the image is saved, shown and announced', async (ctx) => {
    const { wb, page } = ctx;
    await wb.runCommand('GenAI Gateway: Generate Image...');
    await wb.answerQuickInput('a lighthouse in a storm');
    await formRow(ctx, 'Response format').waitFor({ state: 'visible', timeout: 20000 });
    await wb.pickQuickItem('Response format');
    await wb.pickQuickItem(/b64_json/);
    await formRow(ctx, 'Size').waitFor({ state: 'visible', timeout: 10000 });
    await wb.pickQuickItem('Size');
    await wb.pickQuickItem(/Other/);
    await wb.answerQuickInput('800x600');
    assert.match(await formRow(ctx, 'Response format').innerText(), /b64_json/);
    assert.match(await formRow(ctx, 'Size').innerText(), /800x600/);
    await generateFromForm(ctx, 'image-form');
    const file = await waitForResult(ctx, 'a-lighthouse-in-a-storm', 'png');
    const request = sidecar(file).request as Record<string, unknown>;
    assert.deepStrictEqual([request.response_format, request.size, request.prompt], ['b64_json', '800x600', 'a lighthouse in a storm']);
    await page.locator('.tabs-container .tab', { hasText: path.basename(file) }).first().waitFor({ timeout: 20000 });
    await wb.waitForNotification(/Image saved as a-lighthouse-in-a-storm/, 20000);
    await ctx.screenshot('image-result');
  }, { timeoutMs: 120000 }),

  uiTest('Generate Video from the palette: the video is saved and opened in the media preview', async (ctx) => {
    const { wb, page } = ctx;
    await wb.runCommand('GenAI Gateway: Generate Video...');
    await wb.answerQuickInput('waves rolling at night');
    await formRow(ctx, 'Duration (seconds)').waitFor({ state: 'visible', timeout: 20000 });
    await wb.pickQuickItem('Duration (seconds)');
    await wb.pickQuickItem(/^\s*4\s*$/);
    await generateFromForm(ctx, 'video-form');
    const file = await waitForResult(ctx, 'waves-rolling-at-night', 'mp4');
    assert.strictEqual((sidecar(file).request as Record<string, unknown>).duration, 4);
    await page.locator('.tabs-container .tab', { hasText: path.basename(file) }).first().waitFor({ timeout: 20000 });
    await wb.waitForNotification(/Video saved as waves-rolling-at-night/, 20000);
    await ctx.screenshot('video-result');
  }, { timeoutMs: 120000 }),

  uiTest('editor context menu with a selection: Generate Image... takes the selection as prompt and remembers the last options', async (ctx) => {
    const prompt = await editorWithSelection(ctx, 'hello.txt');
    const labels = await ctx.wb.openContextMenu(firstWord(ctx));
    assert.ok(labels.includes('Generate Image...') && labels.includes('Generate Video...'), JSON.stringify(labels));
    await ctx.wb.pickMenuItem('Generate Image...');
    await formRow(ctx, 'Prompt').waitFor({ state: 'visible', timeout: 20000 });
    assert.match(await formRow(ctx, 'Response format').innerText(), /b64_json/, 'the last choice is remembered');
    await generateFromForm(ctx, 'context-menu-image-form');
    const file = await waitForPrompt(ctx, prompt, 'png');
    assert.match(path.basename(file), /^[a-z0-9-]+-\d{8}-\d{6}\.png$/, 'named from the prompt and the time');
    assert.strictEqual(sidecar(file).prompt, prompt);
  }, { timeoutMs: 120000 }),

  uiTest('editor context menu with a selection: Generate Video...', async (ctx) => {
    const prompt = await editorWithSelection(ctx, 'docs/prompt.md');
    await ctx.wb.openContextMenu(firstWord(ctx));
    await ctx.wb.pickMenuItem('Generate Video...');
    await generateFromForm(ctx, 'context-menu-video-form');
    await waitForPrompt(ctx, prompt, 'mp4');
    await ctx.screenshot('context-menu-video-result');
  }, { timeoutMs: 120000 }),

  uiTest('explorer context menu: Edit Image with Prompt... on a PNG, Use as First Frame... and Extend Video...', async (ctx) => {
    const { wb, workspace } = ctx;
    fs.mkdirSync(path.join(workspace, INPUTS), { recursive: true });
    fs.writeFileSync(path.join(workspace, INPUTS, 'cat.png'), renderPng({ width: 96, height: 64, prompt: 'cat' }));
    fs.writeFileSync(path.join(workspace, INPUTS, 'clip.mp4'), renderMp4({ width: 32, height: 32, seconds: 0.5, prompt: 'clip' }));

    const image = await explorerRow(ctx, `${INPUTS}/cat.png`);
    const imageMenu = await wb.openContextMenu(image);
    assert.ok(imageMenu.includes('Edit Image with Prompt...') && imageMenu.includes('Use as First Frame...'), JSON.stringify(imageMenu));
    assert.ok(!imageMenu.includes('Extend Video...'));
    await ctx.screenshot('explorer-image-menu');
    await wb.pickMenuItem('Edit Image with Prompt...');
    await wb.answerQuickInput('the cat wears a hat');
    await formRow(ctx, 'Input images').waitFor({ state: 'visible', timeout: 20000 });
    assert.match(await formRow(ctx, 'Input images').innerText(), new RegExp(`${INPUTS}/cat\\.png`));
    await generateFromForm(ctx, 'edit-image-form');
    const edited = await waitForResult(ctx, 'the-cat-wears-a-hat', 'png');
    assert.deepStrictEqual(sidecar(edited).inputs, { image: [`${INPUTS}/cat.png`] });

    await wb.openContextMenu(await explorerRow(ctx, `${INPUTS}/cat.png`));
    await wb.pickMenuItem('Use as First Frame...');
    await wb.answerQuickInput('');
    await formRow(ctx, 'First frame').waitFor({ state: 'visible', timeout: 20000 });
    await generateFromForm(ctx, 'first-frame-form');
    const animated = await waitForResult(ctx, 'cat', 'mp4');
    assert.deepStrictEqual(sidecar(animated).inputs, { image: [`${INPUTS}/cat.png`] });

    const clipMenu = await wb.openContextMenu(await explorerRow(ctx, `${INPUTS}/clip.mp4`));
    assert.ok(clipMenu.includes('Extend Video...') && !clipMenu.includes('Edit Image with Prompt...'), JSON.stringify(clipMenu));
    await wb.pickMenuItem('Extend Video...');
    await wb.answerQuickInput('the clip goes on');
    await generateFromForm(ctx, 'extend-video-form');
    const extended = await waitForResult(ctx, 'the-clip-goes-on', 'mp4');
    assert.deepStrictEqual(sidecar(extended).inputs, { video: [`${INPUTS}/clip.mp4`] });
  }, { timeoutMs: 180000 }),
];
