// The chat view in a real workbench: typing, sending with Enter, the rendered answer, Stop,
// editor context, and screenshots in light, dark and high contrast themes.
import * as fs from 'fs';
import * as path from 'path';
import { until } from '../../support/until';
import { openChat, sendMessage as send } from '../lib/chatView';
import { LISTED_ELSEWHERE, MORE_CHAT_MODELS, UNKNOWN_MODEL } from '../lib/listedModels';
import { sleep } from '../lib/proc';
import { assert, uiTest } from '../lib/ui';
import { setWorkspaceSetting, useTheme } from '../lib/workspaceSettings';

export const tests = [
  uiTest(
    "the model dropdown offers the gateway's chat models, unknown ones under Other, and no image, video, speech or embedding model",
    async (ctx) => {
      const chat = await openChat(ctx);
      ctx.emulator.setOptions({ extraModels: LISTED_ELSEWHERE });
      try {
        await chat.getByRole('button', { name: 'Refresh the model list' }).click();
        const select = chat.locator('.model-select');
        await select.locator(`option[value="${UNKNOWN_MODEL}"]`).waitFor({ state: 'attached', timeout: 20000 });
        const groups = await select
          .locator('optgroup')
          .evaluateAll((els) =>
            els.map((g) => ({ label: g.getAttribute('label'), ids: Array.from(g.querySelectorAll('option')).map((o) => o.getAttribute('value')) })),
          );
        assert.deepStrictEqual(groups, [
          { label: 'Chat models', ids: ['gpt-4o-mini', 'gpt-4o', 'llama-3.1-70b-instruct', ...MORE_CHAT_MODELS] },
          { label: 'Other (kind not recognised)', ids: [UNKNOWN_MODEL] },
        ]);
        assert.match((await select.locator(`option[value="${UNKNOWN_MODEL}"]`).getAttribute('title')) ?? '', /genaiGateway\.modelCapabilities/);
        await ctx.screenshot('model-dropdown');
      } finally {
        ctx.emulator.setOptions({ extraModels: [] });
      }
    },
    { timeoutMs: 60000 },
  ),

  uiTest('a message typed and sent with Enter is answered in the view', async (ctx) => {
    const chat = await openChat(ctx);
    const answer = await send(chat, 'hello from the UI');
    await answer.locator('.assistant-text', { hasText: 'echo: hello from the UI' }).waitFor({ timeout: 15000 });
    await answer.locator('.usage', { hasText: /Tokens: \d+ prompt \+ \d+ answer = \d+/ }).waitFor({ timeout: 10000 });
    assert.strictEqual(await chat.locator('.composer-input').inputValue(), '', 'the composer is emptied after sending');
    assert.strictEqual(await chat.locator('.turn-user .user-text').last().innerText(), 'hello from the UI');
    assert.strictEqual(await chat.locator('.conversation-title').innerText(), 'hello from the UI');
  }),

  uiTest('Shift+Enter adds a line instead of sending', async (ctx) => {
    const chat = await openChat(ctx);
    const turns = await chat.locator('.turn').count();
    const input = chat.locator('.composer-input');
    await input.click();
    await input.pressSequentially('line one');
    await input.press('Shift+Enter');
    await input.pressSequentially('line two');
    assert.strictEqual(await input.inputValue(), 'line one\nline two');
    assert.strictEqual(await chat.locator('.turn').count(), turns);
    await input.fill('');
  }),

  uiTest('a markdown answer shows a table and highlighted code with its actions (dark theme)', async (ctx) => {
    const chat = await openChat(ctx);
    await useTheme(ctx, 'dark');
    const answer = await send(chat, 'show me markdown');
    await answer.locator('.usage').waitFor({ timeout: 15000 });
    const table = answer.locator('table');
    await table.waitFor({ state: 'visible' });
    assert.deepStrictEqual(await table.locator('th').allInnerTexts(), ['Language', 'Typing', 'Released']);
    assert.strictEqual(await table.locator('tbody tr').count(), 3);
    const code = answer.locator('.code-block[data-lang="typescript"]');
    await code.waitFor({ state: 'visible' });
    assert.ok((await code.locator('code.hljs span[class^="hljs-"]').count()) > 0, 'the code is highlighted');
    for (const label of ['Copy', 'Insert at Cursor', 'Open in New Editor']) {
      assert.ok(await code.getByRole('button', { name: new RegExp(`^${label}`) }).isVisible(), `${label} button`);
    }
    assert.strictEqual(await answer.locator('a[data-href^="https://spec.commonmark.org"]').count(), 1, 'the link is rendered');
    await code.scrollIntoViewIfNeeded();
    await ctx.screenshot('markdown-dark');
  }),

  uiTest('Open in New Editor opens the code block in an editor', async (ctx) => {
    const chat = await openChat(ctx);
    const code = chat.locator('.code-block[data-lang="python"]').last();
    await code.getByRole('button', { name: /^Open in New Editor/ }).click();
    await ctx.page.locator('.monaco-editor .view-lines', { hasText: 'def greet(name: str)' }).first().waitFor({ timeout: 15000 });
  }),

  uiTest('Stop ends a streaming answer and keeps what arrived, marked stopped', async (ctx) => {
    const chat = await openChat(ctx);
    ctx.emulator.setOptions({ chunkDelayMs: 40 });
    try {
      const answer = await send(chat, 'length 600');
      await answer.locator('.assistant-text', { hasText: 'lorem ipsum dolor sit amet' }).waitFor({ timeout: 15000 });
      const stop = chat.getByRole('button', { name: 'Stop (Escape)' });
      assert.ok(await stop.isVisible(), 'Stop is offered while streaming');
      await ctx.screenshot('streaming');
      await stop.click();
      await answer.locator('.status-stopped').waitFor({ timeout: 10000 });
      const words = (await answer.locator('.assistant-text').innerText()).trim().split(/\s+/).length;
      assert.ok(words > 4 && words < 600, `kept ${words} words`);
      assert.ok(await chat.getByRole('button', { name: 'Send (Enter)' }).isVisible(), 'Send is back');
    } finally {
      ctx.emulator.setOptions({ chunkDelayMs: 0 });
    }
  }),

  uiTest('Escape stops a streaming answer', async (ctx) => {
    const chat = await openChat(ctx);
    ctx.emulator.setOptions({ chunkDelayMs: 40 });
    try {
      const answer = await send(chat, 'length 600');
      await answer.locator('.assistant-text', { hasText: 'lorem' }).waitFor({ timeout: 15000 });
      await chat.locator('.composer-input').press('Escape');
      await answer.locator('.status-stopped').waitFor({ timeout: 10000 });
    } finally {
      ctx.emulator.setOptions({ chunkDelayMs: 0 });
    }
  }),

  uiTest('Add Selection to GenAI Gateway Chat attaches a removable chip with file and lines', async (ctx) => {
    await ctx.wb.openFile('hello.txt');
    await ctx.page.locator('.monaco-editor .view-lines').first().click();
    await ctx.page.keyboard.press('Control+A');
    await ctx.wb.runCommand('GenAI Gateway: Add Selection to GenAI Gateway Chat');
    const chat = ctx.wb.webview();
    const chip = chat.locator('.composer .chip', { hasText: 'hello.txt:1' });
    await chip.waitFor({ state: 'visible', timeout: 15000 });
    await ctx.screenshot('context-chip');
    await chip.getByRole('button', { name: /^Remove hello\.txt:1/ }).click();
    await chip.waitFor({ state: 'detached', timeout: 10000 });
    await ctx.page.locator('.monaco-editor .view-lines').first().click();
    await ctx.page.keyboard.press('Control+A');
    await ctx.wb.runCommand('GenAI Gateway: Ask GenAI Gateway about Selection');
    await chip.waitFor({ state: 'visible', timeout: 15000 });
    await chat.locator('.composer-input:focus').waitFor({ timeout: 10000 });
    await chip.getByRole('button', { name: /^Remove hello\.txt:1/ }).click();
  }),

  uiTest('Export writes the conversation as Markdown where the save dialog says', async (ctx) => {
    const chat = await openChat(ctx);
    await (await send(chat, 'worth keeping')).locator('.usage').waitFor({ timeout: 15000 });
    const title = await chat.locator('.conversation-title').innerText();
    await ctx.wb.runCommand('GenAI Gateway: Export Chat Conversation as Markdown');
    const target = path.join(ctx.workspace, 'exported-chat.md');
    // the save dialog (a quick input here) opens with the suggested path, after the palette has closed
    const dialogInput = ctx.wb.quickInput.locator('input');
    const end = Date.now() + 15000;
    while (!(await dialogInput.inputValue().catch(() => '')).endsWith('.md') && Date.now() < end) await sleep(100);
    await ctx.wb.answerQuickInput(target);
    while (!fs.existsSync(target) && Date.now() < end + 15000) await sleep(200);
    const markdown = fs.readFileSync(target, 'utf8');
    assert.ok(markdown.startsWith(`# ${title}\n`), markdown.slice(0, 80));
    assert.match(markdown, /## You\n\nworth keeping\n\n## Assistant \(gpt-4o-mini\)\n\necho: worth keeping\n/);
  }),

  uiTest('the answer is announced politely to screen readers, by sentences', async (ctx) => {
    const chat = await openChat(ctx);
    const live = chat.locator('[aria-live="polite"]');
    await send(chat, 'Announce this. Then this!');
    await live.filter({ hasText: /Answer complete\./ }).waitFor({ state: 'attached', timeout: 15000 });
    assert.match((await live.textContent()) ?? '', /echo: Announce this\. Then this! Answer complete\./);
  }),

  uiTest('an invalid parameter shows the validator message; a max_tokens cut offers Continue', async (ctx) => {
    const chat = await openChat(ctx);
    await chat.getByRole('button', { name: 'Parameters' }).click();
    const temperature = chat.getByLabel('Temperature');
    await temperature.fill('5');
    await temperature.press('Tab');
    const problem = chat.locator('.composer-problem');
    await problem.filter({ hasText: /temperature/ }).waitFor({ timeout: 10000 });
    await temperature.fill('');
    await temperature.press('Tab');
    await problem.waitFor({ state: 'hidden', timeout: 10000 });
    const maxTokens = chat.getByLabel('Max tokens');
    await maxTokens.fill('3');
    await maxTokens.press('Tab');
    await ctx.screenshot('parameters');
    const answer = await send(chat, 'length 10');
    await answer.locator('.notice', { hasText: 'token limit' }).waitFor({ timeout: 15000 });
    assert.strictEqual((await answer.locator('.assistant-text').innerText()).trim(), 'lorem ipsum dolor');
    await answer.getByRole('button', { name: 'Continue' }).click();
    await answer.locator('.assistant-text', { hasText: /^lorem ipsum dolor\s*\S/ }).waitFor({ timeout: 15000 });
    await maxTokens.fill('');
    await maxTokens.press('Tab');
    await chat.getByRole('button', { name: 'Parameters' }).click();
  }),

  uiTest('a content-filtered answer carries a visible notice', async (ctx) => {
    const chat = await openChat(ctx);
    const answer = await send(chat, 'tell me something forbidden');
    await answer.locator('.notice', { hasText: 'content filter' }).waitFor({ timeout: 15000 });
  }),

  uiTest('an error is shown inline with the server message and request id; Retry answers', async (ctx) => {
    setWorkspaceSetting(ctx.workspace, 'genaiGateway.maxRetries', 0);
    await sleep(1000);
    const chat = await openChat(ctx);
    ctx.emulator.setFaults({ statusBurst: { status: 503, count: 1 }, pathPrefix: '/chat' });
    try {
      const answer = await send(chat, 'please fail once');
      const box = answer.locator('.error-box');
      await box.waitFor({ timeout: 15000 });
      assert.match(await box.innerText(), /Request ID: \S+/);
      await ctx.screenshot('error');
      ctx.emulator.setFaults(undefined);
      await box.getByRole('button', { name: 'Retry' }).click();
      await chat.locator('.turn-assistant').last().locator('.assistant-text', { hasText: 'echo: please fail once' }).waitFor({ timeout: 15000 });
    } finally {
      ctx.emulator.setFaults(undefined);
    }
  }),

  uiTest("an unreachable gateway's address wraps only as a whole or after a slash, at any width of the chat", async (ctx) => {
    setWorkspaceSetting(ctx.workspace, 'genaiGateway.maxRetries', 0);
    const chat = await openChat(ctx);
    ctx.emulator.setFaults({ dropConnection: true, pathPrefix: '/chat' });
    try {
      const box = (await send(chat, 'is anyone there')).locator('.error-box');
      await box.waitFor({ timeout: 30000 });
      const address = box.locator('.address').first();
      assert.match(await address.innerText(), /^http:\/\/127\.0\.0\.1:\d+$/, await box.innerText());
      // Narrowed step by step, the message wraps in many places; no part of the address (host and port) is ever split.
      const split = await box.locator('.error-text').evaluate((text: HTMLElement) => {
        const found: string[] = [];
        text.style.flex = 'none';
        for (let width = 90; width <= 420; width += 3) {
          text.style.width = `${width}px`;
          for (const part of Array.from(text.querySelectorAll('.address-part')))
            if (part.getClientRects().length > 1) found.push(`${width}px: ${part.textContent}`);
        }
        text.style.removeProperty('width');
        text.style.removeProperty('flex');
        return found;
      });
      assert.deepStrictEqual(split, []);
      await ctx.screenshot('offline-error');
    } finally {
      ctx.emulator.setFaults(undefined);
    }
  }),

  uiTest('an earlier message can be edited and sent again', async (ctx) => {
    await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
    const chat = await openChat(ctx);
    await (await send(chat, 'first version')).locator('.usage').waitFor({ timeout: 15000 });
    await (await send(chat, 'second message')).locator('.usage').waitFor({ timeout: 15000 });
    await chat.locator('.turn-user').first().getByRole('button', { name: 'Edit and resend' }).click();
    const editor = chat.getByLabel('Edit your message');
    await editor.fill('edited version');
    await editor.press('Enter');
    await chat.locator('.turn-assistant .assistant-text', { hasText: 'echo: edited version' }).waitFor({ timeout: 15000 });
    assert.deepStrictEqual(await chat.locator('.turn .user-text, .turn .assistant-text').allInnerTexts(), ['edited version', 'echo: edited version']);
  }),

  uiTest('conversations are listed, renamed, switched and deleted', async (ctx) => {
    await ctx.wb.runCommand('GenAI Gateway: Show Chat History');
    const chat = ctx.wb.webview();
    const list = chat.getByRole('list', { name: 'Conversations' });
    await list.waitFor({ timeout: 10000 });
    const items = list.locator('.history-item');
    assert.ok((await items.count()) >= 2, 'at least two conversations');
    await ctx.screenshot('history');
    await items
      .first()
      .getByRole('button', { name: /^Rename/ })
      .click();
    await ctx.wb.answerQuickInput('Renamed conversation');
    await chat.locator('.conversation-title', { hasText: 'Renamed conversation' }).waitFor({ timeout: 10000 });
    await list.locator('.history-item', { hasText: 'hello from the UI' }).locator('.history-open').click();
    await chat.locator('.conversation-title', { hasText: 'hello from the UI' }).waitFor({ timeout: 10000 });
    const count = await items.count();
    await list
      .locator('.history-item', { hasText: 'Renamed conversation' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await ctx.page.locator('.monaco-dialog-box').getByRole('button', { name: 'Delete' }).click();
    await list.locator('.history-item', { hasText: 'Renamed conversation' }).waitFor({ state: 'detached', timeout: 10000 });
    assert.strictEqual(await items.count(), count - 1);
    await ctx.wb.runCommand('GenAI Gateway: Show Chat History');
  }),

  uiTest('screenshots of the chat in light and high contrast themes', async (ctx) => {
    const chat = await openChat(ctx);
    await useTheme(ctx, 'light');
    await chat.locator('.code-block').last().scrollIntoViewIfNeeded();
    await ctx.screenshot('chat-light');
    await useTheme(ctx, 'high-contrast');
    await ctx.screenshot('chat-high-contrast');
    await useTheme(ctx, 'dark');
    await ctx.screenshot('chat-dark');
  }),

  uiTest('a chat view that loads again in the background leaves the keyboard focus in the editor', async (ctx) => {
    const chat = await openChat(ctx);
    await ctx.wb.openFile('hello.txt');
    const editor = ctx.page.locator('.monaco-editor .view-lines').first();
    await editor.click();
    // A mark on the loaded page: gone once the webview has loaded again.
    await chat.locator('body').evaluate((body) => body.setAttribute('data-before-reload', ''));
    await ctx.wb.runCommand('Developer: Reload Webviews');
    await chat.locator('body:not([data-before-reload]) .composer-input').waitFor({ timeout: 20000 });
    // The view's state arrives after its page: time for a focus it would take.
    await sleep(2000);
    const focusInEditor = (): Promise<boolean> => ctx.page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null);
    assert.ok(await focusInEditor(), 'the focus stayed in the editor');
    assert.strictEqual(await chat.locator('.composer-input').inputValue(), '', 'the composer is empty');
    // Given the focus by Open Chat, the view puts the caret in the composer.
    await ctx.wb.runCommand('GenAI Gateway: Open Chat');
    await chat.locator('.composer-input:focus').waitFor({ timeout: 10000 });
  }),

  uiTest(
    'the history survives a reload of the window',
    async (ctx) => {
      let chat = await openChat(ctx);
      await (await send(chat, 'a message kept across reloads')).locator('.usage').waitFor({ timeout: 15000 });
      const input = chat.locator('.composer-input');
      await input.click();
      await input.pressSequentially('draft kept across reloads');
      await sleep(800); // the draft is saved after a pause in typing
      await ctx.reload();
      chat = await openChat(ctx);
      await chat.locator('.turn-user .user-text', { hasText: 'a message kept across reloads' }).waitFor({ timeout: 20000 });
      assert.strictEqual(await chat.locator('.composer-input').inputValue(), 'draft kept across reloads');
    },
    { timeoutMs: 90000 },
  ),
  uiTest(
    'without a gateway address the chat shows its welcome, not an error; its button asks for the address; setting one brings the chat back without a reload',
    async (ctx) => {
      const chat = await openChat(ctx);
      await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
      setWorkspaceSetting(ctx.workspace, 'genaiGateway.baseUrl', '');
      try {
        const welcome = chat.locator('.welcome');
        await welcome.waitFor({ state: 'visible', timeout: 20000 });
        assert.match(await welcome.innerText(), /Chat with the models of your gateway/);
        assert.ok(!(await chat.locator('.composer').isVisible()), 'no composer while the chat cannot answer');
        assert.doesNotMatch(await chat.locator('body').innerText(), /Invalid "genaiGateway|got ""|allowed:/, 'no validation text in the view');
        for (const theme of ['light', 'high-contrast', 'dark'] as const) {
          await useTheme(ctx, theme);
          await ctx.screenshot(`welcome-${theme}`);
        }
        await welcome.getByRole('button', { name: 'Connect your gateway' }).click();
        const input = ctx.wb.quickInput;
        await input.waitFor({ state: 'visible', timeout: 10000 });
        assert.match(await input.innerText(), /\/v1/);
        await ctx.page.keyboard.press('Escape');
        await welcome.waitFor({ state: 'visible', timeout: 10000 });
      } finally {
        setWorkspaceSetting(ctx.workspace, 'genaiGateway.baseUrl', undefined);
      }
      await chat.locator('.welcome').waitFor({ state: 'hidden', timeout: 20000 });
      await chat.locator('.composer-input').waitFor({ state: 'visible', timeout: 20000 });
      // The model list is fetched again for the new address; the conversation has its model once it is there.
      await until('a chat model', async () => (await chat.locator('.model-select').inputValue()) !== '', 20000, 200);
      const answer = await send(chat, 'hello after setup');
      await answer.locator('.assistant-text', { hasText: 'echo: hello after setup' }).waitFor({ timeout: 20000 });
    },
    { timeoutMs: 120000 },
  ),
];
