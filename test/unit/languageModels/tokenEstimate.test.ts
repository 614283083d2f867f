import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateMessageTokens, estimateTokens } from '../../../src/chat/tokenEstimate';

test('token estimate: about 4 characters a token, rounded up; a message adds its role overhead and every part', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('abcd'), 1);
  assert.equal(estimateTokens('abcde'), 2);
  const tokens = estimateMessageTokens({
    role: 'assistant',
    parts: [
      { kind: 'text', text: 'x'.repeat(40) },
      { kind: 'toolCall', callId: 'c', name: 'f', input: { a: 1 } },
      { kind: 'toolResult', callId: 'c', content: 'y'.repeat(8) },
    ],
  });
  assert.equal(tokens, 4 + 10 + Math.ceil('f{"a":1}'.length / 4) + 2);
});
