import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base64Payload, decodedSize, imageUrl, isHttpUrl, mediaObject, parseDataUrl } from '../../../src/gateway/validation/media';
import { assertRefused, dataUrl } from './refusal';

test('isHttpUrl accepts http and https only', () => {
  assert.ok(isHttpUrl('https://example.com/a.png'));
  assert.ok(isHttpUrl('http://localhost:8080/a'));
  for (const other of ['ftp://example.com/a', 'file:///tmp/a.png', 'example.com/a.png', '', 'data:image/png;base64,AA==']) {
    assert.equal(isHttpUrl(other), false, other);
  }
});

test('parseDataUrl splits type and payload', () => {
  assert.deepEqual(parseDataUrl('data:image/PNG;base64,AAAA'), { mimeType: 'image/png', payload: 'AAAA' });
  assert.equal(parseDataUrl('data:image/png,AAAA'), undefined);
  assert.equal(parseDataUrl('https://x/y'), undefined);
});

test('decodedSize matches the decoded length', () => {
  for (const n of [0, 1, 2, 3, 4, 5, 1000]) assert.equal(decodedSize(Buffer.alloc(n).toString('base64')), n);
});

test('base64Payload refuses empty, malformed and too large payloads', () => {
  base64Payload('b', 'AAAA', 3);
  assertRefused(() => base64Payload('b', '', 3), { param: 'b', value: '', allowed: 'non-empty base64' });
  assertRefused(() => base64Payload('b', 'AA*A'), { param: 'b', value: 'AA*A' });
  assertRefused(() => base64Payload('b', 'AAA'), { param: 'b', value: 'AAA' });
  assertRefused(() => base64Payload('b', 12), { param: 'b', value: 12, allowed: 'non-empty base64' });
  base64Payload('b', undefined);
  assertRefused(() => base64Payload('b', 'AAAAAA==', 3), { param: 'b', value: 'AAAAAA==', allowed: 'at most 3 bytes' });
});

test('imageUrl accepts http(s) and data URLs of allowed types', () => {
  imageUrl('i', 'https://example.com/a.jpg');
  imageUrl('i', dataUrl('webp', 3));
  imageUrl('i', dataUrl('png', 3), { types: ['png'] });
});

test('imageUrl refuses other schemes, non-image data, disallowed types and sizes', () => {
  assertRefused(() => imageUrl('i', 'ftp://x/a.png'), { param: 'i', value: 'ftp://x/a.png', allowed: 'an http(s) URL or a data:image/...;base64 URL' });
  assertRefused(() => imageUrl('i', 'data:text/plain;base64,AAAA'), { param: 'i', value: 'data:text/plain;base64,AAAA' });
  assertRefused(() => imageUrl('i', dataUrl('gif', 3), { types: ['jpeg', 'png'] }), {
    param: 'i',
    value: dataUrl('gif', 3),
    allowed: 'data:image/jpeg|png;base64',
  });
  assertRefused(() => imageUrl('i', dataUrl('png', 6), { maxBytes: 3 }), { param: 'i', allowed: 'at most 3 bytes' });
  assertRefused(() => imageUrl('i', 7), { param: 'i', value: 7 });
});

test('mediaObject needs a mime type and exactly one of url / base_64_encoded', () => {
  mediaObject('image', { mime_type: 'image/png', url: 'https://x/a.png' }, ['image/png']);
  mediaObject('image', { mime_type: 'image/png', base_64_encoded: 'AAAA' }, ['image/png']);
  assertRefused(() => mediaObject('image', { url: 'https://x/a.png' }, ['image/png']), {
    param: 'image.mime_type',
    value: undefined,
    allowed: '"image/png"',
  });
  assertRefused(() => mediaObject('image', { mime_type: 'image/png' }, ['image/png']), {
    param: 'image',
    allowed: 'exactly one of url / base_64_encoded',
  });
  assertRefused(() => mediaObject('image', { mime_type: 'image/png', url: 'ftp://x' }, ['image/png']), {
    param: 'image.url',
    value: 'ftp://x',
    allowed: 'an http(s) URL',
  });
  assertRefused(() => mediaObject('image', { mime_type: 'image/png', base_64_encoded: 'data:image/png;base64,AAAA' }, ['image/png']), {
    param: 'image.base_64_encoded',
    allowed: 'non-empty base64',
  });
  assertRefused(() => mediaObject('image', 'https://x/a.png', ['image/png']), { param: 'image', value: 'https://x/a.png' });
});
