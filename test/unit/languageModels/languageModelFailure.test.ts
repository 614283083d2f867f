import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageModelFailure } from '../../../src/chat/languageModelFailure';
import { GatewayError } from '../../../src/gateway/errors';

const httpError = (status: number, code?: string, requestId?: string) =>
  new GatewayError({ kind: 'http', status, code, requestId, message: `server says ${status}` });

test('failures: 401/403 and a missing key are NoPermissions, unknown models NotFound, a spent quota Blocked, others plain', () => {
  assert.equal(languageModelFailure(httpError(401, 'invalid_api_key')).code, 'NoPermissions');
  assert.equal(languageModelFailure(httpError(403)).code, 'NoPermissions');
  assert.equal(languageModelFailure(new GatewayError({ kind: 'validation', code: 'missing_credential', message: 'no key' })).code, 'NoPermissions');
  assert.equal(languageModelFailure(httpError(404, 'model_not_found')).code, 'NotFound');
  assert.equal(languageModelFailure(httpError(429, 'insufficient_quota')).code, 'Blocked');
  assert.equal(languageModelFailure(httpError(500)).code, undefined);
  assert.deepEqual(languageModelFailure(new Error('boom')), { message: 'boom' });
});

test("failure messages: the server's message, the advice and the request id; a stream's request id when the error has none", () => {
  const { message } = languageModelFailure(httpError(401, 'invalid_api_key', 'req-1'), 'req-other');
  assert.match(message, /^server says 401 Set a valid API key.*\(request id req-1\)$/);
  const cut = languageModelFailure(new GatewayError({ kind: 'stream', message: 'The stream ended early.' }), 'req-2');
  assert.equal(cut.message, 'The stream ended early. The answer was cut off; retry. (request id req-2)');
});
