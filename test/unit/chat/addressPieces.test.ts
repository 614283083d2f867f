import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressPieces } from '../../../src/chat/addressPieces';

test('the offline error keeps its address apart, host and port in one part, the sentence punctuation outside', () => {
  assert.deepEqual(addressPieces('Could not reach http://127.0.0.1:19787: connection refused.'), [
    { text: 'Could not reach ' },
    { address: ['http://127.0.0.1:19787'] },
    { text: ': connection refused.' },
  ]);
});

test('an address with a path may break only after a slash, never after the scheme', () => {
  assert.deepEqual(addressPieces('See https://gateway.example.com/v1/models/gpt-4o.'), [
    { text: 'See ' },
    { address: ['https://gateway.example.com/', 'v1/', 'models/', 'gpt-4o'] },
    { text: '.' },
  ]);
});

test('text without an address is one piece; several addresses each their own', () => {
  assert.deepEqual(addressPieces('No key is set.'), [{ text: 'No key is set.' }]);
  assert.deepEqual(addressPieces(''), []);
  assert.deepEqual(addressPieces('Could not reach http://a:1 through the proxy http://proxy.corp:3128 (refused)'), [
    { text: 'Could not reach ' },
    { address: ['http://a:1'] },
    { text: ' through the proxy ' },
    { address: ['http://proxy.corp:3128'] },
    { text: ' (refused)' },
  ]);
});
