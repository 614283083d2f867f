import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyOriginDecision, originOf } from '../../../src/connection/keyOrigins';
import { isLoopbackHost } from '../../../src/connection/loopback';

const GATEWAY = 'https://gateway.example.com';
const ATTACKER = 'https://attacker.example';
const stored = (origins: string[]) => ({ source: 'secretStorage' as const, origins });
const environment = (origins: string[] = []) => ({ source: 'environment' as const, origins });

test('a stored key goes without asking only to the origins approved for it', () => {
  assert.equal(keyOriginDecision(stored([GATEWAY]), GATEWAY, 'user'), 'send');
  assert.equal(keyOriginDecision(stored([GATEWAY]), GATEWAY, 'workspace'), 'send');
  assert.equal(keyOriginDecision(stored([GATEWAY, ATTACKER]), ATTACKER, 'workspace'), 'send');
});

test('an address a workspace set needs the user, for every kind of key (the repository of issue 16.1)', () => {
  assert.equal(keyOriginDecision(stored([GATEWAY]), ATTACKER, 'workspace'), 'ask');
  assert.equal(keyOriginDecision(stored([]), ATTACKER, 'workspace'), 'ask');
  assert.equal(keyOriginDecision(environment(), ATTACKER, 'workspace'), 'ask');
});

test('a user-settings address that is not the one the key was set for needs the user too', () => {
  assert.equal(keyOriginDecision(stored([GATEWAY]), ATTACKER, 'user'), 'ask');
});

test("a key with no origin yet (stored before keys were bound, or set before any address) is bound to the user's own address", () => {
  assert.equal(keyOriginDecision(stored([]), GATEWAY, 'user'), 'bind');
  assert.equal(keyOriginDecision(stored([]), GATEWAY, 'default'), 'bind');
});

test("the environment variable's key goes to the user's own address: both are the user's", () => {
  assert.equal(keyOriginDecision(environment(), GATEWAY, 'user'), 'send');
});

test('origins: scheme, host and port; nothing for what is not an http(s) address', () => {
  assert.equal(originOf('https://Gateway.Example.com:443/v1'), GATEWAY);
  assert.equal(originOf('http://127.0.0.1:8787/v1'), 'http://127.0.0.1:8787');
  assert.equal(originOf('file:///etc/passwd'), undefined);
  assert.equal(originOf('not a url'), undefined);
});

test('loopback: localhost and loopback addresses; a *.localhost name only when it resolves to loopback alone', async () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address }));
  const fails = async () => {
    throw new Error('ENOTFOUND');
  };
  assert.equal(await isLoopbackHost('localhost', fails), true);
  assert.equal(await isLoopbackHost('127.0.0.5', fails), true);
  assert.equal(await isLoopbackHost('[::1]', fails), true);
  assert.equal(await isLoopbackHost('gw.localhost', resolvesTo('127.0.0.1', '::1')), true);
  assert.equal(await isLoopbackHost('gw.localhost', resolvesTo('203.0.113.7')), false);
  assert.equal(await isLoopbackHost('gw.localhost', resolvesTo('127.0.0.1', '203.0.113.7')), false);
  assert.equal(await isLoopbackHost('gw.localhost', fails), false);
  assert.equal(await isLoopbackHost('localhost.attacker.example', resolvesTo('127.0.0.1')), false);
});
