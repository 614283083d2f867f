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
    { type: 'findContext', query: 'src/a', requestId: 3 },
    { type: 'attachContext', itemId: 'c1' },
    { type: 'attachUris', uris: ['file:///w/a.ts'] },
    { type: 'openContext', chipId: 'k', turnId: 't' },
    { type: 'openContext', chipId: 'k' },
    { type: 'openInstructions', file: 'AGENTS.md' },
    { type: 'runPrompt', name: 'review', args: 'file=a.ts' },
  ]) {
    assert.deepEqual(readWebviewMessage(message), message);
  }
});

test('unknown types, missing or mistyped fields and non-objects are refused', () => {
  for (const bad of [
    null,
    'send',
    [],
    { type: 'explode' },
    { type: 'send' },
    { type: 'send', text: 3 },
    { type: 'setParams', params: { systemPrompt: '', stop: 'a' } },
    { type: 'setParams', params: { systemPrompt: '', stop: [], temperature: 'hot' } },
    { type: 'toString' },
    { type: '__proto__' },
    { type: 'findContext', query: 'a' },
    { type: 'findContext', query: 1, requestId: 1 },
    { type: 'attachUris', uris: 'file:///a' },
    { type: 'attachUris', uris: [1] },
    { type: 'openContext', chipId: 'k', turnId: 2 },
    { type: 'runPrompt', name: 'review' },
    { type: 'runPrompt', name: 1, args: '' },
  ]) {
    assert.equal(readWebviewMessage(bad), undefined, JSON.stringify(bad));
  }
});

test('fields the protocol does not know are dropped', () => {
  assert.deepEqual(readWebviewMessage({ type: 'copyCode', code: 'x', apiKey: 'leak' }), { type: 'copyCode', code: 'x' });
});

test('a # query and a drop are bounded: the query cut at 256 characters, a drop at 50 files', () => {
  const query = readWebviewMessage({ type: 'findContext', query: 'x'.repeat(10_000), requestId: 1 });
  assert.equal(query?.type === 'findContext' && query.query.length, 256);
  const drop = readWebviewMessage({ type: 'attachUris', uris: Array.from({ length: 500 }, (_, i) => `file:///w/${i}`) });
  assert.equal(drop?.type === 'attachUris' && drop.uris.length, 50);
});
