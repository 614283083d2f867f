import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ToolCallBatcher } from '../../../src/chatView/toolCallBatcher';
import type { AssistantTurn, ToolCallRecord } from '../../../src/chat/conversation';
import { SHOWN_ARGUMENT_CHARS, type ToolCallProgress } from '../../../src/protocol/chatProtocol';

function streamingTurn(id: string, ...calls: ToolCallRecord[]): AssistantTurn {
  return { kind: 'assistant', id, model: 'm', text: '', status: 'streaming', createdAt: 0, toolCalls: calls };
}
const streaming = (id: string, name: string): ToolCallRecord => ({ id, name, arguments: '', status: 'streaming' });

/** Appends `text` to the call's arguments, as LiveToolCalls does, and hands the growth to the batcher. */
function grow(batcher: ToolCallBatcher, turn: AssistantTurn, call: ToolCallRecord, text: string): void {
  call.arguments += text;
  batcher.append('c1', turn, [{ call, appended: text }]);
}

test('argument pieces of the calls of a turn are folded into one post per interval', async () => {
  const posts: Array<{ turnId: string; calls: ToolCallProgress[] }> = [];
  const batcher = new ToolCallBatcher((_c, turnId, calls) => posts.push({ turnId, calls }), 10);
  const a = streaming('a', 'read_file');
  const b = streaming('b', 'create_file');
  const turn = streamingTurn('t1', a, b);
  for (const piece of ['{"pa', 'th":', '"x"}']) grow(batcher, turn, a, piece);
  grow(batcher, turn, b, '{');
  assert.deepEqual(posts, []);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(posts, [
    {
      turnId: 't1',
      calls: [
        { position: 0, id: 'a', name: 'read_file', argumentsAppended: '{"path":"x"}', argumentsLength: 12 },
        { position: 1, id: 'b', name: 'create_file', argumentsAppended: '{', argumentsLength: 1 },
      ],
    },
  ]);
});

test('a 70 KB single-line argument posts only what a card shows, and its whole length', () => {
  const posts: ToolCallProgress[][] = [];
  const batcher = new ToolCallBatcher((_c, _t, calls) => posts.push(calls), 60_000);
  const call = streaming('big', 'create_file');
  const turn = streamingTurn('t1', call);
  const line = `{"path":"big.txt","content":"${'x'.repeat(70_000)}"}`;
  for (let at = 0; at < line.length; at += 7) {
    grow(batcher, turn, call, line.slice(at, at + 7));
    if (at % 7000 === 0) batcher.flush();
  }
  batcher.flush();
  const shown = posts
    .flat()
    .map((p) => p.argumentsAppended)
    .join('');
  assert.equal(shown, line.slice(0, SHOWN_ARGUMENT_CHARS));
  assert.equal(posts.at(-1)!.at(-1)!.argumentsLength, line.length);
  const posted = JSON.stringify(posts).length;
  assert.ok(posted < SHOWN_ARGUMENT_CHARS + 10_000, `posted ${posted} characters in all`);
});

test('another turn, or a flush, posts what was pending first; calls the turn no longer has are left out (nothing posted for none)', () => {
  const posts: string[] = [];
  const batcher = new ToolCallBatcher((_c, turnId, calls) => posts.push(`${turnId}:${calls.map((c) => `${c.id}=${c.argumentsAppended}`).join(',')}`), 60_000);
  const a = streaming('a', 'f');
  const t1 = streamingTurn('t1', a);
  grow(batcher, t1, a, '{');
  const b = streaming('b', 'g');
  const t2 = streamingTurn('t2', b);
  grow(batcher, t2, b, '{}');
  // The stream ended: the turn's calls were replaced by the finished ones before the batch went out.
  t2.toolCalls = [{ ...b, status: 'pending' }];
  batcher.flush();
  batcher.flush();
  assert.deepEqual(posts, ['t1:a={']);
  batcher.dispose();
});
