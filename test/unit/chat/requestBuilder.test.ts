import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Conversation, ContextChip, Turn } from '../../../src/chat/conversation';
import { newConversation } from '../../../src/chat/conversation';
import { fenced } from '../../../src/chat/attachedContext';
import { buildChatRequest, settingsProblem, userContent } from '../../../src/chat/requestBuilder';

const chip: ContextChip = { id: 'k', file: 'src/a.ts', uri: 'file:///w/src/a.ts', languageId: 'typescript', startLine: 3, endLine: 5, text: 'const a = 1;\n' };

function conversation(patch: Partial<Conversation> = {}): Conversation {
  return { ...newConversation('gpt-x', ''), ...patch };
}

const user = (text: string, context: ContextChip[] = []): Turn => ({ kind: 'user', id: text, text, context, createdAt: 0 });

test('the system prompt comes first, then the history in order', () => {
  const c = conversation({ params: { systemPrompt: '  Be brief.  ', stop: [] } });
  const history: Turn[] = [user('hi'), { kind: 'assistant', id: 'a', model: 'gpt-x', text: 'hello', status: 'done', createdAt: 0 }, user('more')];
  const request = buildChatRequest(c, history);
  assert.equal(request.model, 'gpt-x');
  assert.deepEqual(request.messages, [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
    { role: 'user', content: 'more' },
  ]);
});

test('failed answers without text are left out; stopped partial answers are kept', () => {
  const history: Turn[] = [
    user('one'),
    { kind: 'assistant', id: 'a', model: 'm', text: '', status: 'error', error: { message: 'boom' }, createdAt: 0 },
    user('two'),
    { kind: 'assistant', id: 'b', model: 'm', text: 'half', status: 'stopped', createdAt: 0 },
  ];
  assert.deepEqual(
    buildChatRequest(conversation(), history).messages.map((m) => m.content),
    ['one', 'two', 'half'],
  );
});

test('parameters map to request fields; unset ones and empty stops are omitted; user from the setting', () => {
  const c = conversation({
    params: { systemPrompt: '', temperature: 0.2, topP: 0.9, maxTokens: 50, stop: ['END', ''], presencePenalty: 1, frequencyPenalty: -1 },
  });
  const request = buildChatRequest(c, [user('q')], { user: 'alice' });
  assert.equal(request.temperature, 0.2);
  assert.equal(request.top_p, 0.9);
  assert.equal(request.max_tokens, 50);
  assert.deepEqual(request.stop, ['END']);
  assert.equal(request.presence_penalty, 1);
  assert.equal(request.frequency_penalty, -1);
  assert.equal(request.user, 'alice');
  const bare = buildChatRequest(conversation(), [user('q')], { user: '' });
  assert.deepEqual(Object.keys(bare).sort(), ['messages', 'model']);
});

test('attached context is sent as delimited, fenced blocks naming kind, file and lines, before the question', () => {
  const block = '<attachment kind="selection" name="src/a.ts:3-5">\n```typescript\nconst a = 1;\n```\n</attachment>';
  assert.equal(userContent('Explain', [chip]), `${block}\n\nExplain`);
  assert.equal(userContent('', [chip]), block);
  const file: ContextChip = { ...chip, id: 'f', kind: 'file', startLine: 0, endLine: 0, note: 'ignored by "git"' };
  assert.equal(
    userContent('Q', [file]),
    '<attachment kind="file" name="src/a.ts" note="ignored by &quot;git&quot;">\n```typescript\nconst a = 1;\n```\n</attachment>\n\nQ',
  );
});

test('workspace instructions follow the system prompt, each in its own delimited block', () => {
  const c = conversation({ params: { systemPrompt: 'Be brief.', stop: [] } });
  const request = buildChatRequest(c, [user('q')], { instructions: [{ file: 'AGENTS.md', text: 'Use tabs.', cut: false }] });
  assert.equal(
    request.messages[0]?.content,
    'Be brief.\n\nInstructions for this workspace, from its file AGENTS.md:\n<instructions file="AGENTS.md">\nUse tabs.\n</instructions>',
  );
  const none = buildChatRequest(conversation(), [user('q')], { instructions: [] });
  assert.equal(none.messages[0]?.role, 'user');
});

test('a fence is longer than any backtick run inside the excerpt', () => {
  assert.equal(fenced('a ```` b', 'md'), '`````md\na ```` b\n`````');
  assert.equal(fenced('``x`````', 'md'), '``````md\n``x`````\n``````', 'a run at the end counts');
});

test('a file with hundreds of thousands of backtick runs is fenced (spreading the runs into Math.max threw a RangeError)', () => {
  const text = '`a ``b '.repeat(200_000);
  assert.equal(fenced(text).slice(0, 4), '```\n');
});

test('settingsProblem gives the validator message for invalid parameters, nothing for valid ones', () => {
  assert.equal(settingsProblem(conversation()), undefined);
  assert.match(settingsProblem(conversation({ params: { systemPrompt: '', temperature: 5, stop: [] } })) ?? '', /temperature/);
  assert.match(settingsProblem(conversation({ params: { systemPrompt: '', stop: ['a', 'b', 'c', 'd', 'e'] } })) ?? '', /stop/);
  assert.match(settingsProblem(conversation({ model: '' })) ?? '', /model/);
});
