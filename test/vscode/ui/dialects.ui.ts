// One answer with reasoning and a tool call streamed through each server dialect the emulator knows
// (test/emulator/chat/dialects), into the real chat webview: the Thinking block where the server
// streams reasoning in a field of its own, the tool card, and the final answer after the tool ran.
import { DIALECTS } from '../../emulator/chat/dialects/servers';
import { DIALECT_NAMES, type DialectName } from '../../emulator/chat/dialects/types';
import { openChat, sendMessage } from '../lib/chatView';
import { assert, uiTest } from '../lib/ui';

const PROMPT = 'think, then call list_files {"pattern":"*.md"}';
/** Every way a server sends reasoning (a field, inline tags, Mistral's content list) shows as a Thinking block; only hidden reasoning does not. */
const showsReasoning = (dialect: DialectName): boolean => DIALECTS[dialect].reasoning !== 'hidden';
const SCREENSHOTS = new Set(['deepseek', 'openrouter']);

export const tests = [
  uiTest(
    `an answer with reasoning and a tool call in each of ${DIALECT_NAMES.length} server dialects`,
    async (ctx) => {
      try {
        for (const dialect of DIALECT_NAMES) {
          ctx.emulator.setOptions({ dialect });
          await ctx.wb.runCommand('GenAI Gateway: New Chat Conversation');
          const chat = await openChat(ctx);
          await sendMessage(chat, PROMPT, 'paste');
          const final = chat.locator('.turn-assistant', { hasText: 'Tool results: list_files=' });
          await final.waitFor({ timeout: 30000 }).catch(() => assert.fail(`${dialect}: no final answer after the tool ran`));
          assert.doesNotMatch(
            await chat.locator('.turn-assistant').first().innerText(),
            /<\/?(think|thought)>|"type":"thinking"/,
            `${dialect}: no reasoning markup in the answer`,
          );
          const card = chat.locator('.tool-call', { hasText: 'list_files' }).first();
          assert.match((await card.getAttribute('class')) ?? '', /status-succeeded/, `${dialect}: the tool ran`);
          const thinking = chat.locator('.turn-assistant details.reasoning');
          if (showsReasoning(dialect)) {
            await thinking
              .first()
              .waitFor({ timeout: 5000 })
              .catch(() => assert.fail(`${dialect}: no Thinking block`));
            assert.match(await thinking.first().locator('.reasoning-summary').innerText(), /Thought for/, `${dialect}: the block says how long`);
            assert.strictEqual(await thinking.first().getAttribute('open'), null, `${dialect}: collapsed once the answer started`);
          }
          ctx.log(`${dialect}: tool card, final answer${showsReasoning(dialect) ? ', Thinking block' : ` (reasoning ${DIALECTS[dialect].reasoning})`}`);
          if (SCREENSHOTS.has(dialect)) {
            await thinking.first().locator('.reasoning-summary').click();
            await ctx.screenshot(`dialect-${dialect}-thinking-open`);
          }
        }
      } finally {
        ctx.emulator.setOptions({ dialect: undefined });
      }
    },
    { timeoutMs: 300000 },
  ),
];
