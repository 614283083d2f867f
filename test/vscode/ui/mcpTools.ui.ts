// An MCP server's tool in the sidebar chat, in a real workbench: the workspace's .vscode/mcp.json names the test
// server (test/vscode/mcp/testMcpServer.ts, official SDK); the user starts it from the tool picker and trusts it in
// VS Code's own dialog; the emulator's model calls its tool; the card asks, naming the server; the result goes
// back and the answer shows it.
import * as fs from 'fs';
import * as path from 'path';
import { openChat, sendMessage } from '../lib/chatView';
import { HARNESS_OUT } from '../lib/paths';
import { assert, confirmDialog, uiTest } from '../lib/ui';

const MCP_SERVER = path.join(HARNESS_OUT, 'mcp', 'testMcpServer.js');

export const tests = [
  uiTest(
    "the model calls an MCP server's tool: the tool picker lists it, the card asks, the answer shows the result",
    async (ctx) => {
      fs.mkdirSync(path.join(ctx.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(
        path.join(ctx.workspace, '.vscode', 'mcp.json'),
        JSON.stringify({ servers: { testShop: { type: 'stdio', command: process.execPath, args: [MCP_SERVER] } } }, null, 2),
      );
      const chat = await openChat(ctx);

      const pickerButton = chat.locator('.tool-picker-button');
      await pickerButton.click();
      const picker = chat.locator('.tool-picker');
      await picker.waitFor({ state: 'visible' });
      assert.strictEqual(await picker.locator('fieldset legend', { hasText: 'MCP server' }).count(), 0, 'no MCP tools before the server runs');
      // Until VS Code has read the new mcp.json (a file watcher) it knows no server to start: the button is pressed
      // again. VS Code asks before it first runs a server a workspace configured, unless the workspace is trusted
      // outright (the harness turns workspace trust off): either way the server's tools come to the picker.
      const dialog = ctx.page.locator('.monaco-dialog-box');
      const group = picker.locator('fieldset', { has: chat.locator('legend', { hasText: 'MCP server testShop' }) });
      for (let attempt = 1; !(await group.isVisible()); attempt++) {
        assert.ok(attempt <= 6, "the MCP server's tools never came to the tool picker");
        await picker.getByRole('button', { name: 'Start MCP servers' }).click();
        await Promise.race([dialog.waitFor({ state: 'visible', timeout: 5000 }), group.waitFor({ timeout: 5000 })]).catch(() => undefined);
        if (await dialog.isVisible()) {
          await ctx.screenshot('mcp-trust-dialog');
          ctx.log(`trust dialog: ${await confirmDialog(ctx, 'Trust')}`);
          await group.waitFor({ timeout: 15000 });
        }
      }
      assert.match(await group.locator('legend').innerText(), /^MCP server testShop \(6\/6\)$/);
      const lookup = (await group.locator('.tool-row-name', { hasText: /_lookup_order$/ }).innerText()).trim();
      assert.match((await pickerButton.getAttribute('aria-label')) ?? '', /^Tools: \d+ of \d+ tools offered$/);
      await group.scrollIntoViewIfNeeded();
      await ctx.screenshot('mcp-tool-picker');
      await picker.getByRole('button', { name: 'Close' }).click();

      const answer = await sendMessage(chat, `call ${lookup} {"id":"42"}`, 'paste');
      const card = answer.locator('.tool-call.status-awaitingApproval');
      await card.waitFor({ timeout: 20000 });
      assert.strictEqual(await card.locator('.tool-source').innerText(), 'From: MCP server testShop');
      assert.match(await card.locator('.tool-approval p').innerText(), /comes from MCP server testShop/);
      await ctx.screenshot('mcp-tool-approval');
      await card.getByRole('button', { name: 'Allow once' }).click();
      const final = chat.locator('.turn-assistant .assistant-text', { hasText: 'Order 42: 3 blue widgets, shipped' });
      await final.waitFor({ timeout: 20000 });
      assert.strictEqual(await final.innerText(), `Tool results: ${lookup}=Order 42: 3 blue widgets, shipped`);
      assert.match((await chat.locator('.tool-call.status-succeeded .tool-result-text').textContent()) ?? '', /^Order 42: 3 blue widgets, shipped$/);
      await ctx.screenshot('mcp-tool-answer');
    },
    { timeoutMs: 120000 },
  ),
];
