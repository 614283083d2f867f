/**
 * Fields some models refuse, over real HTTP: a local server answers as
 * OpenAI and FastAPI-based proxies document their refusals (400 "Unknown
 * parameter: 'stream_options'", 400 "Use 'max_completion_tokens' instead",
 * 422 "Extra inputs are not permitted").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { GatewayClient } from '../../../src/gateway/client';
import { isGatewayError } from '../../../src/gateway/errors';
import type { ChatChunk, ChatRequest } from '../../../src/gateway/types/chat';
import { startRecordingServer, type RecordingServer, type SeenRequest } from '../../support/recordingServer';

/** Models that refuse stream_options (with a 400, or FastAPI's 422), max_tokens, or both. */
const REFUSES = {
  'llama-proxy': { streamOptions: 400, maxTokens: false },
  'fastapi-proxy': { streamOptions: 422, maxTokens: false },
  o3: { streamOptions: 0, maxTokens: true },
  'o3-via-proxy': { streamOptions: 400, maxTokens: true },
} as Record<string, { streamOptions: number; maxTokens: boolean } | undefined>;

function answer(request: SeenRequest, response: ServerResponse): void {
  const body = JSON.parse(request.body) as Record<string, unknown>;
  const refuses = REFUSES[String(body.model)];
  if (refuses?.streamOptions && body.stream_options !== undefined) {
    const error =
      refuses.streamOptions === 400
        ? { error: { message: "Unknown parameter: 'stream_options'.", type: 'invalid_request_error', param: 'stream_options', code: 'unknown_parameter' } }
        : { detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options'], msg: 'Extra inputs are not permitted', input: body.stream_options }] };
    return void response.writeHead(refuses.streamOptions, { 'content-type': 'application/json' }).end(JSON.stringify(error));
  }
  if (refuses?.maxTokens && body.max_tokens !== undefined) {
    const message = "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    return void response
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' } }));
  }
  if (body.user === 'banned') {
    const error = { error: { message: 'This user is not allowed, whatever max_completion_tokens says', type: 'invalid_request_error', param: 'user' } };
    return void response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(error));
  }
  if (!body.stream) {
    const completion = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' }],
    };
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.end(
    `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"${String(body.model)}","choices":[{"index":0,"delta":{"content":"streamed"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`,
  );
}

async function withGateway(run: (client: GatewayClient, server: RecordingServer) => Promise<void>): Promise<void> {
  const server = await startRecordingServer(answer);
  const client = new GatewayClient({
    baseUrl: `${server.origin}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 1 },
  });
  try {
    await run(client, server);
  } finally {
    await client.close();
    await server.close();
  }
}

const ask = (model: string, fields: Partial<ChatRequest> = {}): ChatRequest => ({ model, messages: [{ role: 'user', content: 'hi' }], ...fields });

async function streamedText(client: GatewayClient, request: ChatRequest): Promise<string> {
  const stream = await client.chat.stream(request, { includeUsage: true });
  const chunks: ChatChunk[] = [];
  for await (const chunk of stream.chunks) chunks.push(chunk);
  return chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
}

/** The bodies the server received since `from`. */
const bodies = (server: RecordingServer, from = 0): Array<Record<string, unknown>> =>
  server.seen.slice(from).map((r) => JSON.parse(r.body) as Record<string, unknown>);

test('a 400 naming stream_options: sent once more without it, and not again to that model on this gateway', () =>
  withGateway(async (client, server) => {
    assert.equal(await streamedText(client, ask('llama-proxy')), 'streamed');
    assert.deepEqual(
      bodies(server).map((b) => b.stream_options),
      [{ include_usage: true }, undefined],
    );
    assert.equal(await streamedText(client, ask('llama-proxy')), 'streamed');
    assert.equal(server.seen.length, 3, 'remembered: one request');
    assert.equal(bodies(server, 2)[0]?.stream_options, undefined);
    assert.equal(await streamedText(client, ask('gpt-4o')), 'streamed');
    assert.deepEqual(bodies(server, 3)[0]?.stream_options, { include_usage: true }, 'other models still get it');
  }));

test("FastAPI's 422 for stream_options (extra inputs not permitted) is answered the same way", () =>
  withGateway(async (client, server) => {
    assert.equal(await streamedText(client, ask('fastapi-proxy')), 'streamed');
    assert.deepEqual(
      bodies(server).map((b) => 'stream_options' in b),
      [true, false],
    );
  }));

test('a 400 asking for max_completion_tokens: sent once more with it instead of max_tokens, remembered for that model, streamed or not', () =>
  withGateway(async (client, server) => {
    assert.equal(await streamedText(client, ask('o3', { max_tokens: 50 })), 'streamed');
    assert.deepEqual(
      bodies(server).map((b) => [b.max_tokens, b.max_completion_tokens]),
      [
        [50, undefined],
        [undefined, 50],
      ],
    );
    const completion = await client.chat.create(ask('o3', { max_tokens: 70 }));
    assert.equal(completion.choices[0]?.message.content, 'whole');
    assert.deepEqual(
      bodies(server, 2).map((b) => [b.max_tokens, b.max_completion_tokens]),
      [[undefined, 70]],
    );
  }));

test('a model refusing both fields costs two refusals, one per field', () =>
  withGateway(async (client, server) => {
    assert.equal(await streamedText(client, ask('o3-via-proxy', { max_tokens: 5 })), 'streamed');
    assert.deepEqual(
      bodies(server).map((b) => [b.stream_options !== undefined, b.max_tokens, b.max_completion_tokens]),
      [
        [true, 5, undefined],
        [false, 5, undefined],
        [false, undefined, 5],
      ],
    );
  }));

test('other 400s are thrown at once, and so is a refusal naming a field the request did not carry', () =>
  withGateway(async (client, server) => {
    const refused = (e: unknown) => isGatewayError(e) && e.status === 400;
    await assert.rejects(streamedText(client, ask('gpt-4o', { user: 'banned' })), refused);
    assert.equal(server.seen.length, 1);
    await assert.rejects(client.chat.create(ask('o3-via-proxy', { user: 'banned' })), refused);
    assert.equal(server.seen.length, 2);
  }));
