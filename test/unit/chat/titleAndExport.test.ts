import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation, reasoningLabel } from '../../../src/chat/conversation';
import { conversationToMarkdown } from '../../../src/chat/markdownExport';
import { deriveTitle } from '../../../src/chat/title';

test('the title is the first non-empty line, without markdown marks', () => {
  assert.equal(deriveTitle('\n  ## How do I **sort** a `list`?\nmore'), 'How do I sort a list?');
  assert.equal(deriveTitle('> call `create_file` for my _C#_ __MAX_SIZE__ test'), 'call create_file for my C# MAX_SIZE test');
});

test('a long title is cut at a word and marked', () => {
  const title = deriveTitle('Explain the difference between optimistic and pessimistic locking in databases');
  assert.equal(title, 'Explain the difference between optimistic and…');
  assert.ok(Array.from(title).length <= 48);
});

test('a message of only context is titled after the excerpt', () => {
  assert.equal(deriveTitle('  ', [{ id: 'k', file: 'src/a.ts', uri: '', languageId: 'ts', startLine: 4, endLine: 4, text: '' }]), 'About src/a.ts:4');
});

test('the export has the title, the system prompt, each message, context and how answers ended', () => {
  const c = newConversation('gpt-x', 'Be brief.', Date.UTC(2026, 0, 2));
  c.title = 'Sorting';
  c.turns = [
    {
      kind: 'user',
      id: 'u',
      text: 'Sort this',
      context: [{ id: 'k', file: 'a.py', uri: '', languageId: 'python', startLine: 1, endLine: 3, text: 'xs = [3, 1]' }],
      createdAt: 0,
    },
    {
      kind: 'assistant',
      id: 'a',
      model: 'gpt-x',
      text: 'Use `sorted(xs)`.',
      status: 'stopped',
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
      createdAt: 0,
    },
    { kind: 'assistant', id: 'b', model: 'gpt-x', text: '', status: 'error', error: { message: 'Rate limited', requestId: 'req-7' }, createdAt: 0 },
  ];
  assert.equal(
    conversationToMarkdown(c),
    [
      '# Sorting',
      '',
      'Model: `gpt-x` · started 2026-01-02',
      '',
      '## System prompt',
      '',
      '> Be brief.',
      '',
      '## You',
      '',
      'a.py:1-3',
      '',
      '```python\nxs = [3, 1]\n```',
      '',
      'Sort this',
      '',
      '## Assistant (gpt-x)',
      '',
      'Use `sorted(xs)`.',
      '',
      '_Stopped by the user._',
      '',
      '_Tokens: 5 prompt + 3 answer = 8_',
      '',
      '## Assistant (gpt-x)',
      '',
      '_Error: Rate limited (request id req-7)_',
      '',
    ].join('\n'),
  );
});

test("the export keeps the reasoning (quoted, with its time), a refusal, and a finish reason of the server's own", () => {
  const c = newConversation('r1', '', Date.UTC(2026, 0, 2));
  c.title = 'Capital';
  c.turns = [
    {
      kind: 'assistant',
      id: 'a',
      model: 'r1',
      text: 'Paris.',
      reasoning: { text: 'France.\n\nIts capital.\n', durationMs: 12_400 },
      status: 'done',
      finishReason: 'eos',
      createdAt: 0,
    },
    {
      kind: 'assistant',
      id: 'b',
      model: 'gpt-x',
      text: '',
      refusal: 'I cannot help with that.',
      reasoning: { text: 'Hm' },
      status: 'done',
      finishReason: 'stop',
      createdAt: 0,
    },
  ];
  assert.equal(
    conversationToMarkdown(c),
    [
      '# Capital',
      '',
      'Model: `r1` · started 2026-01-02',
      '',
      '## Assistant (r1)',
      '',
      '**Thought for 12 s**',
      '',
      '> France.\n> \n> Its capital.',
      '',
      'Paris.',
      '',
      '_Finish reason: eos._',
      '',
      '## Assistant (gpt-x)',
      '',
      '**Reasoning**',
      '',
      '> Hm',
      '',
      '**Refused:** I cannot help with that.',
      '',
    ].join('\n'),
  );
});

test('the reasoning label gives its time in seconds, or minutes and seconds; without a time, "Reasoning"', () => {
  assert.deepEqual(
    [400, 1_000, 12_400, 59_600, 125_000, undefined].map((durationMs) => reasoningLabel({ text: '', durationMs })),
    ['Thought for less than 1 s', 'Thought for 1 s', 'Thought for 12 s', 'Thought for 1 min 0 s', 'Thought for 2 min 5 s', 'Reasoning'],
  );
});
