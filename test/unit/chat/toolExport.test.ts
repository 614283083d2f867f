import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation } from '../../../src/chat/conversation';
import { conversationToMarkdown } from '../../../src/chat/markdownExport';

test('the Markdown export shows each tool call with its arguments and result', () => {
  const c = newConversation('gpt-x', '', Date.UTC(2026, 0, 2));
  c.turns.push(
    { kind: 'user', id: 'u', text: 'read it', context: [], createdAt: 1 },
    {
      kind: 'assistant',
      id: 'a',
      model: 'gpt-x',
      text: '',
      status: 'done',
      createdAt: 2,
      toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}', status: 'succeeded', result: 'has ``` fences' }],
    },
    { kind: 'assistant', id: 'b', model: 'gpt-x', text: 'It says hello.', status: 'done', createdAt: 3 },
  );
  const markdown = conversationToMarkdown(c);
  assert.match(
    markdown,
    /## Assistant \(gpt-x\)\n\n\*\*Tool call `read_file`\*\*: succeeded\n\n```json\n\{\n  "path": "a.txt"\n\}\n```\n\n````\nhas ``` fences\n````/,
  );
  assert.match(markdown, /It says hello\./);
});
