import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';
import { CANCELLED_RESULT, capToolResult, concurrencyGroups, DENIED_RESULT, parseToolArguments, roundLimitResult } from '../../../src/chat/toolLoop';
import type { ChatMessage } from '../../../src/gateway/types/chat';
import { tick } from './chatTestHelpers';
import { answers, toolModel, toolRuntime, toolSession } from './toolTestHelpers';

const toolMessages = (messages: readonly ChatMessage[]) => messages.filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool');

test('a single call: executed, answered with one tool message, then the final answer in a turn of its own', async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'read_file', arguments: '{"path":"a.txt"}' }] : []));
  const { runtime, seen } = toolRuntime([{ name: 'read_file', readOnly: true, run: async () => 'contents of a' }]);
  const { s, c } = toolSession(backend, runtime);
  await s.send('read it');
  assert.deepEqual(seen.runs, [{ name: 'read_file', args: { path: 'a.txt' } }]);
  assert.deepEqual(seen.asked, [], 'read-only tools run without asking');
  const [first, final] = answers(c);
  assert.equal(first?.toolCalls?.[0]?.status, 'succeeded');
  assert.equal(first?.toolCalls?.[0]?.result, 'contents of a');
  assert.ok((first?.toolCalls?.[0]?.durationMs ?? -1) >= 0);
  assert.equal(first?.finishReason, 'tool_calls');
  assert.equal(final?.text, 'Tool results: read_file=contents of a');
  assert.equal(final?.status, 'done');
  assert.equal(backend.requests.length, 2);
  const second = backend.requests[1]!;
  const assistant = second.messages.find((m) => m.role === 'assistant');
  assert.deepEqual(assistant, {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_0_read_file', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }],
  });
  assert.deepEqual(toolMessages(second.messages), [{ role: 'tool', tool_call_id: 'call_0_read_file', name: 'read_file', content: 'contents of a' }]);
  assert.equal(backend.requests[0]?.tools?.length, 1);
  assert.equal(backend.requests[0]?.tool_choice, 'auto');
});

test("parallel read-only calls run side by side; a writing call runs alone after them, in the model's order", async () => {
  const events: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slowRead = (name: string) => async () => {
    events.push(`start ${name}`);
    await gate;
    events.push(`end ${name}`);
    return `${name} done`;
  };
  const backend = toolModel((_req, i) =>
    i === 0
      ? [
          { name: 'a', arguments: '{}' },
          { name: 'b', arguments: '{}' },
          { name: 'w', arguments: '{}' },
        ]
      : [],
  );
  const { runtime } = toolRuntime([
    { name: 'a', readOnly: true, run: slowRead('a') },
    { name: 'b', readOnly: true, run: slowRead('b') },
    { name: 'w', readOnly: false, run: async () => (events.push('w'), 'written') },
  ]);
  const { s, c } = toolSession(backend, runtime);
  const done = s.send('go');
  for (let i = 0; i < 20 && events.length < 2; i++) await tick();
  assert.deepEqual(events, ['start a', 'start b'], 'both reads started before either ended');
  release();
  await done;
  assert.deepEqual(events.slice(2).sort(), ['end a', 'end b', 'w'].sort());
  assert.equal(events[events.length - 1], 'w');
  assert.deepEqual(
    toolMessages(backend.requests[1]!.messages).map((m) => m.content),
    ['a done', 'b done', 'written'],
  );
  assert.equal(answers(c)[1]?.text, 'Tool results: a=a done; b=b done; w=written');
});

test('concurrency groups: consecutive read-only calls together, every other call alone', () => {
  const groups = concurrencyGroups(['r1', 'r2', 'w1', 'r3', 'w2', 'w3', 'r4', 'r5'], (c) => c.startsWith('r'));
  assert.deepEqual(groups, [['r1', 'r2'], ['w1'], ['r3'], ['w2'], ['w3'], ['r4', 'r5']]);
});

test('a forced function is sent in the first request only; the request after its results uses auto', async () => {
  const backend = toolModel((req, i) => (i === 0 && typeof req.tool_choice === 'object' ? [{ name: 'get_selection', arguments: '{}' }] : []));
  const { runtime } = toolRuntime([
    { name: 'get_selection', readOnly: true },
    { name: 'read_file', readOnly: true },
  ]);
  const c = newConversation('gpt-x', '');
  c.toolChoice = { type: 'function', function: { name: 'get_selection' } };
  const { s } = toolSession(backend, runtime, c);
  await s.send('anything');
  assert.deepEqual(backend.requests[0]?.tool_choice, { type: 'function', function: { name: 'get_selection' } });
  assert.equal(backend.requests[1]?.tool_choice, 'auto');
  assert.equal(answers(c)[1]?.text, 'Tool results: get_selection=get_selection ok');
});

