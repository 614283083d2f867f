// Context in the chat view of a real workbench: `#` opens the picker, a file chosen with the keyboard
// becomes a chip, the message sent carries the file as a delimited attachment (as the emulator received
// it), and the chip of the sent message opens the file; AGENTS.md shows its notice, opens from its link
// and reaches the system prompt; Add File to Chat from the Explorer's context menu.
import * as fs from 'fs';
import * as path from 'path';
import type { Emulator } from '../lib/emulator';
import type { FrameLocator, Locator } from 'playwright-core';
import { openChat } from '../lib/chatView';
import { sleep } from '../lib/proc';
import { until } from '../../support/until';
import { assert, uiTest, type UiContext } from '../lib/ui';

const CHAT_PATH = '/v1/chat/completions';

/** The messages of the last chat request the emulator received. */
function lastChatMessages(emulator: Emulator): Array<{ role: string; content: string }> {
  const request = emulator.requests.filter((r) => r.method === 'POST' && r.path === CHAT_PATH).at(-1);
  return (request?.body as { messages?: Array<{ role: string; content: string }> } | undefined)?.messages ?? [];
}

/** Drags `source` onto the chat's composer with the mouse, holding Shift when asked (VS Code gives a webview the drop only then). */
async function dragOntoComposer(ctx: UiContext, chat: FrameLocator, source: Locator, shift: boolean): Promise<void> {
  const from = await source.boundingBox();
  const to = await chat.locator('.composer-input').boundingBox();
  assert.ok(from && to, 'both ends of the drag are on screen');
  const start = { x: from.x + 20, y: from.y + from.height / 2 };
  await ctx.page.mouse.move(start.x, start.y);
  await ctx.page.mouse.down();
  if (shift) await ctx.page.keyboard.down('Shift');
  for (let i = 1; i <= 20; i++) {
    await ctx.page.mouse.move(start.x + ((to.x + 40 - start.x) * i) / 20, start.y + ((to.y + 10 - start.y) * i) / 20);
    await sleep(40);
  }
  await ctx.page.mouse.up();
  if (shift) await ctx.page.keyboard.up('Shift');
}

/** Moves the chat view to the secondary side bar (View: Move View), so the Explorer and the chat show together. */
async function chatBesideExplorer(ctx: UiContext): Promise<FrameLocator> {
  await openChat(ctx);
  await ctx.wb.runCommand('View: Move View');
  await ctx.wb.quickInput.locator('.monaco-list-row', { hasText: /^Chat/ }).first().click();
  await ctx.wb.quickInput.locator('.monaco-list-row', { hasText: 'New Secondary Side Bar Entry' }).click();
  await ctx.wb.quickInput.waitFor({ state: 'hidden', timeout: 10000 });
  await ctx.wb.blur();
  await ctx.page.keyboard.press('Control+Shift+E');
  return ctx.wb.waitForWebview('.composer-input');
}

