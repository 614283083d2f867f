// Generate Image / Generate Video in a real workbench: from the palette, from the editor context menu with a
// selection, and from the explorer context menu on an image and an MP4; the files are found in the workspace.
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import { renderMp4 } from '../../emulator/media/mp4';
import { renderPng } from '../../emulator/media/png';
import { escapeRegExp, formValue, row, waitForStep } from '../lib/guidedForm';
import { sleep } from '../lib/proc';
import { assert, uiTest, type UiContext } from '../lib/ui';

const OUTPUT = 'generated';
const INPUTS = 'media-ui';

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

/** In the quick input titled `title`, picks the row labelled `label`. */
async function pick(ctx: UiContext, title: string, label: string): Promise<void> {
  await waitForStep(ctx, title);
  const target = row(ctx, label);
  await target.waitFor({ state: 'visible', timeout: 15000 });
  await target.click();
}

async function generateFromForm(ctx: UiContext, kind: 'Image' | 'Video', screenshotName: string): Promise<void> {
  await waitForStep(ctx, `Generate ${kind} with`);
  await row(ctx, 'Prompt').waitFor({ state: 'visible', timeout: 20000 });
  await ctx.screenshot(screenshotName);
  await pick(ctx, `Generate ${kind} with`, 'Generate');
}

/** The first word of the first line: a right-click there stays inside the selection (elsewhere it would move the cursor). */
function firstWord({ page }: UiContext): Locator {
  return page.locator('.monaco-editor .view-line').first().locator('span > span').first();
}

/**
 * Waits until the newest image or video preview has loaded: a preview's webview takes the
 * keyboard focus when it loads, which would close a quick input opened meanwhile.
 */
async function waitForPreview({ wb }: UiContext, element: 'img' | 'video'): Promise<void> {
  await wb.webview({ extensionId: 'vscode.media-preview', index: -1 }).locator(element).first().waitFor({ state: 'attached', timeout: 20000 });
  await sleep(1000);
}

/** Quick Open (Ctrl+P) after taking the keyboard back from a preview's webview, which would swallow the keys. */
async function openFile(ctx: UiContext, file: string): Promise<void> {
  await ctx.wb.closeQuickInput();
  await ctx.wb.blur();
  await ctx.wb.openFile(file);
}

async function editorWithSelection(ctx: UiContext, file: string): Promise<string> {
  await openFile(ctx, file);
  const lines = ctx.page.locator('.monaco-editor .view-lines').first();
  await lines.click();
  await ctx.page.keyboard.press('Control+Home');
  await ctx.page.keyboard.press('Shift+End');
  const text = fs.readFileSync(path.join(ctx.workspace, file), 'utf8').split('\n')[0].trim();
  return text;
}

/** The explorer's row of a file in a top-level folder, expanding the folder when needed (no editor is opened: a video preview would take the keyboard). */
async function explorerRow(ctx: UiContext, relativePath: string): Promise<Locator> {
  const [folder, name] = relativePath.split('/');
  await ctx.wb.closeQuickInput();
  await ctx.wb.openContainer('Explorer');
  const rows = ctx.page.locator('.explorer-folders-view .monaco-list-row');
  const named = (label: string) => rows.filter({ has: ctx.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
  const target = named(name);
  if (!(await target.isVisible())) {
    const folderRow = named(folder);
    await folderRow.waitFor({ state: 'visible', timeout: 15000 });
    if ((await folderRow.getAttribute('aria-expanded')) !== 'true') await folderRow.click();
  }
  await target.waitFor({ state: 'visible', timeout: 15000 });
  return target;
}

/** The explorer's context menu of a row; retried, as a preview that just opened may take the focus and close the menu. */
async function explorerMenu(ctx: UiContext, relativePath: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.wb.openContextMenu(await explorerRow(ctx, relativePath));
    } catch (error) {
      if (attempt === 3) throw error;
      await ctx.page.keyboard.press('Escape');
      await sleep(1000);
    }
  }
}

