import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forEachLimited } from '../../../src/chat/limitedConcurrency';
import { MAX_PARALLEL_TOOL_CALLS, MAX_TOOL_CALLS_PER_ROUND, TOO_MANY_CALLS_RESULT } from '../../../src/chat/toolLoop';
import { answers, concurrencyProbe, toolModel, toolRuntime, toolSession } from './toolTestHelpers';

test(`read-only calls of one answer run at most ${MAX_PARALLEL_TOOL_CALLS} at a time, all of them in the end`, async () => {
  const calls = Array.from({ length: 20 }, () => ({ name: 'read_file', arguments: '{}' }));
  const probe = concurrencyProbe();
  const backend = toolModel((_req, i) => (i === 0 ? calls : []));
  const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true, run: probe.run }]);
  const { s, c } = toolSession(backend, runtime);
  await s.send('read them all');
  assert.equal(probe.runs, 20);
  assert.equal(probe.max, MAX_PARALLEL_TOOL_CALLS, 'as many at once as allowed, no more');
  assert.ok(answers(c)[0]?.toolCalls?.every((call) => call.status === 'succeeded'));
});

test(`calls beyond the first ${MAX_TOOL_CALLS_PER_ROUND} of one answer do not run; the model is told why in their results`, async () => {
  const count = MAX_TOOL_CALLS_PER_ROUND + 9;
  const calls = Array.from({ length: count }, () => ({ name: 'read_file', arguments: '{}' }));
  const probe = concurrencyProbe();
  const backend = toolModel((_req, i) => (i === 0 ? calls : []));
  const { runtime } = toolRuntime([{ name: 'read_file', readOnly: true, run: probe.run }]);
  const { s, c, changes } = toolSession(backend, runtime);
  await s.send('read a lot');
  assert.equal(probe.runs, MAX_TOOL_CALLS_PER_ROUND);
  const records = answers(c)[0]?.toolCalls ?? [];
  assert.deepEqual(
    records.map((call) => call.status),
    [...Array(MAX_TOOL_CALLS_PER_ROUND).fill('succeeded'), ...Array(9).fill('skipped')],
  );
  assert.equal(records.at(-1)?.result, TOO_MANY_CALLS_RESULT);
  assert.match(TOO_MANY_CALLS_RESULT, new RegExp(`at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls`));
  assert.equal(changes.filter((call) => call.status === 'skipped').length, 9, 'the view hears of each skipped call');
  const sentBack = backend.requests[1]!.messages.filter((m) => m.role === 'tool');
  assert.equal(sentBack.length, count, 'every call gets its tool message');
  assert.equal(sentBack.filter((m) => m.content === TOO_MANY_CALLS_RESULT).length, 9);
});

test('forEachLimited keeps the order of starts and never runs more than the limit', async () => {
  const started: number[] = [];
  let running = 0;
  let max = 0;
  await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
    started.push(n);
    max = Math.max(max, ++running);
    await new Promise((resolve) => setTimeout(resolve, 8 - n));
    running--;
  });
  assert.deepEqual(started, [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(max, 3);
  await forEachLimited([], 3, async () => assert.fail('no item, no call'));
});
