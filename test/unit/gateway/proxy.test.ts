import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchesNoProxy, redactProxy, resolveProxy } from '../../../src/gateway/proxy';

test('an explicit proxy wins over the environment', () => {
  assert.equal(resolveProxy('https://gw.example.com/v1', 'http://corp:3128', { HTTPS_PROXY: 'http://env:1' }), 'http://corp:3128');
});

test('HTTPS_PROXY for https, HTTP_PROXY for http, either case', () => {
  const env = { https_proxy: 'http://s:1', HTTP_PROXY: 'http://p:2' };
  assert.equal(resolveProxy('https://gw.example.com/v1', undefined, env), 'http://s:1');
  assert.equal(resolveProxy('http://gw.example.com/v1', undefined, env), 'http://p:2');
  assert.equal(resolveProxy('https://gw.example.com/v1', undefined, { HTTP_PROXY: 'http://p:2' }), 'http://p:2');
  assert.equal(resolveProxy('https://gw.example.com/v1', undefined, {}), undefined);
});

test('NO_PROXY entries: exact host, suffix, wildcard, port, IPv6', () => {
  const url = (u: string) => new URL(u);
  assert.equal(matchesNoProxy(url('https://gw.example.com/v1'), 'example.com'), true);
  assert.equal(matchesNoProxy(url('https://gw.example.com/v1'), '.example.com'), true);
  assert.equal(matchesNoProxy(url('https://gw.example.com/v1'), '*.example.com'), true);
  assert.equal(matchesNoProxy(url('https://badexample.com/v1'), 'example.com'), false);
  assert.equal(matchesNoProxy(url('http://127.0.0.1:8787/v1'), 'localhost, 127.0.0.1'), true);
  assert.equal(matchesNoProxy(url('http://127.0.0.1:8787/v1'), '127.0.0.1:9999'), false);
  assert.equal(matchesNoProxy(url('http://127.0.0.1:8787/v1'), '127.0.0.1:8787'), true);
  assert.equal(matchesNoProxy(url('http://[::1]:8787/v1'), '[::1]'), true);
  assert.equal(matchesNoProxy(url('https://anything.org/v1'), '*'), true);
  assert.equal(resolveProxy('https://gw.example.com/v1', 'http://corp:3128', { NO_PROXY: 'example.com' }), undefined);
});

test('a proxy password never appears in logs', () => {
  assert.equal(redactProxy('http://user:s3cret@corp:3128'), 'http://user:***@corp:3128/');
  assert.equal(redactProxy('not a url'), '(invalid proxy URL)');
});
