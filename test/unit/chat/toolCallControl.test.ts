import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newConversation, type ToolCallRecord } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';
import { DENIED_RESULT, STOPPED_RESULT, StoppableCalls } from '../../../src/chat/toolLoop';
import { readWebviewMessage } from '../../../src/protocol/chatProtocol';
import { answers, toolModel, toolRuntime, toolSession } from './toolTestHelpers';

const callOnce = (name: string) => toolModel((_request, index) => (index === 0 ? [{ name, arguments: '{}' }] : []));

test("a tool's own Always choice: offered while asking (labels only), recorded before the call runs, gone after", async () => {
  const applied: string[] = [];
  let askedWith: ToolCallRecord['approvalChoices'];
  const { runtime, seen } = toolRuntime(
    [{ name: 'run_in_terminal', readOnly: false, choices: [{ id: 'exact', label: 'Always allow `ls`', apply: async () => void applied.push('exact') }] }],
    {
      decide: async (call) => {
        askedWith = structuredClone(call.approvalChoices);
        return { choiceId: 'exact' };
      },
    },
  );
  const { s, c } = toolSession(callOnce('run_in_terminal'), runtime);
  await s.send('go');
  assert.deepEqual(askedWith, [{ id: 'exact', label: 'Always allow `ls`' }]);
  assert.deepEqual(applied, ['exact']);
  assert.deepEqual(
    seen.runs.map((r) => r.name),
    ['run_in_terminal'],
  );
  const call = answers(c)[0]!.toolCalls![0]!;
  assert.equal(call.status, 'succeeded');
  assert.equal(call.approvalChoices, undefined);
});

test('a choice the call did not offer approves nothing: the call is denied and nothing is recorded', async () => {
  const applied: string[] = [];
  const { runtime, seen } = toolRuntime(
    [{ name: 'run_in_terminal', readOnly: false, choices: [{ id: 'exact', label: 'x', apply: async () => void applied.push('x') }] }],
    {
      decide: async () => ({ choiceId: 'prefix' }),
    },
  );
  const { s, c } = toolSession(callOnce('run_in_terminal'), runtime);
  await s.send('go');
  assert.deepEqual(applied, []);
  assert.deepEqual(seen.runs, []);
  assert.equal(answers(c)[0]!.toolCalls![0]!.result, DENIED_RESULT);
});

test("the card's Stop ends one running call; the answer goes on with what the tool returned, or a stopped result when it threw", async () => {
  for (const returnsOnStop of [true, false]) {
    const stoppable = new StoppableCalls();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { runtime } = toolRuntime([
      {
        name: 'run_in_terminal',
        readOnly: false,
        run: (_args, signal) =>
          new Promise((resolve, reject) => {
            signal.addEventListener('abort', () => (returnsOnStop ? resolve('stopped: partial output') : reject(new Error('aborted'))));
            started();
          }),
      },
    ]);
    const { s, c } = toolSession(callOnce('run_in_terminal'), runtime, newConversation('gpt-x', ''), stoppable);
    const sending = s.send('go');
    await running;
    const call = answers(c)[0]!.toolCalls![0]!;
    assert.equal(stoppable.stop('not-running'), false);
    assert.equal(stoppable.stop(call.id), true);
    await sending;
    assert.equal(call.status, returnsOnStop ? 'succeeded' : 'cancelled');
    assert.equal(call.result, returnsOnStop ? 'stopped: partial output' : STOPPED_RESULT);
    assert.equal(answers(c)[1]!.status, 'done', 'the answer went on');
    assert.match(answers(c)[1]!.text, /^Tool results: run_in_terminal=/);
    assert.equal(stoppable.stop(call.id), false, 'forgotten once ended');
  }
});

test('what a call prints is shown as it arrives, and kept with the conversation', async () => {
  const { runtime } = toolRuntime([
    {
      name: 'run_in_terminal',
      readOnly: true,
      run: async (_args, _signal, context) => {
        context.showOutput('line 1\n');
        context.showOutput('line 1\nline 2\n');
        return `done in ${context.conversationId}`;
      },
    },
  ]);
  const { s, c, changes } = toolSession(callOnce('run_in_terminal'), runtime);
  await s.send('go');
  const call = answers(c)[0]!.toolCalls![0]!;
  assert.equal(call.output, 'line 1\nline 2\n');
  assert.equal(call.result, `done in ${c.id}`);
  assert.equal(changes.filter((ch) => ch.status === 'running').length, 3, 'running, then each output');
  const reloaded = parseConversation(serializeConversation(c));
  assert.equal(answers(reloaded)[0]!.toolCalls![0]!.output, 'line 1\nline 2\n');
});

test("the webview's answers: a tool's choice by its id, Stop by the call's id; anything else is refused", () => {
  assert.deepEqual(readWebviewMessage({ type: 'decideToolCall', callId: 'a', approvalKey: 'k', decision: { choiceId: 'exact', extra: 1 } }), {
    type: 'decideToolCall',
    callId: 'a',
    approvalKey: 'k',
    decision: { choiceId: 'exact' },
  });
  assert.deepEqual(readWebviewMessage({ type: 'stopToolCall', callId: 'a' }), { type: 'stopToolCall', callId: 'a' });
  assert.equal(readWebviewMessage({ type: 'decideToolCall', callId: 'a', approvalKey: 'k', decision: { choiceId: 5 } }), undefined);
  assert.equal(readWebviewMessage({ type: 'decideToolCall', callId: 'a', approvalKey: 'k', decision: 'sometimes' }), undefined);
  assert.equal(readWebviewMessage({ type: 'stopToolCall' }), undefined);
});
