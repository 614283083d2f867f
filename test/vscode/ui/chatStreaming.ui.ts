// Tool calls while they stream, and the token gauge, in a real workbench: the emulator streams a call
// slowly and the card shows its name and the arguments so far before the stream ends, then asks for
// approval; a stream cut in the arguments leaves the card incomplete; a 70 KB one-line call is shown
// folded; the gauge under the composer shows the context used, survives a reload and follows the
// tokenLimits setting. Light and dark (a card while its arguments stream in both).
import type { FrameLocator } from 'playwright-core';
import { openChat, sendMessage } from '../lib/chatView';
import { assert, uiTest, type UiContext } from '../lib/ui';
import { setWorkspaceSetting, useTheme } from '../lib/workspaceSettings';

/** SHOWN_ARGUMENT_CHARS of src/protocol/chatProtocol.ts. */
const SHOWN = 4000;

function slowCall(content: string): { message: string; args: string } {
  const args = JSON.stringify({ path: 'streamed.txt', content });
  return { message: `call create_file ${args}`, args };
}

/** The answer has ended (its last round too): Send is back. */
async function untilIdle(chat: FrameLocator): Promise<void> {
  await chat.getByRole('button', { name: 'Send (Enter)' }).waitFor({ timeout: 30000 });
}

async function withEmulator(ctx: UiContext, options: Parameters<UiContext['emulator']['setOptions']>[0], run: () => Promise<void>): Promise<void> {
  ctx.emulator.setOptions(options);
  try {
    await run();
  } finally {
    ctx.emulator.setOptions({ chunkDelayMs: 0, chunkChars: 4, dialect: undefined });
    ctx.emulator.setFaults(undefined);
  }
}

