/**
 * Gateways and proxies that echo the request's credential or a secret header
 * back in an error (a 401 body, a stream's error event): the error a user is
 * shown, that the chat posts to its webview and saves, does not carry them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeError } from '../../../src/chat/chatSession';
import { GatewayClient } from '../../../src/gateway/client';
import { isGatewayError } from '../../../src/gateway/errors';
import { redactSecrets } from '../../../src/gateway/secretRedaction';
import { startRecordingServer, type SeenRequest } from '../../support/recordingServer';
import type * as http from 'node:http';

const KEY = 'sk-live-0123456789abcdefSECRET';
const SECRET_HEADER = 'cf-secret-9876543210';

async function errorFrom(answer: (request: SeenRequest, response: http.ServerResponse) => void, call: (client: GatewayClient) => Promise<unknown>) {
  const gateway = await startRecordingServer(answer);
  const client = new GatewayClient({
    baseUrl: `${gateway.origin}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => KEY,
    getSecretHeaders: async () => ({ 'CF-Access-Client-Secret': SECRET_HEADER }),
    retry: { maxAttempts: 1 },
  });
  try {
    const error = await call(client).then(
      () => assert.fail('no error'),
      (e: unknown) => e,
    );
    assert.ok(isGatewayError(error), String(error));
    return error;
  } finally {
    await client.close();
    await gateway.close();
  }
}

function assertNoSecret(text: string, where: string): void {
  assert.ok(!text.includes(KEY) && !text.includes(SECRET_HEADER), `${where} reads: ${text}`);
}

test('a 401 body echoing the Authorization header and a secret header: neither is in the error shown', async () => {
  const error = await errorFrom(
    (request, response) => {
      response.writeHead(401, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      response.end(
        JSON.stringify({
          error: {
            message: `Invalid credentials: ${request.headers.authorization} (secret ${request.headers['cf-access-client-secret']}, key ${KEY})`,
            code: `bad_key_${KEY}`,
            param: KEY,
          },
        }),
      );
    },
    (client) => client.models.list(),
  );
  assert.equal(error.status, 401);
  assert.equal(error.requestId, 'req-1');
  assert.match(error.message, /^Invalid credentials: Bearer \*\*\* \(secret \*\*\*, key \*\*\*\)$/);
  for (const [where, text] of Object.entries({ message: error.message, code: error.code ?? '', param: error.param ?? '', userMessage: error.userMessage })) {
    assertNoSecret(text, where);
  }
  assertNoSecret(describeError(error, undefined).message, "the chat turn's error");
});

test('an error event in a chat stream echoing the key: the error that ends the stream does not carry it', async () => {
  const error = await errorFrom(
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n');
      response.end(`data: {"error":{"message":"upstream refused key ${KEY}","code":401}}\n\n`);
    },
    async (client) => {
      const stream = await client.chat.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
      for await (const batch of stream.batches) void batch;
    },
  );
  assert.match(error.message, /upstream refused key \*\*\*/);
  assertNoSecret(error.userMessage, 'the stream error');
});

test('redaction: Bearer values and the given secrets; values too short to be secrets are left alone', () => {
  assert.equal(redactSecrets('Authorization: Bearer abc.def-ghi, then abc', ['abcd', 'xyz']), 'Authorization: Bearer ***, then abc');
  assert.equal(redactSecrets('token tok1234 twice tok1234', ['tok1234', '']), 'token *** twice ***');
});