test('required (any tool) is sent in the first request only, and is kept when saved and read back', async () => {
  const backend = toolModel((req, i) => (i === 0 && req.tool_choice === 'required' ? [{ name: 'read_file', arguments: '{}' }] : []));
  const { runtime } = toolRuntime([
    { name: 'get_selection', readOnly: true },
    { name: 'read_file', readOnly: true },
  ]);
  const c = newConversation('gpt-x', '');
  c.toolChoice = 'required';
  await toolSession(backend, runtime, c).s.send('anything');
  assert.deepEqual(
    backend.requests.map((r) => r.tool_choice),
    ['required', 'auto'],
  );
  assert.equal(answers(c)[1]?.text, 'Tool results: read_file=read_file ok');
  assert.equal(parseConversation(serializeConversation(c)).toolChoice, 'required');
});

test('a forced function that is no longer offered falls back to auto', async () => {
  const backend = toolModel(() => []);
  const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true }]);
  const c = newConversation('gpt-x', '');
  c.toolChoice = { type: 'function', function: { name: 'gone' } };
  await toolSession(backend, runtime, c).s.send('hi');
  assert.equal(backend.requests[0]?.tool_choice, 'auto');
});

test('tool_choice none is sent with the tools, and nothing runs', async () => {
  const backend = toolModel((req) => (req.tool_choice === 'none' ? [] : [{ name: 'read_file', arguments: '{}' }]));
  const { runtime, seen } = toolRuntime([{ name: 'read_file', readOnly: true }]);
  const c = newConversation('gpt-x', '');
  c.toolChoice = 'none';
  await toolSession(backend, runtime, c).s.send('read_file please');
  assert.equal(backend.requests[0]?.tool_choice, 'none');
  assert.equal(backend.requests.length, 1);
  assert.deepEqual(seen.runs, []);
});

test('arguments that are not valid JSON do not run: the model gets the parse error, the call is marked invalid', async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'edit_file', arguments: '{"path":"a.txt",' }] : []));
  const { runtime, seen } = toolRuntime([{ name: 'edit_file', readOnly: false }]);
  const { s, c, changes } = toolSession(backend, runtime);
  await s.send('edit');
  assert.deepEqual(seen.runs, []);
  assert.deepEqual(seen.asked, [], 'nothing to approve');
  const call = answers(c)[0]?.toolCalls?.[0];
  assert.equal(call?.status, 'invalid');
  assert.match(call?.result ?? '', /^Error: the arguments of edit_file are not valid JSON \(.+\)\. Nothing was run/);
  assert.deepEqual(
    changes.map((ch) => ch.status),
    ['invalid'],
  );
  assert.equal(toolMessages(backend.requests[1]!.messages)[0]?.content, call?.result);
});

test('arguments must be an object; empty arguments count as {}', () => {
  assert.equal(parseToolArguments('f', '[1,2]').ok, false);
  assert.equal(parseToolArguments('f', 'null').ok, false);
  assert.deepEqual(parseToolArguments('f', ''), { ok: true, args: {} });
  assert.deepEqual(parseToolArguments('f', ' {"a":1} '), { ok: true, args: { a: 1 } });
});

test("a writing tool asks first, with its preview shown while asking and closed after; a denial is the model's tool result", async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'edit_file', arguments: '{"path":"a"}' }] : []));
  const statusesWhileAsking: string[] = [];
  const { runtime, seen } = toolRuntime([{ name: 'edit_file', readOnly: false }], {
    decide: async (call) => {
      statusesWhileAsking.push(call.status);
      assert.deepEqual(seen.disposedPreviews, [], 'the preview stays open while the user decides');
      return 'deny';
    },
  });
  const { s, c } = toolSession(backend, runtime);
  await s.send('edit');
  assert.deepEqual(seen.prepared, ['edit_file']);
  assert.deepEqual(seen.disposedPreviews, ['edit_file']);
  assert.deepEqual(statusesWhileAsking, ['awaitingApproval']);
  assert.deepEqual(seen.runs, []);
  const call = answers(c)[0]?.toolCalls?.[0];
  assert.equal(call?.status, 'denied');
  assert.equal(call?.result, DENIED_RESULT);
  assert.equal(answers(c)[1]?.text, `Tool results: edit_file=${DENIED_RESULT}`);
});