export const tests = [
  uiTest(
    '# opens the picker; a file chosen with the keyboard becomes a chip, is sent as a delimited attachment, and its chip in the message opens it',
    async (ctx) => {
      const file = path.join(ctx.workspace, 'src', 'pickedTarget.py');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'def picked_target():\n    return 42\n');
      fs.writeFileSync(path.join(ctx.workspace, 'pickedOther.txt'), 'a second match\n');
      const chat = await openChat(ctx);
      const input = chat.locator('.composer-input');
      await input.click();
      await input.pressSequentially('Explain #pickedT', { delay: 20 });
      const picker = chat.locator('.context-picker');
      await picker.locator('.context-option', { hasText: 'pickedTarget.py' }).waitFor({ state: 'visible', timeout: 15000 });
      assert.strictEqual(await input.getAttribute('aria-expanded'), 'true');
      const selected = () => picker.locator('.context-option[aria-selected="true"] .context-option-label').innerText();
      // Open editors and the selection come before files; after other suites the workbench may hold some that match.
      // The list shown first may be the answer to a shorter query typed on the way ("#picked"): read until the last query's.
      let labels: string[] = [];
      const bestFirst = (): boolean => labels.indexOf('pickedTarget.py') >= 0 && labels.indexOf('pickedOther.txt') > labels.indexOf('pickedTarget.py');
      await until('the picker to rank the best file match first', async () => {
        labels = await picker.locator('.context-option .context-option-label').allInnerTexts();
        return bestFirst();
      }).catch(() => undefined);
      assert.ok(bestFirst(), `the best file match comes before the other: ${labels.join(', ')}`);
      const firstFile = labels.indexOf('pickedTarget.py');
      for (let i = 0; i < firstFile; i++) await input.press('ArrowDown');
      assert.strictEqual(await selected(), 'pickedTarget.py', 'arrows move the selection to the best file match');
      await input.press('ArrowDown');
      assert.notStrictEqual(await selected(), 'pickedTarget.py', 'ArrowDown moves the selection');
      await input.press('ArrowUp');
      assert.strictEqual(await selected(), 'pickedTarget.py');
      await ctx.screenshot('picker');
      await input.press('Enter');
      const chip = chat.locator('.composer .chip', { hasText: 'src/pickedTarget.py' });
      await chip.waitFor({ state: 'visible', timeout: 10000 });
      assert.ok(await picker.isHidden(), 'the picker closes');
      assert.strictEqual(await input.inputValue(), 'Explain ', 'the #word typed is removed');
      await ctx.screenshot('chip');

      // Escape closes the picker without attaching or sending.
      await input.pressSequentially('#zzzz');
      await picker.waitFor({ state: 'visible' });
      await input.press('Escape');
      await picker.waitFor({ state: 'hidden' });
      await input.fill('Explain ');

      // The file changes after attaching: the message carries the text of the moment it is sent.
      fs.writeFileSync(file, 'def picked_target():\n    return 43\n');
      const before = await chat.locator('.turn-assistant').count();
      await input.press('Enter');
      await chat.locator('.turn-assistant').nth(before).locator('.assistant-text').waitFor({ timeout: 15000 });
      const user = lastChatMessages(ctx.emulator)
        .filter((m) => m.role === 'user')
        .at(-1);
      assert.strictEqual(
        user?.content,
        '<attachment kind="file" name="src/pickedTarget.py">\n```py\ndef picked_target():\n    return 43\n```\n</attachment>\n\nExplain ',
      );
      const sentChip = chat.locator('.turn-user').last().locator('.chip', { hasText: 'src/pickedTarget.py' });
      await sentChip.waitFor({ state: 'visible' });
      assert.strictEqual(await chat.locator('.composer .chip').count(), 0, 'the draft is emptied');
      await ctx.screenshot('sent');
      await sentChip.getByRole('button', { name: /^Open src\/pickedTarget\.py/ }).click();
      await ctx.page.locator('.tabs-container .tab.active', { hasText: 'pickedTarget.py' }).waitFor({ timeout: 15000 });
      await ctx.page.locator('.monaco-editor .view-lines', { hasText: 'return 43' }).first().waitFor({ timeout: 10000 });
      await ctx.screenshot('opened');
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'AGENTS.md: "Using instructions from AGENTS.md" with a link that opens it; its text reaches the system prompt; the setting hides it',
    async (ctx) => {
      const chat = await openChat(ctx);
      fs.writeFileSync(path.join(ctx.workspace, 'AGENTS.md'), '# House rules\nAnswer briefly.\n');
      const notice = chat.locator('.instructions-notice');
      await notice.waitFor({ state: 'visible', timeout: 15000 });
      assert.strictEqual((await notice.innerText()).trim(), 'Using instructions from AGENTS.md');
      await ctx.screenshot('instructions-notice');
      const before = await chat.locator('.turn-assistant').count();
      const input = chat.locator('.composer-input');
      await input.fill('hello with rules');
      await input.press('Enter');
      await chat.locator('.turn-assistant').nth(before).locator('.assistant-text').waitFor({ timeout: 15000 });
      const system = lastChatMessages(ctx.emulator).find((m) => m.role === 'system');
      assert.ok(system?.content.includes('<instructions file="AGENTS.md">\n# House rules\nAnswer briefly.\n</instructions>'), system?.content);
      await notice.getByRole('link', { name: 'AGENTS.md' }).click();
      await ctx.page.locator('.tabs-container .tab.active', { hasText: 'AGENTS.md' }).waitFor({ timeout: 15000 });
      const settingsFile = path.join(ctx.workspace, '.vscode', 'settings.json');
      const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'genaiGateway.chat.useWorkspaceInstructions': false }, null, 2));
      await notice.waitFor({ state: 'hidden', timeout: 15000 });
      fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
      fs.rmSync(path.join(ctx.workspace, 'AGENTS.md'));
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    "Add File to Chat in the Explorer's context menu attaches the file as a chip",
    async (ctx) => {
      const chat = await openChat(ctx);
      await ctx.wb.runCommand('View: Show Explorer');
      const row = ctx.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'script.py' });
      await row.waitFor({ state: 'visible', timeout: 15000 });
      await row.click({ button: 'right' });
      // VS Code's own chat adds "Add File to Chat" to this menu too: ours names the extension.
      await ctx.wb.pickMenuItem('Add File to GenAI Gateway Chat');
      await openChat(ctx);
      await chat.locator('.composer .chip', { hasText: 'script.py' }).waitFor({ state: 'visible', timeout: 15000 });
      await ctx.screenshot('explorer-add');
      await chat
        .locator('.composer .chip')
        .getByRole('button', { name: /^Remove script\.py/ })
        .click();
      await sleep(200);
    },
    { timeoutMs: 60000 },
  ),

  uiTest(
    'a file dragged from an editor tab or the Explorer and dropped with Shift is attached; without Shift the workbench keeps the drop',
    async (ctx) => {
      await ctx.wb.openFile('hello.txt');
      let chat = await openChat(ctx);
      const tab = ctx.page.locator('.tabs-container .tab', { hasText: 'hello.txt' });
      await dragOntoComposer(ctx, chat, tab, false);
      await sleep(1000);
      assert.strictEqual(await chat.locator('.composer .chip').count(), 0, 'nothing reaches the webview without Shift');
      await dragOntoComposer(ctx, chat, tab, true);
      await chat.locator('.composer .chip', { hasText: 'hello.txt' }).waitFor({ state: 'visible', timeout: 10000 });

      chat = await chatBesideExplorer(ctx);
      const row = ctx.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'script.py' });
      await row.waitFor({ state: 'visible', timeout: 15000 });
      await dragOntoComposer(ctx, chat, row, true);
      await chat.locator('.composer .chip', { hasText: 'script.py' }).waitFor({ state: 'visible', timeout: 10000 });
      await ctx.screenshot('dropped');
      for (const name of ['hello.txt', 'script.py'])
        await chat
          .locator('.composer .chip')
          .getByRole('button', { name: `Remove ${name}` })
          .click();
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'the # picker and the chips follow the theme (high contrast, dark)',
    async (ctx) => {
      const settingsFile = path.join(ctx.workspace, '.vscode', 'settings.json');
      const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      const chat = await openChat(ctx);
      const input = chat.locator('.composer-input');
      try {
        for (const [theme, bodyClass] of [
          ['Default High Contrast', 'vscode-high-contrast'],
          ['Default Dark Modern', 'vscode-dark'],
        ] as const) {
          fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.colorTheme': theme }, null, 2));
          await chat.locator(`body.${bodyClass}`).waitFor({ state: 'attached', timeout: 15000 });
          await sleep(300); // the theme's colours follow the class
          await input.fill('');
          await input.pressSequentially('#script', { delay: 20 });
          const option = chat.locator('.context-option[aria-selected="true"]');
          await option.waitFor({ state: 'visible', timeout: 15000 });
          // The list is rebuilt as matches arrive: an option read just as it is replaced has no computed style, so read until one has.
          const colours = await until('a selected option with computed colours', async () => {
            const read = await option.evaluate((el) => ({
              fg: getComputedStyle(el).color,
              bg: getComputedStyle(el).backgroundColor,
              page: getComputedStyle(document.body).backgroundColor,
            }));
            return read.fg && read;
          });
          assert.notStrictEqual(colours.fg, colours.bg, `${theme}: the selected item's text stands out from its background: ${JSON.stringify(colours)}`);
          await ctx.screenshot(`picker-${bodyClass}`);
          await input.press('Escape');
        }
      } finally {
        fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
        await input.fill('');
      }
    },
    { timeoutMs: 60000 },
  ),
];
