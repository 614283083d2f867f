import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../../src/gateway/client';
import { startRecordingServer } from '../../support/recordingServer';

const COMPLETION = {
  id: 'c',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
};

test('a header for one request goes with that request over HTTP, streamed or not, and is checked as the configured ones are', async () => {
  const server = await startRecordingServer((request, response) => {
    if (request.headers.accept === 'text/event-stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        `data: ${JSON.stringify({ ...COMPLETION, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
      );
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(COMPLETION));
    }
  });
  try {
    const client = new GatewayClient({ baseUrl: `${server.origin}/v1`, userAgent: 't', getCredential: async () => 'key', retry: { maxAttempts: 1 } });
    const req = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    await client.chat.create(req, undefined, { 'X-Session-Id': 'conv-1' });
    const stream = await client.chat.stream(req, { headers: { 'X-Session-Id': 'conv-2' } });
    for await (const batch of stream.batches) void batch;
    await client.chat.create(req);
    assert.deepEqual(
      server.seen.map((r) => r.headers['x-session-id']),
      ['conv-1', 'conv-2', undefined],
    );
    assert.equal(server.seen[0]!.headers.authorization, 'Bearer key', 'the key is not replaced');
    await assert.rejects(client.chat.create(req, undefined, { Authorization: 'conv-3' }), /Authorization/);
    await assert.rejects(client.chat.create(req, undefined, { 'Bad Name': 'x' }), /Bad Name/);
    assert.equal(server.seen.length, 3, 'a refused header sends nothing');
  } finally {
    await server.close();
  }
});
