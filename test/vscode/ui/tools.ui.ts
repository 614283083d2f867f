// Chat tools in a real workbench: a tool call waits in its card with the diff open beside it, the user
// approves it there (mouse, then keyboard), and the model's final answer follows.
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator } from 'playwright-core';
import { assert, uiTest, type UiContext } from '../lib/ui';

async function openChat({ wb }: UiContext): Promise<FrameLocator> {
  await wb.openContainer('GenAI Gateway');
  return wb.waitForWebview('.composer-input');
}

async function send(chat: FrameLocator, text: string): Promise<void> {
  const input = chat.locator('.composer-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

export const tests = [
  uiTest(
    'approving an edit in its card applies it, and the model answers with the result',
    async (ctx) => {
      const chat = await openChat(ctx);
      assert.ok(await chat.locator('.tool-choice-select').isVisible(), 'the tool choice picker is shown');
      await send(chat, 'call edit_file {"path":"hello.txt","oldText":"Hello from","newText":"Greetings from"}');
      const card = chat.locator('.tool-call.status-awaitingApproval');
      await card.waitFor({ timeout: 20000 });
      assert.strictEqual(await card.locator('.tool-name').innerText(), 'edit_file');
      assert.match(await card.locator('.tool-arguments').innerText(), /"oldText": "Hello from"/);
      // The proposed change is open as a diff in the editor area while the card asks.
      await ctx.page.locator('.monaco-diff-editor').first().waitFor({ timeout: 15000 });
      await ctx.screenshot('approval-with-diff');
      await card.getByRole('button', { name: 'Allow once' }).click();
      const final = chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: edit_file=Edited hello\.txt/ });
      await final.waitFor({ timeout: 20000 });
      const done = chat.locator('.tool-call.status-succeeded');
      assert.match(await done.locator('.tool-status').innerText(), /Done/);
      assert.match(await done.locator('.tool-duration').innerText(), /\d+(\.\d)? m?s/);
      await ctx.page.locator('.monaco-diff-editor').first().waitFor({ state: 'detached', timeout: 15000 });
      const file = path.join(ctx.workspace, 'hello.txt');
      const deadline = Date.now() + 10000;
      while (!fs.readFileSync(file, 'utf8').startsWith('Greetings from') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.match(fs.readFileSync(file, 'utf8'), /^Greetings from the GenAI Gateway test workspace\./);
      await ctx.screenshot('approved-answer');
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'the approval buttons work from the keyboard: Deny goes back to the model',
    async (ctx) => {
      const chat = await openChat(ctx);
      await send(chat, 'call create_file {"path":"denied.txt","content":"no"}');
      const card = chat.locator('.tool-call.status-awaitingApproval');
      await card.waitFor({ timeout: 20000 });
      const deny = card.getByRole('button', { name: 'Deny' });
      await deny.focus();
      await deny.press('Enter');
      await chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: create_file=The user denied this call/ }).waitFor({ timeout: 20000 });
      assert.match(await chat.locator('.tool-call.status-denied .tool-status').innerText(), /Denied/);
      assert.ok(!fs.existsSync(path.join(ctx.workspace, 'denied.txt')));
      // The card folds and unfolds from the keyboard too.
      const summary = chat.locator('.tool-call.status-denied summary');
      const details = chat.locator('.tool-call.status-denied');
      const wasOpen = await details.evaluate((d) => (d as HTMLDetailsElement).open);
      await summary.focus();
      await summary.press('Enter');
      assert.strictEqual(await details.evaluate((d) => (d as HTMLDetailsElement).open), !wasOpen);
      await ctx.screenshot('denied');
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'two calls that share an id get a card each, and each approval runs only the call its card shows',
    async (ctx) => {
      ctx.emulator.setFaults({ sharedToolCallId: 'call_dup', pathPrefix: '/chat' });
      try {
        const chat = await openChat(ctx);
        await send(chat, 'call create_file {"path":"shown.txt","content":"approved"} then create_file {"path":"hidden.txt","content":"not approved"}');
        const asking = chat.locator('.tool-call.status-awaitingApproval');
        await asking.waitFor({ timeout: 20000 });
        const cards = chat.locator('.turn-assistant').last().locator('.tool-call');
        assert.strictEqual(await cards.count(), 2, 'one card per call');
        assert.match(await asking.locator('.tool-arguments').innerText(), /"path": "shown\.txt"/);
        await asking.getByRole('button', { name: 'Allow once' }).click();
        const second = chat.locator('.tool-call.status-awaitingApproval', { hasText: 'hidden.txt' });
        await second.waitFor({ timeout: 20000 });
        assert.doesNotMatch(await second.locator('.tool-arguments').innerText(), /shown\.txt/);
        await ctx.screenshot('shared-id-second-card');
        await second.getByRole('button', { name: 'Deny' }).click();
        await chat
          .locator('.turn-assistant .assistant-text', { hasText: /Tool results: create_file=.*; create_file=The user denied this call/ })
          .waitFor({ timeout: 20000 });
        assert.strictEqual(await chat.locator('.tool-call.status-succeeded', { hasText: 'shown.txt' }).count(), 1);
        assert.strictEqual(await chat.locator('.tool-call.status-denied', { hasText: 'hidden.txt' }).count(), 1);
        assert.strictEqual(fs.readFileSync(path.join(ctx.workspace, 'shown.txt'), 'utf8'), 'approved');
        assert.ok(!fs.existsSync(path.join(ctx.workspace, 'hidden.txt')), 'the denied call did not run');

        // The next round's call has the same wire id again: a card of its own, and its approval runs it alone.
        const cardsBefore = await chat.locator('.tool-call').count();
        await send(chat, 'call create_file {"path":"second-round.txt","content":"round two"}');
        const third = chat.locator('.tool-call.status-awaitingApproval', { hasText: 'second-round.txt' });
        await third.waitFor({ timeout: 20000 });
        assert.strictEqual(await chat.locator('.tool-call').count(), cardsBefore + 1, 'a card of its own; earlier cards stay as they were');
        await third.getByRole('button', { name: 'Allow once' }).click();
        await chat.locator('.tool-call.status-succeeded', { hasText: 'second-round.txt' }).waitFor({ timeout: 20000 });
        assert.strictEqual(fs.readFileSync(path.join(ctx.workspace, 'second-round.txt'), 'utf8'), 'round two');
        assert.strictEqual(await chat.locator('.tool-call.status-denied', { hasText: 'hidden.txt' }).count(), 1, 'the denied card is unchanged');
        assert.ok(!fs.existsSync(path.join(ctx.workspace, 'hidden.txt')));
      } finally {
        ctx.emulator.setFaults(undefined);
      }
    },
    { timeoutMs: 90000 },
  ),
];
