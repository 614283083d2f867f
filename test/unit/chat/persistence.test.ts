import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation, type Conversation } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation, STORAGE_VERSION } from '../../../src/chat/persistence';

function sample(): Conversation {
  const c = newConversation('gpt-x', 'Be kind.', 1000);
  c.params.temperature = 0.5;
  c.params.stop = ['END'];
  c.draft = { text: 'half-typed', context: [{ id: 'k', file: 'a.ts', uri: 'file:///a.ts', languageId: 'typescript', startLine: 1, endLine: 2, text: 'x' }] };
  c.turns = [
    {
      kind: 'user',
      id: 'u',
      text: 'hi',
      context: [
        {
          id: 'f',
          kind: 'symbol',
          name: 'parse',
          file: 'src/p.ts',
          uri: 'file:///w/src/p.ts',
          languageId: 'ts',
          startLine: 3,
          endLine: 9,
          text: 'fn',
          note: 'cut',
        },
        { id: 'd', kind: 'folder', file: 'src', uri: 'file:///w/src', languageId: '', startLine: 0, endLine: 0, text: 'a.ts' },
      ],
      createdAt: 1,
    },
    { kind: 'assistant', id: 'a', model: 'gpt-x', text: 'hel', status: 'streaming', requestId: 'r', createdAt: 2 },
    { kind: 'assistant', id: 'b', model: 'gpt-x', text: '', status: 'error', error: { message: 'boom', requestId: 'r2' }, createdAt: 3 },
    {
      kind: 'assistant',
      id: 'c',
      model: 'gpt-x',
      text: 'ok',
      status: 'done',
      finishReason: 'length',
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      createdAt: 4,
    },
    {
      kind: 'assistant',
      id: 'd',
      model: 'r1',
      text: 'Paris.',
      reasoning: { text: 'Capital of France.', durationMs: 1200 },
      status: 'done',
      finishReason: 'eos',
      createdAt: 5,
    },
    {
      kind: 'assistant',
      id: 'e',
      model: 'gpt-x',
      text: '',
      refusal: 'I cannot help.',
      reasoning: { text: 'Hm' },
      status: 'done',
      finishReason: 'stop',
      createdAt: 6,
    },
  ];
  return c;
}

test('a conversation survives a round trip, draft, chips, reasoning, refusal and any finish reason included', () => {
  const c = sample();
  const back = parseConversation(serializeConversation(c));
  assert.deepEqual(back.draft, c.draft);
  assert.deepEqual(back.params, c.params);
  assert.deepEqual(back.turns.slice(2), c.turns.slice(2));
  assert.deepEqual(back.turns[0], c.turns[0], 'chips of every kind keep their kind, name and note');
  assert.equal(JSON.parse(serializeConversation(c)).version, STORAGE_VERSION);
});

test('a turn saved while streaming is read back as interrupted, its text kept', () => {
  const turn = parseConversation(serializeConversation(sample())).turns[1];
  assert.equal(turn?.kind === 'assistant' && turn.status, 'interrupted');
  assert.equal(turn?.text, 'hel');
});

test('other versions and malformed documents are refused with the field named', () => {
  const stored = JSON.parse(serializeConversation(sample()));
  assert.throws(() => parseConversation(JSON.stringify({ ...stored, version: 99 })), /unsupported version 99/);
  stored.conversation.turns[0].text = 42;
  assert.throws(() => parseConversation(JSON.stringify(stored)), /turn\.text is not a text/);
  assert.throws(() => parseConversation('{"version":1,"conv'), SyntaxError);
  const badStatus = JSON.parse(serializeConversation(sample()));
  badStatus.conversation.turns[1].status = 'exploded';
  assert.throws(() => parseConversation(JSON.stringify(badStatus)), /turn\.status/);
  const badReasoning = JSON.parse(serializeConversation(sample()));
  badReasoning.conversation.turns[4].reasoning.durationMs = 'long';
  assert.throws(() => parseConversation(JSON.stringify(badReasoning)), /turn\.reasoning\.durationMs/);
});

test("a prompt file's name and tools on a message, and the instructions an answer used, survive a round trip and are checked", () => {
  const c = newConversation('gpt-x', '');
  c.turns = [
    { kind: 'user', id: 'u', text: 'Review a.ts', context: [], createdAt: 1, prompt: { name: 'review', tools: ['read_file'] } },
    {
      kind: 'assistant',
      id: 'a',
      model: 'gpt-x',
      text: 'ok',
      status: 'done',
      createdAt: 2,
      instructions: ['genaiGateway.chat.userInstructions', 'src/AGENTS.md'],
    },
    { kind: 'user', id: 'u2', text: 'Again', context: [], createdAt: 3, prompt: { name: 'plain' } },
  ];
  assert.deepEqual(parseConversation(serializeConversation(c)).turns, c.turns);
  const stored = JSON.parse(serializeConversation(c));
  stored.conversation.turns[0].prompt.tools = ['read_file', 3];
  assert.throws(() => parseConversation(JSON.stringify(stored)), /turn\.prompt\.tools\[1\] is not a text/);
  stored.conversation.turns[0].prompt = { name: 'review' };
  stored.conversation.turns[1].instructions = 'AGENTS.md';
  assert.throws(() => parseConversation(JSON.stringify(stored)), /turn\.instructions is not a list/);
});
