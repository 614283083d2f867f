import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readWebviewMessage } from '../../../src/protocol/chatProtocol';

test('well-formed webview messages are accepted', () => {
  for (const message of [
    { type: 'ready' },
    { type: 'send', text: 'hi' },
    { type: 'editAndResend', turnId: 't', text: 'x' },
    { type: 'setParams', params: { systemPrompt: '', stop: ['a'], temperature: 0.3 } },
    { type: 'openCode', code: 'x', language: 'ts' },
  ]) {
    assert.deepEqual(readWebviewMessage(message), message);
  }
});

test('unknown types, missing or mistyped fields and non-objects are refused', () => {
  for (const bad of [null, 'send', [], { type: 'explode' }, { type: 'send' }, { type: 'send', text: 3 }, { type: 'setParams', params: { systemPrompt: '', stop: 'a' } }, { type: 'setParams', params: { systemPrompt: '', stop: [], temperature: 'hot' } }, { type: 'toString' }, { type: '__proto__' }]) {
    assert.equal(readWebviewMessage(bad), undefined, JSON.stringify(bad));
  }
});

test('fields the protocol does not know are dropped', () => {
  assert.deepEqual(readWebviewMessage({ type: 'copyCode', code: 'x', apiKey: 'leak' }), { type: 'copyCode', code: 'x' });
});