test('what preparing a call says (what a paid call makes) is on the call while the user is asked', async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'generate_image', arguments: '{"prompt":"p","n":4}' }] : []));
  const note = 'A paid request: m generates up to 4 images (a set; each image is billed), saved in the output folder.';
  const notes: Array<string | undefined> = [];
  const { runtime } = toolRuntime([{ name: 'generate_image', readOnly: false, note }], {
    decide: async (call) => {
      notes.push(call.approvalNote);
      return 'once';
    },
  });
  await toolSession(backend, runtime).s.send('four pictures');
  assert.deepEqual(notes, [note]);
});

test('allowed once or always, the writing tool runs; pre-approved tools do not ask', async () => {
  for (const decision of ['once', 'always'] as const) {
    const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'create_file', arguments: '{}' }] : []));
    const { runtime, seen } = toolRuntime([{ name: 'create_file', readOnly: false }], { decide: async () => decision });
    await toolSession(backend, runtime).s.send('create');
    assert.deepEqual(
      seen.runs.map((r) => r.name),
      ['create_file'],
      decision,
    );
  }
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'create_file', arguments: '{}' }] : []));
  const { runtime, seen } = toolRuntime([{ name: 'create_file', readOnly: false }], { preApproved: ['create_file'] });
  await toolSession(backend, runtime).s.send('create');
  assert.deepEqual(seen.asked, []);
  assert.deepEqual(seen.prepared, [], 'no preview when nobody is asked');
  assert.deepEqual(
    seen.runs.map((r) => r.name),
    ['create_file'],
  );
});

test('the round limit stops a model that keeps calling tools: its last calls do not run, the answer says why', async () => {
  const backend = toolModel(() => [{ name: 'read_file', arguments: '{}' }]);
  const { runtime, seen } = toolRuntime([{ name: 'read_file', readOnly: true }], { settings: { maxRounds: 3 } });
  const { s, c } = toolSession(backend, runtime);
  await s.send('loop');
  assert.equal(backend.requests.length, 3);
  assert.equal(seen.runs.length, 2);
  const turns = answers(c);
  assert.equal(turns.length, 3);
  const last = turns[2]!;
  assert.equal(last.toolCalls?.[0]?.status, 'skipped');
  assert.equal(last.toolCalls?.[0]?.result, roundLimitResult(3));
  assert.match(last.error?.message ?? '', /^Stopped after 3 rounds: the model still asked for tools\. .*genaiGateway\.tools\.maxRounds/);
  assert.equal(last.status, 'done');
  assert.equal(s.busy, false);
});

test("with maxRounds 1 no tool runs: the first answer's calls are skipped", async () => {
  const backend = toolModel(() => [{ name: 'read_file', arguments: '{}' }]);
  const { runtime, seen } = toolRuntime([{ name: 'read_file', readOnly: true }], { settings: { maxRounds: 1 } });
  const { s, c } = toolSession(backend, runtime);
  await s.send('read_file');
  assert.equal(backend.requests.length, 1);
  assert.deepEqual(seen.runs, []);
  assert.equal(answers(c)[0]?.toolCalls?.[0]?.status, 'skipped');
  // The history stays valid for the next question: every call has its tool message.
  await s.send('next');
  assert.equal(toolMessages(backend.requests[1]!.messages)[0]?.content, roundLimitResult(1));
});

test('long results are capped before they are sent, saying so', async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'read_file', arguments: '{}' }] : []));
  const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true, run: async () => 'x'.repeat(500) }], { settings: { maxResultChars: 100 } });
  const { s, c } = toolSession(backend, runtime);
  await s.send('read');
  const result = answers(c)[0]?.toolCalls?.[0]?.result ?? '';
  assert.equal(result, capToolResult('x'.repeat(500), 100));
  assert.ok(result.startsWith('x'.repeat(100) + '\n[Truncated: the first 100 of 500 characters.]'));
  assert.equal(toolMessages(backend.requests[1]!.messages)[0]?.content, result);
});

