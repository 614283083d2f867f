// Chat tools in a real workbench: a tool call waits in its card with the diff open beside it, the user
// approves it there (mouse, then keyboard), and the model's final answer follows.
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator } from 'playwright-core';
import { assert, uiTest, type UiContext } from '../lib/ui';
import { useTheme } from '../lib/workspaceSettings';

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
  uiTest(
    'run_in_terminal: the card shows the exact line and why it asks, the output streams in, Stop ends the command and the answer goes on',
    async (ctx) => {
      const chat = await openChat(ctx);
      const line = 'for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do echo line-$i; done; sleep 60; echo never';
      await send(chat, `call run_in_terminal ${JSON.stringify({ command: line })}`);
      const card = chat.locator('.tool-call.status-awaitingApproval', { hasText: 'run_in_terminal' });
      await card.waitFor({ timeout: 20000 });
      const question = await card.locator('.tool-approval-question').innerText();
      assert.ok(question.includes(line), 'the exact command line');
      assert.match(question, /Always asks: it uses the shell keyword "for"\./);
      assert.strictEqual(await card.getByRole('button', { name: /^Always/ }).count(), 0, 'no rule could allow it: no Always');
      await card.getByRole('button', { name: 'Allow once' }).click();
      const running = chat.locator('.tool-call.status-running', { hasText: 'run_in_terminal' });
      await running.locator('.tool-output-text', { hasText: 'line-14' }).waitFor({ timeout: 30000 });
      assert.match(await running.getByRole('button', { name: /^Show all \(\d+ lines\)/ }).innerText(), /Show all/, 'long output is folded');
      await running.locator('.tool-output-actions').scrollIntoViewIfNeeded();
      for (const theme of ['light', 'dark', 'high-contrast'] as const) {
        await useTheme(ctx, theme);
        await ctx.screenshot(`terminal-running-${theme}`);
      }
      await running.getByRole('button', { name: 'Stop run_in_terminal' }).click();
      await chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: run_in_terminal=\$ for i in/ }).waitFor({ timeout: 20000 });
      const done = chat.locator('.tool-call.status-succeeded', { hasText: 'run_in_terminal' }).last();
      await done.locator('summary').click();
      assert.match(await done.locator('.tool-result-text').innerText(), /The user stopped it \(Ctrl\+C\)/);
      assert.doesNotMatch(await done.locator('.tool-output-text').innerText(), /^never$/m);
      await useTheme(ctx, 'dark');
    },
    { timeoutMs: 150000 },
  ),

  uiTest(
    'run_in_terminal: "Always allow commands starting with" adds a rule, and the next such command runs without asking',
    async (ctx) => {
      const chat = await openChat(ctx);
      await send(chat, 'call run_in_terminal {"command":"echo first-rule-check"}');
      const card = chat.locator('.tool-call.status-awaitingApproval', { hasText: 'first-rule-check' });
      await card.waitFor({ timeout: 20000 });
      assert.match(await card.locator('.tool-approval-question').innerText(), /• echo first-rule-check: no rule allows it/);
      await ctx.screenshot('terminal-rule-buttons');
      assert.strictEqual(await card.getByRole('button', { name: 'Always allow `echo first-rule-check`' }).count(), 1);
      await card.getByRole('button', { name: 'Always allow commands starting with `echo`' }).click();
      await chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: run_in_terminal=.*first-rule-check/s }).waitFor({ timeout: 30000 });
      // Asked again, this would wait for a click that never comes: the answer arriving is the proof.
      await send(chat, 'call run_in_terminal {"command":"echo second-rule-check"}');
      await chat
        .locator('.turn-assistant .assistant-text', { hasText: /Tool results: run_in_terminal=.*Output:\s+second-rule-check/s })
        .waitFor({ timeout: 30000 });
      assert.strictEqual(await chat.locator('.tool-call.status-awaitingApproval').count(), 0);
    },
    { timeoutMs: 90000 },
  ),
  uiTest(
    'Restore checkpoint on a message: the preview lists what the agent changed since, and the files and the conversation go back',
    async (ctx) => {
      const chat = await openChat(ctx);
      fs.writeFileSync(path.join(ctx.workspace, 'restore-me.txt'), 'before the agent\n');
      await send(chat, 'call edit_file {"path":"restore-me.txt","oldText":"before the agent","newText":"after the agent"}');
      await chat.locator('.tool-call.status-awaitingApproval', { hasText: 'restore-me.txt' }).getByRole('button', { name: 'Allow once' }).click();
      await chat.locator('.turn-assistant .assistant-text', { hasText: /Tool results: edit_file=Edited restore-me\.txt/ }).waitFor({ timeout: 20000 });
      const file = path.join(ctx.workspace, 'restore-me.txt');
      assert.strictEqual(fs.readFileSync(file, 'utf8'), 'after the agent\n');
      const message = chat.locator('.turn-user', { hasText: 'restore-me.txt' }).last();
      await message.getByRole('button', { name: /^Restore checkpoint/ }).click();
      const row = ctx.wb.quickInput.locator('.monaco-list-row', { hasText: 'restore-me.txt' });
      await row.waitFor({ timeout: 15000 });
      assert.match(await row.innerText(), /back to its content before/);
      await ctx.screenshot('restore-checkpoint-preview');
      await ctx.page.keyboard.press('Enter');
      const dialog = ctx.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 15000 });
      assert.match(await dialog.innerText(), /Restore 1 files to what they were before this message\?/);
      await dialog.getByRole('button', { name: 'Restore Files and Conversation' }).click();
      await ctx.wb.waitForNotification(/Restored 1 files\./);
      assert.strictEqual(fs.readFileSync(file, 'utf8'), 'before the agent\n');
      await chat.locator('.turn-user', { hasText: 'restore-me.txt' }).waitFor({ state: 'detached', timeout: 15000 });
      assert.match(await chat.locator('.composer-input').inputValue(), /call edit_file .*restore-me\.txt/, 'the message is back in the composer');
    },
    { timeoutMs: 90000 },
  ),
];