export const tests = [
  uiTest(
    'Generate Image from the palette: prompt, changed options, Generate; the image is saved, shown and announced',
    async (ctx) => {
      const { wb, page } = ctx;
      await wb.runCommand('GenAI Gateway: Generate Image...');
      await waitForStep(ctx, 'Generate Image: prompt');
      await wb.answerQuickInput('a lighthouse in a storm');
      await pick(ctx, 'Generate Image with', 'Response format');
      await pick(ctx, 'Generate Image: Response format', 'b64_json');
      await pick(ctx, 'Generate Image with', 'Size');
      await pick(ctx, 'Generate Image: Size', 'Other…');
      // The input box's message, not the Other… row (whose description says the same).
      await wb.quickInput.locator('.quick-input-message', { hasText: 'WIDTHxHEIGHT' }).waitFor({ state: 'visible', timeout: 10000 });
      await wb.answerQuickInput('2560x1440');
      await waitForStep(ctx, 'Generate Image with');
      assert.strictEqual(await formValue(ctx, 'Response format'), 'b64_json');
      assert.strictEqual(await formValue(ctx, 'Size'), '2560x1440');
      await generateFromForm(ctx, 'Image', 'image-form');
      const file = await waitForResult(ctx, 'a-lighthouse-in-a-storm', 'png');
      const request = sidecar(file).request as Record<string, unknown>;
      assert.deepStrictEqual([request.response_format, request.size, request.prompt], ['b64_json', '2560x1440', 'a lighthouse in a storm']);
      await page
        .locator('.tabs-container .tab', { hasText: path.basename(file) })
        .first()
        .waitFor({ timeout: 20000 });
      await page
        .locator('.tabs-container .tab.active', { hasText: path.basename(file) })
        .first()
        .waitFor({ timeout: 20000 });
      await waitForPreview(ctx, 'img');
      await wb.waitForNotification(/Image saved as a-lighthouse-in-a-storm/, 20000);
      await ctx.screenshot('image-result');
    },
    { timeoutMs: 120000 },
  ),

  uiTest(
    'Generate Video from the palette: the video is saved and opened in the media preview',
    async (ctx) => {
      const { wb, page } = ctx;
      await wb.closeQuickInput();
      await wb.runCommand('GenAI Gateway: Generate Video...');
      await waitForStep(ctx, 'Generate Video: prompt');
      await wb.answerQuickInput('waves rolling at night');
      await pick(ctx, 'Generate Video with', 'Duration (seconds)');
      await pick(ctx, 'Generate Video: Duration (seconds)', '4');
      await waitForStep(ctx, 'Generate Video with');
      assert.strictEqual(await formValue(ctx, 'Duration (seconds)'), '4');
      await generateFromForm(ctx, 'Video', 'video-form');
      const file = await waitForResult(ctx, 'waves-rolling-at-night', 'mp4');
      assert.strictEqual((sidecar(file).request as Record<string, unknown>).duration, 4);
      await page
        .locator('.tabs-container .tab.active', { hasText: path.basename(file) })
        .first()
        .waitFor({ timeout: 20000 });
      await waitForPreview(ctx, 'video');
      await ctx.screenshot('video-result');
      await wb.waitForNotification(/Video saved as waves-rolling-at-night/, 20000);
    },
    { timeoutMs: 120000 },
  ),

  uiTest(
    'editor context menu with a selection: Generate Image... takes the selection as prompt, with the last options remembered',
    async (ctx) => {
      const prompt = await editorWithSelection(ctx, 'hello.txt');
      const top = await ctx.wb.openContextMenu(firstWord(ctx));
      assert.ok(
        top.includes('GenAI Gateway') && !top.includes('Generate Image...'),
        `one "GenAI Gateway" submenu in the editor's menu: ${JSON.stringify(top)}`,
      );
      const labels = await ctx.wb.openSubmenu('GenAI Gateway');
      for (const expected of [
        'Ask GenAI Gateway about Selection',
        'Add Selection to GenAI Gateway Chat',
        'Generate Image...',
        'Generate Video...',
        'Create Video Task...',
        'Read Selection Aloud',
        'Save Selection as Speech...',
      ]) {
        assert.ok(labels.includes(expected), `${expected} in ${JSON.stringify(labels)}`);
      }
      await ctx.screenshot('editor-context-menu');
      await ctx.wb.pickMenuItem('Generate Image...');
      await waitForStep(ctx, 'Generate Image with');
      assert.strictEqual(await formValue(ctx, 'Prompt'), prompt);
      assert.strictEqual(await formValue(ctx, 'Response format'), 'b64_json', 'the last choice is remembered');
      assert.strictEqual(await formValue(ctx, 'Size'), '2560x1440');
      await generateFromForm(ctx, 'Image', 'context-menu-image-form');
      const file = await waitForPrompt(ctx, prompt, 'png');
      assert.match(path.basename(file), /^hello-from-the-genai-gateway-test-workspace-\d{8}-\d{6}\.png$/, 'named from the prompt and the time');
      await waitForPreview(ctx, 'img');
    },
    { timeoutMs: 120000 },
  ),

  uiTest(
    'editor context menu with a selection: Generate Video...',
    async (ctx) => {
      const prompt = await editorWithSelection(ctx, 'docs/prompt.md');
      await ctx.wb.openContextMenu(firstWord(ctx));
      await ctx.wb.openSubmenu('GenAI Gateway');
      await ctx.wb.pickMenuItem('Generate Video...');
      await generateFromForm(ctx, 'Video', 'context-menu-video-form');
      await waitForPrompt(ctx, prompt, 'mp4');
      await waitForPreview(ctx, 'video');
      await ctx.screenshot('context-menu-video-result');
    },
    { timeoutMs: 120000 },
  ),

  uiTest(
    'explorer context menu: Edit Image with Prompt... on a PNG, Use as First Frame... and Extend Video...',
    async (ctx) => {
      const { wb, workspace } = ctx;
      fs.mkdirSync(path.join(workspace, INPUTS), { recursive: true });
      fs.writeFileSync(path.join(workspace, INPUTS, 'cat.png'), renderPng({ width: 96, height: 64, prompt: 'cat' }));
      fs.writeFileSync(path.join(workspace, INPUTS, 'clip.mp4'), renderMp4({ width: 32, height: 32, seconds: 0.5, prompt: 'clip' }));

      const imageMenu = await explorerMenu(ctx, `${INPUTS}/cat.png`);
      assert.ok(imageMenu.includes('Edit Image with Prompt...') && imageMenu.includes('Use as First Frame...'), JSON.stringify(imageMenu));
      assert.ok(!imageMenu.includes('Extend Video...'));
      await ctx.screenshot('explorer-image-menu');
      await wb.pickMenuItem('Edit Image with Prompt...');
      await waitForStep(ctx, 'Generate Image: prompt');
      await wb.answerQuickInput('the cat wears a hat');
      await waitForStep(ctx, 'Generate Image with');
      assert.strictEqual(await formValue(ctx, 'Input images'), `${INPUTS}/cat.png`);
      await generateFromForm(ctx, 'Image', 'edit-image-form');
      const edited = await waitForResult(ctx, 'the-cat-wears-a-hat', 'png');
      assert.deepStrictEqual(sidecar(edited).inputs, { image: [`${INPUTS}/cat.png`] });
      await waitForPreview(ctx, 'img');

      await explorerMenu(ctx, `${INPUTS}/cat.png`);
      await wb.pickMenuItem('Use as First Frame...');
      await waitForStep(ctx, 'Generate Video: prompt');
      await wb.answerQuickInput('');
      await waitForStep(ctx, 'Generate Video with');
      assert.strictEqual(await formValue(ctx, 'First frame'), `${INPUTS}/cat.png`);
      await generateFromForm(ctx, 'Video', 'first-frame-form');
      const animated = await waitForResult(ctx, 'cat', 'mp4');
      assert.deepStrictEqual(sidecar(animated).inputs, { image: [`${INPUTS}/cat.png`] });
      await waitForPreview(ctx, 'video');

      const clipMenu = await explorerMenu(ctx, `${INPUTS}/clip.mp4`);
      assert.ok(clipMenu.includes('Extend Video...') && !clipMenu.includes('Edit Image with Prompt...'), JSON.stringify(clipMenu));
      await wb.pickMenuItem('Extend Video...');
      await waitForStep(ctx, 'Generate Video: prompt');
      await wb.answerQuickInput('the clip goes on');
      await generateFromForm(ctx, 'Video', 'extend-video-form');
      const extended = await waitForResult(ctx, 'the-clip-goes-on', 'mp4');
      assert.deepStrictEqual(sidecar(extended).inputs, { video: [`${INPUTS}/clip.mp4`] });
      await waitForPreview(ctx, 'video');
      await ctx.screenshot('explorer-results');
    },
    { timeoutMs: 180000 },
  ),

  uiTest(
    "a model id the gateway lists after the picker first opened is offered under Other; its kind is asked and saved; the gateway's refusal is shown",
    async (ctx) => {
      const { wb } = ctx;
      const UNKNOWN = 'acme-render-v2';
      await wb.closeQuickInput();
      // The list is fetched once first, so the unknown id below has to come from Select Model asking the gateway again.
      await wb.runCommand('GenAI Gateway: Select Model');
      await wb.quickInput.locator('.monaco-list-row', { hasText: 'gpt-4o-mini' }).first().waitFor({ timeout: 20000 });
      await wb.closeQuickInput();
      ctx.emulator.setOptions({ extraModels: [UNKNOWN] });
      try {
        await wb.runCommand('GenAI Gateway: Select Model');
        await wb.quickInput.locator('.monaco-list-row', { hasText: UNKNOWN }).first().waitFor({ timeout: 20000 });
        await wb.closeQuickInput();
        await wb.runCommand('GenAI Gateway: Generate Image...');
        await waitForStep(ctx, 'Generate Image: prompt');
        await wb.answerQuickInput('a kite of an unknown make');
        await pick(ctx, 'Generate Image with', 'Model');
        await waitForStep(ctx, 'Generate Image: model');
        const other = wb.quickInput.locator('.monaco-list-row', { hasText: UNKNOWN }).first();
        await other.waitFor({ state: 'visible', timeout: 15000 });
        assert.match(await other.innerText(), /modelCapabilities/, 'offered with what choosing it does');
        await ctx.screenshot('unknown-model-under-other');
        await other.click();
        await pick(ctx, `Generate Image: what kind of model is ${UNKNOWN}?`, 'Image (Seedream 4.0)');
        await waitForStep(ctx, 'Generate Image with');
        assert.match(await formValue(ctx, 'Model'), new RegExp(`^${UNKNOWN}`), 'the form now uses it');
        await pick(ctx, 'Generate Image with', 'Generate');
        await wb.waitForNotification(new RegExp(`${UNKNOWN}[\\s\\S]*(key may not use it|Select Model)`), 30000);
        // Saved in the user's modelCapabilities: the next picker groups it with its kind, no longer under Other.
        await wb.runCommand('GenAI Gateway: Generate Image...');
        await waitForStep(ctx, 'Generate Image: prompt');
        await wb.answerQuickInput('again');
        await pick(ctx, 'Generate Image with', 'Model');
        await waitForStep(ctx, 'Generate Image: model');
        const rows = await wb.quickInput.locator('.monaco-list-row').allInnerTexts();
        const at = rows.findIndex((text) => text.includes(UNKNOWN));
        assert.ok(at >= 0, `listed: ${JSON.stringify(rows)}`);
        assert.ok(!rows.slice(0, at).some((text) => /Other/.test(text)), `grouped with its kind now: ${JSON.stringify(rows)}`);
        await wb.closeQuickInput();
      } finally {
        ctx.emulator.setOptions({ extraModels: [] });
      }
    },
    { timeoutMs: 120000 },
  ),
];