export const tests = [
  uiTest(
    "a tool call's card shows its name and the arguments so far while they stream, then asks for approval",
    async (ctx) => {
      const chat = await openChat(ctx);
      await useTheme(ctx, 'dark');
      // Long enough (some 10 s) to be seen streaming in both themes.
      const { message, args } = slowCall('A line written slowly, so that the card can be seen while its arguments arrive. '.repeat(12));
      await withEmulator(ctx, { chunkDelayMs: 40 }, async () => {
        const answer = await sendMessage(chat, message, 'paste');
        const card = answer.locator('.tool-call.status-streaming');
        await card.waitFor({ timeout: 20000 });
        assert.strictEqual(await card.locator('.tool-name').innerText(), 'create_file');
        assert.match(await card.locator('.tool-status').innerText(), /Receiving arguments/);
        // Some arguments shown, not all: the stream has not ended.
        await card.locator('.tool-arguments', { hasText: '"content"' }).waitFor({ timeout: 10000 });
        const partial = await card.locator('.tool-arguments').innerText();
        assert.ok(partial.length > 0 && partial.length < args.length && args.startsWith(partial), `partial arguments: ${JSON.stringify(partial.slice(-40))}`);
        assert.strictEqual(await card.getAttribute('aria-busy'), 'true');
        await ctx.screenshot('tool-call-streaming-dark');
        await useTheme(ctx, 'light');
        assert.strictEqual(await card.getAttribute('aria-busy'), 'true', 'still streaming in the light theme');
        await ctx.screenshot('tool-call-streaming-light');
        await useTheme(ctx, 'dark');
        const asking = answer.locator('.tool-call.status-awaitingApproval');
        await asking.waitFor({ timeout: 30000 });
        assert.strictEqual(await answer.locator('.tool-call').count(), 1, 'the streamed card became the approval card');
        assert.match(await asking.locator('.tool-arguments').innerText(), /"content": "A line written slowly/);
        await ctx.screenshot('tool-call-approval-dark');
        await asking.getByRole('button', { name: 'Deny' }).click();
        await chat
          .locator('.turn-assistant')
          .last()
          .locator('.assistant-text', { hasText: /Tool results: create_file=The user denied/ })
          .waitFor({ timeout: 20000 });
        await untilIdle(chat);
      });
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    "parallel calls without index (Gemini's stream): a card each, the first shown before the second arrives",
    async (ctx) => {
      await withEmulator(ctx, { dialect: 'gemini', chunkDelayMs: 1500 }, async () => {
        await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
        const chat = await openChat(ctx);
        const answer = await sendMessage(chat, 'call read_file {"path":"hello.txt"} and call list_files {"pattern":"*.txt"}', 'paste');
        await answer.locator('.tool-call', { hasText: 'read_file' }).waitFor({ timeout: 20000 });
        assert.strictEqual(await answer.locator('.tool-call').count(), 1, 'the second call has not arrived yet');
        assert.ok(await answer.locator('.turn-status', { hasText: 'Answering' }).isVisible(), 'the answer still streams');
        // The rest (the second call, then the final answer) at full speed.
        ctx.emulator.setOptions({ chunkDelayMs: 0 });
        await chat.locator('.turn-assistant', { hasText: 'Tool results: read_file=' }).waitFor({ timeout: 30000 });
        assert.deepStrictEqual(await answer.locator('.tool-call .tool-name').allInnerTexts(), ['read_file', 'list_files']);
        assert.strictEqual(await answer.locator('.tool-call.status-succeeded').count(), 2, 'both ran, each in its own card');
        await untilIdle(chat);
      });
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    "a stream cut in the middle of a call's arguments leaves its card marked incomplete, not run",
    async (ctx) => {
      const chat = await openChat(ctx);
      await useTheme(ctx, 'light');
      const { message } = slowCall('x'.repeat(2000));
      await withEmulator(ctx, { chunkDelayMs: 5 }, async () => {
        // Each event of the arguments is about 200 bytes: the reset comes some 20 events into them.
        ctx.emulator.setFaults({ resetAfterBytes: 5000, pathPrefix: '/chat' });
        const answer = await sendMessage(chat, message, 'paste');
        const card = answer.locator('.tool-call.status-incomplete');
        await card.waitFor({ timeout: 30000 });
        assert.match(await card.locator('.tool-status').innerText(), /Incomplete/);
        await answer.locator('.status-interrupted').waitFor({ timeout: 10000 });
        await card.locator('summary').click();
        assert.match(await card.locator('.tool-arguments').innerText(), /^\{"path":"streamed\.txt","content":"x+$/);
        await ctx.screenshot('tool-call-incomplete-light');
      });
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    'a 70 KB one-line call is shown folded, with its length',
    async (ctx) => {
      const chat = await openChat(ctx);
      const { message, args } = slowCall('y'.repeat(70_000));
      await withEmulator(ctx, { chunkChars: 256 }, async () => {
        const answer = await sendMessage(chat, message, 'paste');
        const asking = answer.locator('.tool-call.status-awaitingApproval');
        await asking.waitFor({ timeout: 30000 });
        const shown = await asking.locator('.tool-arguments').innerText();
        assert.ok(shown.length <= SHOWN + 1, `${shown.length} characters shown`);
        const showAll = asking.getByRole('button', { name: /Show all \([\d,]+ characters\)/ });
        assert.ok(await showAll.isVisible(), 'Show all is offered');
        await asking.getByRole('button', { name: 'Deny' }).click();
        await chat
          .locator('.turn-assistant')
          .last()
          .locator('.assistant-text', { hasText: /Tool results: create_file=The user denied/ })
          .waitFor({ timeout: 20000 });
        assert.ok(args.length > 70_000);
        await untilIdle(chat);
      });
    },
    { timeoutMs: 90000 },
  ),

  uiTest(
    "the gauge under the composer shows the context used of the model's, and the totals, across a reload",
    async (ctx) => {
      let chat = await openChat(ctx);
      const answer = await sendMessage(chat, 'hello gauge');
      await answer.locator('.usage').waitFor({ timeout: 15000 });
      const gauge = chat.locator('.usage-gauge');
      await gauge.waitFor({ state: 'visible', timeout: 10000 });
      const text = await gauge.innerText();
      assert.match(text, /[\d.]+k? \/ 128k tokens/);
      assert.match(text, /Total: [\d.]+k? in · [\d.]+k? out/);
      assert.strictEqual(await gauge.getAttribute('role'), 'meter');
      assert.strictEqual(await gauge.getAttribute('aria-valuemax'), '128000');
      await ctx.screenshot('gauge-light');
      await useTheme(ctx, 'dark');
      await ctx.screenshot('gauge-dark');
      // A context size set for the model replaces the published one at once; nearly full, the bar says so.
      const used = Number(await gauge.getAttribute('aria-valuenow'));
      setWorkspaceSetting(ctx.workspace, 'genaiGateway.languageModels.tokenLimits', { 'gpt-4o-mini': { maxInputTokens: used + 1 } });
      try {
        await chat.locator(`.usage-gauge.usage-full[aria-valuemax="${used + 1}"]`).waitFor({ timeout: 15000 });
        await ctx.screenshot('gauge-nearly-full-dark');
      } finally {
        setWorkspaceSetting(ctx.workspace, 'genaiGateway.languageModels.tokenLimits', {});
      }
      await chat.locator('.usage-gauge', { hasText: '/ 128k tokens' }).waitFor({ timeout: 15000 });
      await ctx.reload();
      chat = await openChat(ctx);
      const after = chat.locator('.usage-gauge');
      await after.waitFor({ state: 'visible', timeout: 15000 });
      assert.strictEqual(await after.innerText(), text, 'the same numbers after the reload');
      await ctx.screenshot('gauge-after-reload-dark');
    },
    { timeoutMs: 120000 },
  ),
];
