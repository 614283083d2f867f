// Hostile model output in the real chat webview: every payload of the corpus is answered by the
// emulator, streamed through the extension host into the webview, and must not run (the trap never
// fires), load anything (no CSP violation, no request out) or hide the text; it is rendered again
// from the saved history; links to commands do nothing when clicked. Afterwards the key is in no
// message to the webview and in none of the state the workbench keeps in the browser.
import type { FrameLocator } from 'playwright-core';
import { ATTACKER_HOST, HOSTILE_ANSWERS, TRAP_NAME } from '../../reliability/corpora/hostileAnswers';
import { browserStorageRecords } from '../lib/browserStorage';
import { openChat, sendMessage } from '../lib/chatView';
import { type RequestWatch, watchOutgoingRequests } from '../lib/requestWatch';
import { assert, uiTest, type UiContext } from '../lib/ui';
import { installWebviewWatch, provokeWebviewWatch, readWebviewWatch } from '../lib/webviewWatch';

const promptOf = (id: string): string => `hostile ${id}`;

/** Every payload shown, visible and readable, in the answers of `chat` (in corpus order). */
async function assertAllReadable(chat: FrameLocator): Promise<void> {
  const texts = await chat.locator('.turn-assistant .assistant-text').allInnerTexts();
  assert.strictEqual(texts.length, HOSTILE_ANSWERS.length, 'one answer per payload');
  HOSTILE_ANSWERS.forEach(({ id, visible }, i) => {
    for (const word of visible) assert.ok(texts[i]?.includes(word), `${id}: "${word}" is visible in ${JSON.stringify(texts[i])}`);
  });
  assert.ok(await chat.locator('.composer-input').isVisible(), 'the composer is still visible');
}

async function assertNothingRan(ctx: UiContext, chat: FrameLocator, requests: RequestWatch, messagesAtLeast: number): Promise<void> {
  const watch = await readWebviewWatch(chat);
  assert.deepStrictEqual(watch.trapped, [], 'no payload ran');
  assert.deepStrictEqual(watch.violations, [], 'no payload tried to load or run anything the CSP blocked');
  assert.deepStrictEqual(requests.leaks, [], 'no request left the webview');
  assert.ok(watch.messages.length >= messagesAtLeast, `the messages of the extension were watched (${watch.messages.length})`);
  assert.ok(!watch.messages.some((m) => m.includes(ctx.emulator.apiKey)), 'no message to the webview carries the key');
}

export const tests = [
  uiTest(
    `${HOSTILE_ANSWERS.length} hostile answers streamed into the chat view: none runs, loads or hides`,
    async (ctx) => {
      ctx.emulator.setOptions({ scriptedAnswers: Object.fromEntries(HOSTILE_ANSWERS.map((a) => [promptOf(a.id), a.answer])) });
      const requests = await watchOutgoingRequests(ctx.page.context(), ATTACKER_HOST);
      try {
        await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
        const chat = await openChat(ctx);
        await installWebviewWatch(chat, TRAP_NAME);
        const started = Date.now();
        for (const { id } of HOSTILE_ANSWERS) await (await sendMessage(chat, promptOf(id), 'paste')).locator('.usage').waitFor({ timeout: 15000 });
        ctx.log(`${HOSTILE_ANSWERS.length} payloads streamed through the emulator and the extension host in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        await assertAllReadable(chat);
        await assertNothingRan(ctx, chat, requests, HOSTILE_ANSWERS.length);
        await ctx.screenshot('hostile-answers');
        const csp = await chat
          .locator('body')
          .evaluate((body) => body.ownerDocument.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '');
        for (const directive of ["form-action 'none'", "base-uri 'none'", "frame-src 'none'", "object-src 'none'"])
          assert.ok(csp.includes(directive), `the CSP has ${directive}: ${csp}`);
        const control = await provokeWebviewWatch(chat, TRAP_NAME, ATTACKER_HOST);
        assert.deepStrictEqual(control.trapped, ['control'], 'the trap records a call');
        assert.ok(
          control.violations.some((v) => v.startsWith('img-src')),
          `the CSP watch records a refused image: ${JSON.stringify(control.violations)}`,
        );
        // The frame's sandbox has no allow-forms (enableForms: false), so a submission goes nowhere and the page stays.
        assert.deepStrictEqual(
          requests.leaks.filter((url) => !url.endsWith('/control.png')),
          [],
          'the submitted form sent nothing (the control image is the one expected attempt)',
        );
      } finally {
        await requests.stop();
        ctx.emulator.setOptions({ scriptedAnswers: {} });
      }
    },
    { timeoutMs: 420000 },
  ),

  uiTest(
    'the same answers rendered again from the history, and their command links clicked: nothing runs',
    async (ctx) => {
      const requests = await watchOutgoingRequests(ctx.page.context(), ATTACKER_HOST);
      try {
        await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
        const chat = await openChat(ctx);
        await installWebviewWatch(chat, TRAP_NAME);
        await ctx.wb.runCommand('GenAI Gateway: Show Chat History');
        await chat
          .locator('.history-item', { hasText: promptOf(HOSTILE_ANSWERS[0].id) })
          .locator('.history-open')
          .click();
        await chat
          .locator('.turn-assistant')
          .nth(HOSTILE_ANSWERS.length - 1)
          .waitFor({ timeout: 20000 });
        await assertAllReadable(chat);
        const tabs = await ctx.wb.editorTabs();
        const links = chat.locator('.turn-assistant a[data-href]:not([data-href^="http"]):not([data-href^="mailto:"])');
        const count = await links.count();
        assert.ok(count >= 3, `command and other non-web links are shown as links (${count})`);
        for (let i = 0; i < count; i++) await links.nth(i).click();
        await ctx.page.waitForTimeout(1000);
        assert.deepStrictEqual(await ctx.wb.editorTabs(), tabs, 'no editor was opened by a command link');
        assert.strictEqual(await ctx.page.locator('.terminal-wrapper').count(), 0, 'no terminal was opened');
        await assertNothingRan(ctx, chat, requests, 1);
      } finally {
        await requests.stop();
      }
    },
    { timeoutMs: 120000 },
  ),

  uiTest('the key is in none of the state the workbench keeps in the browser (global and workspace state)', async (ctx) => {
    const records = await browserStorageRecords(ctx.page);
    assert.ok(
      records.some((r) => r.text.includes('genai-gateway.genai-gateway')),
      `the extension's state is among the ${records.length} records read`,
    );
    assert.deepStrictEqual(
      records.filter((r) => r.text.includes(ctx.emulator.apiKey)).map((r) => r.where),
      [],
    );
  }),
];
