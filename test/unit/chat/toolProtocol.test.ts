import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readWebviewMessage } from '../../../src/protocol/chatProtocol';

test('tool messages from the webview are read field by field; anything else is refused', () => {
  assert.deepEqual(readWebviewMessage({ type: 'decideToolCall', callId: 'c1', approvalKey: 'k', decision: 'always', extra: 1 }), {
    type: 'decideToolCall',
    callId: 'c1',
    approvalKey: 'k',
    decision: 'always',
  });
  assert.equal(readWebviewMessage({ type: 'decideToolCall', callId: 'c1', approvalKey: 'k', decision: 'sure' }), undefined);
  assert.equal(readWebviewMessage({ type: 'decideToolCall', callId: 'c1', decision: 'once' }), undefined, 'an answer without the key of the call it saw');
  assert.equal(readWebviewMessage({ type: 'decideToolCall', decision: 'once' }), undefined);
  assert.deepEqual(readWebviewMessage({ type: 'setToolChoice', choice: 'none' }), { type: 'setToolChoice', choice: 'none' });
  assert.deepEqual(readWebviewMessage({ type: 'setToolChoice', choice: { type: 'function', function: { name: 'read_file', x: 1 } } }), {
    type: 'setToolChoice',
    choice: { type: 'function', function: { name: 'read_file' } },
  });
  assert.deepEqual(readWebviewMessage({ type: 'setToolChoice', choice: 'required' }), { type: 'setToolChoice', choice: 'required' });
  assert.equal(readWebviewMessage({ type: 'setToolChoice', choice: 'any' }), undefined);
  assert.equal(readWebviewMessage({ type: 'setToolChoice', choice: { type: 'function' } }), undefined);
});
