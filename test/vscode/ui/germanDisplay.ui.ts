// The extension in a German VS Code. A code-server of its own starts with `--locale de`; VS Code switches
// to a display language only when a language pack provides it, and Microsoft's German pack cannot be
// installed offline, so a stand-in pack (test/vscode/fixtures/germanLanguagePack: German, without VS
// Code's own translations) is installed the way a user installs one, with "Extensions: Install from
// VSIX...", and the window reloaded. VS Code's own texts then stay English; the extension's come from
// package.nls.de.json (Command Palette), l10n/bundle.l10n.de.json through t() in the extension host
// (status bar) and the page bundle in the chat webview, whose <html lang> is vscode.env.language.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { readJson } from '../../support/packageManifest';
import { openWorkbench } from '../lib/browser';
import { germanLanguagePackVsix } from '../lib/languagePack';
import { startSession } from '../lib/session';
import { assert, uiTest, Workbench } from '../lib/ui';

const german = readJson<Record<string, string>>('l10n/bundle.l10n.de.json');
const germanNls = readJson<Record<string, string>>('package.nls.de.json');

/** The German text of a message of t(), as a pattern with its placeholders free. */
function germanPattern(message: string): RegExp {
  const text = german[message];
  assert.ok(text, `no German for ${JSON.stringify(message)}`);
  const parts = text.split(/\{[A-Za-z0-9_]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

export const tests = [
  uiTest(
    'a German workbench shows the extension in German: palette, status bar and chat',
    async ({ page, log }) => {
      const started = Date.now();
      const pack = await germanLanguagePackVsix(fs.mkdtempSync(path.join(os.tmpdir(), 'genai-german-pack-')));
      const session = await startSession({ name: 'ui-german', locale: 'de' });
      const browser = page.context().browser() as Browser;
      const consoleLog = path.join(session.logDir, 'browser-console.log');
      let workbench = await openWorkbench(browser, session.workbenchUrl({ dev: false, env: false }), { consoleLog });
      try {
        const installer = new Workbench(workbench.page, 'german');
        await installer.runCommand('Extensions: Install from VSIX...');
        // VS Code's own file dialog (a quick input): it shows a folder's entries once it has read it.
        const dialog = installer.quickInput;
        await dialog.locator('.monaco-list-row', { hasText: '..' }).first().waitFor({ state: 'visible', timeout: 15000 });
        await dialog.locator('input').fill(pack);
        await dialog
          .locator('.monaco-list-row', { hasText: path.basename(pack) })
          .first()
          .waitFor({ state: 'visible', timeout: 15000 });
        await dialog.getByRole('button', { name: 'Install' }).click();
        await installer.waitForNotification('Completed installing extension.', 30000);
        await workbench.close();
        log(`language pack installed in ${Date.now() - started} ms; reloading`);

        workbench = await openWorkbench(browser, session.workbenchUrl(), { consoleLog });
        const wb = new Workbench(workbench.page, 'german');
        log(`German workbench up in ${Date.now() - started} ms`);

        // package.nls.de.json: a command title in the Command Palette.
        const title = `${germanNls['command.category']}: ${germanNls['command.setBaseUrl']}`;
        assert.equal(title, 'GenAI Gateway: Gateway-URL festlegen');
        await wb.findCommand(title, title, 30000);
        await wb.screenshot('command-palette');
        await wb.closeQuickInput();

        // The chat webview: vscode.env.language as the page's language, its texts from the page bundle.
        await wb.openContainer('GenAI Gateway');
        const chat = await wb.waitForWebview('.composer-input');
        assert.equal(await chat.locator('html').getAttribute('lang'), 'de');
        const composer = chat.locator('.composer-input');
        assert.equal(
          await composer.getAttribute('placeholder'),
          german['Ask a question (# to attach files, / for prompt files, Enter to send, Shift+Enter for a new line)'],
        );
        await chat.locator('.empty-state', { hasText: german['Ask the gateway anything.']! }).waitFor({ state: 'visible', timeout: 10000 });
        assert.equal(await chat.locator('.send-button').getAttribute('aria-label'), german['Send (Enter)']);
        await wb.screenshot('chat');
        // t() in the extension host, with the German bundle VS Code gave it: the status bar item's accessible name.
        const status = workbench.page.locator('.statusbar-item[id$="genaiGateway.status"]').first();
        await status.waitFor({ state: 'visible', timeout: 30000 });
        const statusLabel = (await status.getAttribute('aria-label')) ?? '';
        log(`status bar: ${statusLabel}`);
        assert.match(statusLabel, germanPattern('GenAI Gateway, {0}, chat model {1}'));

        log(`checked in ${Date.now() - started} ms`);
      } finally {
        await workbench.close();
        // The emulator and the run dir go at the harness's cleanup, with the other sessions'.
        await session.codeServer.stop();
      }
    },
    { timeoutMs: 120000 },
  ),
];
