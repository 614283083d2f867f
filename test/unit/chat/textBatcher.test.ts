import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextBatcher } from '../../../src/chatView/textBatcher';

test('text of one turn is folded into one post per interval', async () => {
  const posts: string[] = [];
  const batcher = new TextBatcher((_c, turn, text) => posts.push(`${turn}:${text}`), 10);
  for (const piece of ['a', 'b', 'c']) batcher.append('c1', 't1', piece);
  assert.deepEqual(posts, []);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(posts, ['t1:abc']);
});

test('a different turn or a flush posts what was pending first, keeping the order', () => {
  const posts: string[] = [];
  const batcher = new TextBatcher((_c, turn, text) => posts.push(`${turn}:${text}`), 60_000);
  batcher.append('c1', 't1', 'x');
  batcher.append('c1', 't2', 'y');
  batcher.flush();
  batcher.flush();
  assert.deepEqual(posts, ['t1:x', 't2:y']);
  batcher.dispose();
});

test('the answer, its reasoning and its refusal are posted apart, in order', () => {
  const posts: string[] = [];
  const batcher = new TextBatcher((_c, turn, text, part) => posts.push(`${turn}:${part}:${text}`), 60_000);
  batcher.append('c1', 't1', 'hm', 'reasoning');
  batcher.append('c1', 't1', 'm', 'reasoning');
  batcher.append('c1', 't1', 'So', 'answer');
  batcher.append('c1', 't1', '.');
  batcher.append('c1', 't1', 'No.', 'refusal');
  batcher.flush();
  assert.deepEqual(posts, ['t1:reasoning:hmm', 't1:answer:So.', 't1:refusal:No.']);
  batcher.dispose();
});
