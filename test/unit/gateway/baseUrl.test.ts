// One reading of the gateway address for the Set Gateway URL command, settings.json, the key's origin and the client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrlProblem, gatewayAddressOf, parseBaseUrl } from '../../../src/gateway/baseUrl';
import { GatewayClient } from '../../../src/gateway/client';
import { isGatewayError } from '../../../src/gateway/errors';
import { originOf } from '../../../src/connection/keyOrigins';

const clientFor = (baseUrl: string) => new GatewayClient({ baseUrl, userAgent: 'test', getCredential: async () => 'sk-test', env: {} });

test('a gateway address: http(s), its path ending in /v1, trimmed and without a trailing slash', () => {
  assert.deepEqual(parseBaseUrl(' https://gw.example.com/v1/ '), { url: 'https://gw.example.com/v1', origin: 'https://gw.example.com', basePath: '/v1' });
  assert.deepEqual(parseBaseUrl('http://127.0.0.1:8787/api/v1'), { url: 'http://127.0.0.1:8787/api/v1', origin: 'http://127.0.0.1:8787', basePath: '/api/v1' });
  assert.equal(baseUrlProblem('https://gw.example.com/v1'), undefined);
});

test('what is not a gateway address is refused with the same words by the command, the client and the key origin', () => {
  const cases: Array<[string, RegExp]> = [
    ['gw.example.com/v1', /Not a valid URL/],
    ['ftp://gw.example.com/v1', /Use an http:\/\/ or https:\/\/ address/],
    ['https://gw.example.com', /ends in \/v1/],
    ['https://gw.example.com/v2', /ends in \/v1/],
    ['https://gw.example.com/v1?key=sk-secret', /no query/],
    ['https://gw.example.com/v1#x', /no query/],
    ['https://alice:hunter2@gw.example.com/v1', /Do not put credentials in the address/],
    ['https://alice@gw.example.com/v1', /Do not put credentials in the address/],
  ];
  for (const [address, problem] of cases) {
    assert.match(baseUrlProblem(address) ?? '', problem, address);
    assert.equal(gatewayAddressOf(address), undefined, address);
    assert.equal(originOf(address), undefined, `${address}: no origin a key could be bound to`);
    assert.throws(
      () => clientFor(address),
      (error: unknown) =>
        isGatewayError(error) && error.param === 'genaiGateway.baseUrl' && problem.test(error.message) && /Set Gateway URL/.test(error.message),
      `${address}: the client refuses it before any request`,
    );
  }
});

test('a password written into the address is never shown: the error masks it', () => {
  try {
    clientFor('https://alice:hunter2@gw.example.com/v1');
    assert.fail('refused');
  } catch (error) {
    assert.ok(isGatewayError(error));
    assert.doesNotMatch(`${error.message} ${error.userMessage} ${JSON.stringify(error.value)}`, /hunter2|alice/);
    assert.match(error.message, /https:\/\/\*\*\*@gw\.example\.com\/v1/);
  }
});