test('a failing tool and an unknown tool give the model an error result; the loop goes on', async () => {
  const backend = toolModel((_req, i) =>
    i === 0
      ? [
          { name: 'read_file', arguments: '{}' },
          { name: 'nope', arguments: '{}' },
        ]
      : [],
  );
  const { runtime } = toolRuntime([
    {
      name: 'read_file',
      readOnly: true,
      run: async () => {
        throw new Error('Refused: ../x is outside the workspace folders.');
      },
    },
  ]);
  const { s, c } = toolSession(backend, runtime);
  await s.send('go');
  const [failed, unknown] = answers(c)[0]!.toolCalls!;
  assert.equal(failed?.status, 'failed');
  assert.equal(failed?.result, 'Error: Refused: ../x is outside the workspace folders.');
  assert.equal(unknown?.status, 'failed');
  assert.match(unknown?.result ?? '', /no tool named "nope".*Available tools: read_file/);
  assert.equal(answers(c)[1]?.status, 'done');
});

test('Stop while a call waits for approval cancels it and the calls after it; the answer is marked stopped', async () => {
  const backend = toolModel((_req, i) =>
    i === 0
      ? [
          { name: 'edit_file', arguments: '{}' },
          { name: 'read_file', arguments: '{}' },
        ]
      : [],
  );
  const { runtime, seen } = toolRuntime(
    [
      { name: 'edit_file', readOnly: false },
      { name: 'read_file', readOnly: true },
    ],
    {
      decide: (_call, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve('deny'))),
    },
  );
  const { s, c } = toolSession(backend, runtime);
  const done = s.send('edit');
  for (let i = 0; i < 20 && seen.asked.length === 0; i++) await tick();
  s.stop();
  await done;
  const turn = answers(c)[0]!;
  assert.deepEqual(
    turn.toolCalls?.map((call) => [call.status, call.result]),
    [
      ['cancelled', CANCELLED_RESULT],
      ['cancelled', CANCELLED_RESULT],
    ],
  );
  assert.equal(turn.status, 'stopped');
  assert.equal(answers(c).length, 1, 'no further request');
  assert.deepEqual(seen.runs, []);
  assert.equal(s.busy, false);
});

test('a model that cannot stream tool calls gets non-streamed requests when tools are offered', async () => {
  const backend = toolModel((_req, i) => (i === 0 ? [{ name: 'read_file', arguments: '{"path":"a"}' }] : []));
  const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true }], { settings: { streamsToolCalls: (model) => model !== 'gpt-x' } });
  const { s, c } = toolSession(backend, runtime);
  await s.send('read');
  assert.deepEqual(backend.modes, ['create', 'create']);
  assert.equal(answers(c)[0]?.toolCalls?.[0]?.arguments, '{"path":"a"}');
  assert.equal(answers(c)[1]?.text, 'Tool results: read_file=read_file ok');
});

test('tool calls and the tool choice are saved; a call saved before it ended comes back cancelled', () => {
  const c = newConversation('gpt-x', '');
  c.toolChoice = { type: 'function', function: { name: 'read_file' } };
  c.turns.push(
    { kind: 'user', id: 'u', text: 'q', context: [], createdAt: 1 },
    {
      kind: 'assistant',
      id: 'a',
      model: 'gpt-x',
      text: '',
      status: 'done',
      finishReason: 'tool_calls',
      createdAt: 2,
      toolCalls: [
        { id: 'c1', name: 'read_file', arguments: '{"path":"a"}', status: 'succeeded', result: 'text', durationMs: 12 },
        { id: 'c2', name: 'edit_file', arguments: '{}', status: 'awaitingApproval' },
      ],
    },
  );
  const back = parseConversation(serializeConversation(c));
  assert.deepEqual(back.toolChoice, c.toolChoice);
  const turn = back.turns[1];
  assert.ok(turn?.kind === 'assistant');
  assert.deepEqual(turn.toolCalls?.[0], { id: 'c1', name: 'read_file', arguments: '{"path":"a"}', status: 'succeeded', result: 'text', durationMs: 12 });
  assert.deepEqual(turn.toolCalls?.[1], { id: 'c2', name: 'edit_file', arguments: '{}', status: 'cancelled', result: CANCELLED_RESULT });
  assert.throws(() => parseConversation(serializeConversation({ ...c, toolChoice: 'sometimes' as 'auto' })), /toolChoice/);
});
