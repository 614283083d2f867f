import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { withEmulator } from './kit';

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'lookup_order',
      description: 'Find an order',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    },
  },
];

test('the openai client lists models and completes', () =>
  withEmulator({}, async (emu) => {
    const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    assert.ok(ids.includes('gpt-4o-mini'));
    assert.ok(ids.includes('kokoro'));
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi there' }] });
    assert.equal(completion.choices[0]?.message.content, 'echo: hi there');
    assert.equal(completion.usage?.total_tokens, 5);
  }));

test('the openai client streams and collects the text and the usage', () =>
  withEmulator({}, async (emu) => {
    const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama-3.1-70b-instruct',
      messages: [{ role: 'user', content: 'markdown please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    let usageTokens = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usageTokens = chunk.usage?.completion_tokens ?? usageTokens;
    }
    assert.match(text, /^# Markdown sample/);
    assert.equal(finish, 'stop');
    assert.ok(usageTokens > 50);
  }));

test('the openai client runs a tool-call round trip', () =>
  withEmulator({}, async (emu) => {
    const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey, maxRetries: 0 });
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'please lookup_order {"order_id":"A-17"}' }];
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools: TOOLS });
    const message = first.choices[0]?.message;
    assert.equal(first.choices[0]?.finish_reason, 'tool_calls');
    const call = message?.tool_calls?.[0];
    assert.ok(call && call.type === 'function');
    assert.deepEqual(JSON.parse(call.function.arguments), { order_id: 'A-17' });
    messages.push({ role: 'assistant', content: null, tool_calls: message?.tool_calls });
    messages.push({ role: 'tool', tool_call_id: call.id, content: '{"status":"shipped"}' });
    const second = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools: TOOLS });
    assert.equal(second.choices[0]?.message.content, 'Tool results: lookup_order={"status":"shipped"}');
  }));

test('the openai client streams tool calls and sees errors with status and code', () =>
  withEmulator({}, async (emu) => {
    const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey, maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'lookup_order {"order_id":"B-2"}' }],
      tools: TOOLS,
    });
    const final = await stream.finalChatCompletion();
    const call = final.choices[0]?.message.tool_calls?.[0];
    assert.ok(call && call.type === 'function');
    assert.equal(call.function.name, 'lookup_order');
    assert.deepEqual(JSON.parse(call.function.arguments), { order_id: 'B-2' });

    await assert.rejects(
      client.chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] }),
      (error: unknown) => error instanceof OpenAI.APIError && error.status === 404 && error.code === 'model_not_found',
    );
    const bad = new OpenAI({ baseURL: emu.url, apiKey: 'wrong-key', maxRetries: 0 });
    await assert.rejects(bad.models.list(), (error: unknown) => error instanceof OpenAI.AuthenticationError);
  }));

test('the openai client retries a 503 burst and then succeeds', () =>
  withEmulator({ faults: { statusBurst: { status: 503, count: 1, retryAfter: '0' } } }, async (emu) => {
    const client = new OpenAI({ baseURL: emu.url, apiKey: emu.apiKey, maxRetries: 2 });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'again' }] });
    assert.equal(completion.choices[0]?.message.content, 'echo: again');
    assert.deepEqual(
      emu.requests.map((r) => r.status),
      [503, 200],
    );
  }));
