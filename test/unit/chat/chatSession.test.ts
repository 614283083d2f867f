import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChatSession, type ChatBackend, type ChatSessionListener } from '../../../src/chat/chatSession';
import { newConversation, type AssistantTurn, type Conversation } from '../../../src/chat/conversation';
import { CONTINUE_PROMPT } from '../../../src/chat/requestBuilder';
import { GatewayError, isGatewayError } from '../../../src/gateway/errors';
import { answer, chunk, fakeBackend, tick, untilAborted, USAGE } from './chatTestHelpers';

interface Recorded {
  texts: string[];
  changedStatuses: string[];
}

function session(backend: ChatBackend, conversation: Conversation = newConversation('gpt-x', '')): { s: ChatSession; c: Conversation; seen: Recorded } {
  const seen: Recorded = { texts: [], changedStatuses: [] };
  const listener: ChatSessionListener = {
    structureChanged: () => undefined,
    textAppended: (_turn, text) => seen.texts.push(text),
    turnChanged: (turn) => seen.changedStatuses.push(turn.status),
    toolCallChanged: () => undefined,
    toolCallsGrew: () => undefined,
  };
  const s = new ChatSession(conversation, { backend: () => backend, requestOptions: () => ({ user: 'u1' }), listener });
  return { s, c: conversation, seen };
}

const lastAnswer = (c: Conversation): AssistantTurn => {
  const turn = c.turns[c.turns.length - 1];
  assert.ok(turn && turn.kind === 'assistant');
  return turn;
};

test('send streams the answer into a new turn, with finish reason, usage and request id', async () => {
  const backend = fakeBackend(() => answer(['Hel', 'lo']));
  const { s, c, seen } = session(backend);
  c.draft = { text: 'Hi there', context: [] };
  await s.send('Hi there');
  assert.equal(c.turns.length, 2);
  assert.deepEqual(seen.texts, ['Hel', 'lo']);
  const turn = lastAnswer(c);
  assert.equal(turn.text, 'Hello');
  assert.equal(turn.status, 'done');
  assert.equal(turn.finishReason, 'stop');
  assert.deepEqual(turn.usage, USAGE);
  assert.equal(turn.requestId, 'req-1');
  assert.equal(c.title, 'Hi there');
  assert.deepEqual(c.draft, { text: '', context: [] });
  assert.equal(backend.requests[0]?.user, 'u1');
  assert.deepEqual(seen.changedStatuses, ['done']);
});

test('stop aborts the request and keeps what arrived, marked stopped', async () => {
  let signal: AbortSignal | undefined;
  const { s, c } = session(
    fakeBackend((_req, sig) => {
      signal = sig;
      return untilAborted(['partial ', 'text'], sig);
    }),
  );
  const done = s.send('go');
  await tick();
  assert.equal(s.busy, true);
  s.stop();
  await done;
  assert.equal(signal?.aborted, true);
  assert.equal(lastAnswer(c).text, 'partial text');
  assert.equal(lastAnswer(c).status, 'stopped');
  assert.equal(lastAnswer(c).error, undefined);
  assert.equal(s.busy, false);
});

test('dispose mid-stream marks the answer interrupted', async () => {
  const { s, c } = session(fakeBackend((_req, sig) => untilAborted(['some'], sig)));
  const done = s.send('go');
  await tick();
  s.dispose();
  await done;
  assert.equal(lastAnswer(c).status, 'interrupted');
  assert.equal(lastAnswer(c).text, 'some');
});

test('a stream that breaks mid-way keeps the text, marked interrupted with the error', async () => {
  const { s, c } = session(
    fakeBackend(async function* () {
      yield chunk('first part');
      throw new GatewayError({ kind: 'stream', message: 'The chat stream was interrupted: reset.', requestId: 'req-9' });
    }),
  );
  await s.send('go');
  const turn = lastAnswer(c);
  assert.equal(turn.status, 'interrupted');
  assert.equal(turn.text, 'first part');
  assert.match(turn.error?.message ?? '', /interrupted: reset\. The answer was cut off; retry\./);
  assert.equal(turn.error?.requestId, 'req-9');
});

test('a failed request shows the server message and request id, and nothing else of the error', async () => {
  const failing: ChatBackend = {
    stream: () =>
      Promise.reject(new GatewayError({ kind: 'http', status: 500, message: 'Upstream exploded', requestId: 'req-5', cause: new Error('secret internals') })),
    create: () => Promise.reject(new Error('not used')),
  };
  const { s, c } = session(failing);
  await s.send('go');
  const turn = lastAnswer(c);
  assert.equal(turn.status, 'error');
  assert.deepEqual(turn.error, { message: 'Upstream exploded The gateway had a problem; retry later.', requestId: 'req-5' });
  assert.doesNotMatch(JSON.stringify(c), /secret internals/);
});

