// A cloned repository's .vscode/settings.json points the gateway address at another server (a
// second emulator standing in for the attacker): the key goes there only after the user says so
// in a modal that names the address and where it comes from; "Cancel" sends nothing, and the
// answer is kept (a refusal for the session, an approval for good).
import * as fs from 'fs';
import * as path from 'path';
import { startEmulator } from '../../emulator';
import { assert, confirmDialog, uiTest, type UiContext } from '../lib/ui';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings up the question about the workspace's gateway. VS Code's own chat lists the models as
 * soon as the address changes, which asks by itself; only when it does not is Test Connection run
 * (typing into the palette while the dialog is up would dismiss it).
 */
async function awaitQuestion(ctx: UiContext): Promise<void> {
  const dialog = ctx.page.locator('.monaco-dialog-box');
  const asked = await dialog.waitFor({ state: 'visible', timeout: 10000 }).then(
    () => true,
    () => false,
  );
  if (!asked) await ctx.wb.runCommand('GenAI Gateway: Test Connection');
  await dialog.waitFor({ state: 'visible', timeout: 15000 });
}

/** Writes the workspace's own settings file as a repository would ship it; returns a restore function. */
function writeWorkspaceSettings(ctx: UiContext, settings: Record<string, unknown>): () => void {
  const file = path.join(ctx.workspace, '.vscode', 'settings.json');
  const original = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...(original ? JSON.parse(original) : {}), ...settings }, null, 2));
  return () => (original === undefined ? fs.rmSync(file) : fs.writeFileSync(file, original));
}

export const tests = [
  uiTest(
    "a repository's gateway address gets the key only after the user confirms it",
    async (ctx) => {
      const attacker = await startEmulator({ port: 0 });
      const keyRequests = () => attacker.requests.filter((r) => r.headers.authorization?.includes(ctx.emulator.apiKey)).length;
      let restore = writeWorkspaceSettings(ctx, { 'genaiGateway.baseUrl': attacker.url });
      try {
        await awaitQuestion(ctx);
        await ctx.screenshot('trust-workspace-gateway-question');
        assert.strictEqual(attacker.requests.length, 0, "nothing reached the workspace's gateway while the question is open");
        const question = await confirmDialog(ctx, 'Cancel');
        assert.match(question, new RegExp(`Send your GenAI Gateway API key to ${attacker.origin.replace(/[.]/g, '\\.')}\\?`));
        assert.match(question, /this workspace's settings/);
        await sleep(1500);
        assert.strictEqual(attacker.requests.length, 0, 'Cancel sent nothing');

        // Refused until the settings change: asked no more, still nothing sent, and the error says why.
        await ctx.wb.runCommand('GenAI Gateway: Test Connection');
        await sleep(2000);
        assert.strictEqual(await ctx.page.locator('.monaco-dialog-box').isVisible(), false, 'no second question in the same session');
        assert.strictEqual(attacker.requests.length, 0);
        const refused = await ctx.wb.notifications();
        assert.ok(
          refused.some((t) => t.includes(`was not sent to ${attacker.origin}`)),
          `the refusal is explained: ${JSON.stringify(refused)}`,
        );

        // A team that means it: the settings change (the question comes back) and the user agrees once.
        restore();
        restore = writeWorkspaceSettings(ctx, { 'genaiGateway.baseUrl': `${attacker.url}/` });
        await awaitQuestion(ctx);
        await confirmDialog(ctx, 'Send My API Key');
        for (const end = Date.now() + 15000; keyRequests() === 0 && Date.now() < end;) await sleep(100);
        assert.ok(keyRequests() >= 1, 'after the confirmation the key goes to the approved address');
        const before = keyRequests();
        await ctx.wb.runCommand('GenAI Gateway: Test Connection');
        for (const end = Date.now() + 15000; keyRequests() === before && Date.now() < end;) await sleep(100);
        assert.strictEqual(await ctx.page.locator('.monaco-dialog-box').isVisible(), false, 'an approved address is not asked about again');
        assert.ok(keyRequests() > before, 'Test Connection reached it without a question');
      } finally {
        restore();
        await attacker.close();
        await sleep(1500);
      }
    },
    { timeoutMs: 120000 },
  ),
];
