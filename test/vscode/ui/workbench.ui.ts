// The workbench comes up with our extension loaded in development mode.
import { localisedManifest } from '../../support/packageManifest';
import { EXTENSION_ID } from '../lib/paths';
import { assert, uiTest } from '../lib/ui';

interface Pkg {
  displayName?: string;
  activationEvents?: string[];
  contributes?: {
    commands?: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
  };
}

/** In English, as the workbench shows it. */
const pkg = localisedManifest<Pkg>();

/** "GenAI Gateway: ..." titles the command palette should show, from package.json. */
function paletteCommandTitles(): string[] {
  const hidden = new Set((pkg.contributes?.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  return (pkg.contributes?.commands ?? [])
    .filter((c) => !hidden.has(c.command))
    .map((c) => (c.category ? `${c.category}: ${c.title}` : c.title))
    .filter((t) => t.startsWith('GenAI Gateway:'));
}

export const tests = [
  uiTest('the workbench loads with the extension in development mode', async ({ page, wb, screenshot }) => {
    await wb.ready();
    // the window of a development payload is an Extension Development Host
    assert.match(await page.title(), /Extension Development Host/);
    // the extension host is up (it lists activated extensions); when ours activates at
    // startup, it is among them
    const activatesAtStartup = (pkg.activationEvents ?? []).some((e) => e === '*' || e === 'onStartupFinished');
    // listed by its id in development mode, by its display name otherwise
    const name = new RegExp(
      [EXTENSION_ID, pkg.displayName]
        .filter(Boolean)
        .map((n) => n!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
    );
    const running = await wb.runningExtensions({ keepOpen: true, ...(activatesAtStartup ? { waitFor: name } : {}) });
    await screenshot('running-extensions');
    await page.keyboard.press('Escape');
    assert.ok(running.length > 0, 'no running extensions');
    await screenshot('workbench');
  }),

  uiTest('the command palette lists GenAI Gateway commands', async ({ wb, screenshot, log }) => {
    const expected = paletteCommandTitles();
    if (expected.length === 0) {
      log('package.json contributes no "GenAI Gateway:" command yet: checking the palette opens');
      await wb.openCommandPalette('');
      await screenshot('palette');
      await wb.closeQuickInput();
      return;
    }
    await wb.findCommand('GenAI Gateway:', /^GenAI Gateway:/, 30000);
    await screenshot('palette');
    const listed = await wb.quickInputRows();
    await wb.closeQuickInput();
    assert.ok(
      expected.some((t) => listed.some((l) => l.includes(t))),
      `none of ${JSON.stringify(expected)} in ${JSON.stringify(listed)}`,
    );
  }),
  uiTest('the Settings editor shows our settings under the product name, in titled groups', async ({ page, wb, screenshot }) => {
    await wb.runCommand('Preferences: Open Settings (UI)');
    // The search box is a small editor: typed into, as a user does.
    const search = page.locator('.settings-editor .suggest-input-container .monaco-editor').first();
    await search.waitFor({ state: 'visible', timeout: 20000 });
    await search.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`@ext:${EXTENSION_ID}`);
    const toc = page.locator('.settings-toc-container');
    for (const group of ['Connection', 'Chat', 'Tools', 'Images and video', 'Video tasks', 'Read aloud', 'Network']) {
      await toc
        .locator('.monaco-list-row', { hasText: new RegExp(`^${group}`) })
        .first()
        .waitFor({ state: 'visible', timeout: 20000 });
    }
    assert.ok(!(await toc.innerText()).includes('Genai Gateway'), 'the product name as written, not derived from the setting ids');
    await screenshot('settings-groups');
    await wb.runCommand('View: Close All Editors');
  }),
  uiTest(
    "a default-model setting says in plain words what it is for, and its Select Model link opens the gateway's list; a shortened description links to the README",
    async ({ page, wb, screenshot }) => {
      /** The Settings editor filtered to one setting, once its description (holding `text`) is shown. */
      const setting = async (id: string, text: RegExp) => {
        await wb.runCommand('Preferences: Open Settings (UI)');
        const search = page.locator('.settings-editor .suggest-input-container .monaco-editor').first();
        await search.waitFor({ state: 'visible', timeout: 20000 });
        await search.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.type(id);
        const item = page.locator('.settings-editor .setting-item-contents').filter({ has: page.locator('.setting-item-description', { hasText: text }) });
        await item.first().waitFor({ state: 'visible', timeout: 20000 });
        return item.first();
      };
      const image = await setting('genaiGateway.models.image', /Generate Image/);
      assert.doesNotMatch(await image.locator('.setting-item-description').innerText(), /variant/);
      await screenshot('setting-models-image');
      await image.getByRole('link', { name: 'GenAI Gateway: Select Model' }).click();
      await wb.quickInput.locator('.monaco-list-row', { hasText: 'bytedance-seedream-4-5' }).first().waitFor({ timeout: 20000 });
      await wb.closeQuickInput();
      const baseUrl = await setting('genaiGateway.baseUrl', /More in the README/);
      await baseUrl.getByRole('link', { name: 'More in the README' }).click();
      // The README opens at the section the link names: Credentials, with what comes before it scrolled away.
      await page.locator('.tab', { hasText: 'README.md' }).first().waitFor({ state: 'visible', timeout: 20000 });
      const lines = page.locator('.editor-instance .view-lines').first();
      await lines.filter({ hasText: '## Credentials' }).waitFor({ state: 'visible', timeout: 20000 });
      assert.doesNotMatch(await lines.innerText(), /## Install/);
      await screenshot('setting-readme-link');
      await wb.runCommand('View: Close All Editors');
    },
    { timeoutMs: 90000 },
  ),
];