test('an invalid request is refused at once, before anything changes', () => {
  const backend = fakeBackend(() => answer(['x']));
  const c = newConversation('gpt-x', '');
  c.params.temperature = 7;
  c.draft = { text: 'keep me', context: [] };
  const { s } = session(backend, c);
  assert.throws(
    () => s.send('keep me'),
    (e: unknown) => isGatewayError(e) && e.kind === 'validation' && /temperature/.test(e.message),
  );
  assert.equal(c.turns.length, 0);
  assert.equal(c.draft.text, 'keep me');
  assert.equal(backend.requests.length, 0);
});

test('a second send while an answer streams is refused', async () => {
  const { s } = session(fakeBackend((_req, sig) => untilAborted([], sig)));
  const done = s.send('one');
  assert.throws(() => s.send('two'), /still arriving/);
  s.stop();
  await done;
});

test('regenerate replaces the last answer; edit and resend drops what followed the edited message', async () => {
  let n = 0;
  const backend = fakeBackend(() => answer([`answer ${++n}`]));
  const { s, c } = session(backend);
  await s.send('first');
  await s.send('second');
  await s.regenerate();
  assert.deepEqual(
    c.turns.map((t) => t.text),
    ['first', 'answer 1', 'second', 'answer 3'],
  );
  const firstId = c.turns[0]!.id;
  await s.editAndResend(firstId, 'first, edited');
  assert.deepEqual(
    c.turns.map((t) => t.text),
    ['first, edited', 'answer 4'],
  );
  assert.deepEqual(backend.requests[3]?.messages, [{ role: 'user', content: 'first, edited' }]);
});

test('continue appends to an answer cut at the token limit and adds up the usage', async () => {
  let call = 0;
  const backend = fakeBackend(() => (++call === 1 ? answer(['one two'], 'length') : answer([' three'])));
  const { s, c } = session(backend);
  await s.send('count');
  assert.equal(lastAnswer(c).finishReason, 'length');
  await s.continueAnswer();
  const turn = lastAnswer(c);
  assert.equal(c.turns.length, 2);
  assert.equal(turn.text, 'one two three');
  assert.equal(turn.finishReason, 'stop');
  assert.equal(turn.usage?.total_tokens, USAGE.total_tokens * 2);
  assert.deepEqual(backend.requests[1]?.messages.slice(-2), [
    { role: 'assistant', content: 'one two' },
    { role: 'user', content: CONTINUE_PROMPT },
  ]);
});

test('continue is refused unless the last answer was cut at the token limit', async () => {
  const { s } = session(fakeBackend(() => answer(['done'])));
  await s.send('q');
  assert.throws(() => s.continueAnswer(), /token limit/);
});

test('a content-filtered answer ends done with finish reason content_filter', async () => {
  const { s, c } = session(fakeBackend(() => answer(['echo:'], 'content_filter')));
  await s.send('something forbidden');
  assert.equal(lastAnswer(c).status, 'done');
  assert.equal(lastAnswer(c).finishReason, 'content_filter');
});

test('the context of the draft goes with the message and the draft is emptied', async () => {
  const backend = fakeBackend(() => answer(['ok']));
  const { s, c } = session(backend);
  const chip = { id: 'k', file: 'a.py', uri: 'file:///a.py', languageId: 'python', startLine: 1, endLine: 1, text: 'x = 1' };
  c.draft = { text: '', context: [chip] };
  await s.send('What is x?');
  assert.deepEqual(c.turns[0]?.kind === 'user' && c.turns[0].context, [chip]);
  assert.equal(backend.requests[0]?.messages[0]?.content, '<attachment kind="selection" name="a.py:1">\n```python\nx = 1\n```\n</attachment>\n\nWhat is x?');
  assert.deepEqual(c.draft.context, []);
});

test('the conversation counts the tokens of every request, also of answers regenerated away', async () => {
  const { s, c } = session(fakeBackend(() => answer(['fine'])));
  await s.send('q');
  await s.regenerate();
  assert.equal(c.turns.length, 2);
  assert.deepEqual(c.usage, {
    promptTokens: USAGE.prompt_tokens * 2,
    completionTokens: USAGE.completion_tokens * 2,
    requests: 2,
    contextTokens: USAGE.prompt_tokens + USAGE.completion_tokens,
  });
});

test("the session header carries the conversation's own id: the same on every request of a conversation, never another's; none when unset", async () => {
  const backend = fakeBackend(() => answer(['ok']));
  const listener: ChatSessionListener = {
    structureChanged: () => undefined,
    textAppended: () => undefined,
    turnChanged: () => undefined,
    toolCallChanged: () => undefined,
    toolCallsGrew: () => undefined,
  };
  let header = ' X-Session-Id ';
  const open = () =>
    new ChatSession(newConversation('gpt-x', ''), { backend: () => backend, requestOptions: () => ({}), sessionHeader: () => header, listener });
  const first = open();
  const second = open();
  await first.send('one');
  await first.send('two');
  await second.send('three');
  const ids = backend.headers.map((h) => h?.['X-Session-Id']);
  assert.deepEqual(ids, [first.conversation.id, first.conversation.id, second.conversation.id]);
  assert.notEqual(first.conversation.id, second.conversation.id);
  header = '';
  await first.send('four');
  assert.equal(backend.headers[3], undefined);
});
