// Prompt files and instructions in the chat view of a real workbench: `/` lists the workspace's prompt files
// (keyboard: arrows, typing filters, Enter completes, Escape closes) in the theme's colours; sending `/name`
// asks for its ${input:…} argument in VS Code's input box, attaches its #file reference, and the answer says
// which instructions its request used (the nested AGENTS.md of the attached file's folder), each a link
// that opens the file.
import * as fs from 'fs';
import * as path from 'path';
import type { Emulator } from '../lib/emulator';
import { openChat } from '../lib/chatView';
import { until } from '../../support/until';
import { assert, uiTest } from '../lib/ui';

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function lastChatMessages(emulator: Emulator): Array<{ role: string; content: string }> {
  const request = emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions').at(-1);
  return (request?.body as { messages?: Array<{ role: string; content: string }> } | undefined)?.messages ?? [];
}

export const tests = [
  uiTest(
    "/ lists the prompt files, keyboard navigable in the theme's colours; /name asks for its argument, attaches its #file, and the answer names the instructions it used",
    async (ctx) => {
      write(path.join(ctx.workspace, 'src', 'deep', 'AGENTS.md'), 'Deep rules: answer in lists.\n');
      write(path.join(ctx.workspace, 'src', 'deep', 'code.py'), 'def deep():\n    return 1\n');
      write(
        path.join(ctx.workspace, '.github', 'prompts', 'review.prompt.md'),
        '---\ndescription: Review code for a topic\nargument-hint: topic=TEXT\n---\nReview #file:src/deep/code.py for ${input:topic:what to look at}.\n',
      );
      write(path.join(ctx.workspace, '.github', 'prompts', 'explain.prompt.md'), '---\ndescription: Explain the selection\n---\nExplain it.\n');
      const chat = await openChat(ctx);
      const input = chat.locator('.composer-input');
      const picker = chat.locator('.slash-picker');
      const options = picker.locator('.slash-option');
      // The prompt files arrive from the host (read when their watcher fires): type until the list shows both.
      await until('the / list with both prompt files', async () => {
        await input.fill('');
        await input.pressSequentially('/', { delay: 10 });
        return (await options.count()) === 2;
      });
      assert.deepStrictEqual(await options.locator('.context-option-label').allInnerTexts(), ['/explain', '/review']);
      assert.strictEqual(await picker.locator('[aria-selected="true"] .context-option-label').innerText(), '/explain');
      await input.press('ArrowDown');
      assert.strictEqual(await picker.locator('[aria-selected="true"] .context-option-label').innerText(), '/review');
      assert.match(await picker.locator('[aria-selected="true"] .context-option-description').innerText(), /Review code for a topic · topic=TEXT/);
      const colours = await picker
        .locator('[aria-selected="true"]')
        .evaluate((el) => ({ fg: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor }));
      assert.notStrictEqual(colours.fg, colours.bg, JSON.stringify(colours));
      await ctx.screenshot('slash-picker');
      await input.press('Escape');
      await picker.waitFor({ state: 'hidden' });
      await input.pressSequentially('re', { delay: 10 });
      await picker.waitFor({ state: 'visible' });
      assert.deepStrictEqual(await options.locator('.context-option-label').allInnerTexts(), ['/review'], 'what follows / filters');
      await input.press('Tab');
      assert.strictEqual(await input.inputValue(), '/review ');
      await picker.waitFor({ state: 'hidden' });

      const before = await chat.locator('.turn-assistant').count();
      await input.press('Enter');
      await ctx.wb.quickInput.locator('input').waitFor({ state: 'visible', timeout: 15000 });
      await ctx.screenshot('prompt-input-box');
      await ctx.wb.answerQuickInput('error handling');
      const answer = chat.locator('.turn-assistant').nth(before);
      await answer.locator('.assistant-text').waitFor({ timeout: 20000 });
      const user = lastChatMessages(ctx.emulator)
        .filter((m) => m.role === 'user')
        .at(-1);
      assert.match(
        user?.content ?? '',
        /<attachment kind="file" name="src\/deep\/code\.py">[\s\S]*def deep\(\)[\s\S]*Review #file:src\/deep\/code\.py for error handling\.$/,
      );
      const system = lastChatMessages(ctx.emulator).find((m) => m.role === 'system');
      assert.match(system?.content ?? '', /<instructions file="src\/deep\/AGENTS\.md">\nDeep rules: answer in lists\.\n<\/instructions>/);
      assert.strictEqual(await input.inputValue(), '', 'the composer is cleared once sent');

      const used = answer.locator('.instructions-used');
      await used.waitFor({ state: 'visible' });
      assert.strictEqual((await used.innerText()).trim(), 'Used instructions from src/deep/AGENTS.md');
      await ctx.screenshot('used-instructions');
      await used.getByRole('link', { name: 'src/deep/AGENTS.md' }).click();
      await ctx.page.locator('.tabs-container .tab.active', { hasText: 'AGENTS.md' }).waitFor({ timeout: 15000 });
      // With the nested AGENTS.md's folder open in the editor, the composer's notice names it for the next message.
      await ctx.wb.openFile('src/deep/code.py');
      const notice = chat.locator('.composer .instructions-notice');
      await notice.waitFor({ state: 'visible', timeout: 15000 });
      assert.strictEqual((await notice.innerText()).trim(), 'Using instructions from src/deep/AGENTS.md');
      await ctx.screenshot('composer-notice');
      fs.rmSync(path.join(ctx.workspace, '.github'), { recursive: true, force: true });
      fs.rmSync(path.join(ctx.workspace, 'src', 'deep'), { recursive: true, force: true });
    },
    { timeoutMs: 120000 },
  ),
];
