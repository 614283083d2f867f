/**
 * Each dialect's stream through the client path the extension uses:
 * GatewayClient → chat.stream → readChatChunkBatches (SSE decoder) →
 * ChatStreamAssembler.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import type { ChatRequest, ToolDefinition } from '../../../src/gateway/types/chat';
import { AssembledMessage, collectChat } from '../../../src/chat/streamAssembler';
import type { DialectName, Emulator } from '../../emulator/index';
import { clientFixture } from '../client/harness';
import { THINK_PROMPT, TIME, TOOL_PROMPT, WEATHER } from './dialect-kit';

const REFUSAL = "I'm sorry, but I can't assist with that request.";
const REASONING = /^The user wrote "please think about it"\. I should read it carefully/;

async function withClient(dialect: DialectName, run: (client: GatewayClient, emu: Emulator) => Promise<void>): Promise<void> {
  const fixture = await clientFixture({ dialect });
  try {
    await run(fixture.client, fixture.emu);
  } finally {
    await fixture.close();
  }
}

function ask(text: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }], ...extra };
}

const TOOLS = [WEATHER, TIME] as ToolDefinition[];

async function streamed(client: GatewayClient, req: ChatRequest, includeUsage = false): Promise<AssembledMessage> {
  const stream = await client.chat.stream(req, { includeUsage });
  return collectChat(stream.chunks);
}

/** The reasoning the assembled message exposes, under whatever name the fixed client chooses. */
function reasoningOf(message: AssembledMessage): unknown {
  const m = message as unknown as Record<string, unknown>;
  return m.reasoning ?? m.reasoningContent ?? m.reasoning_content;
}

function refusalOf(message: AssembledMessage): unknown {
  return (message as unknown as Record<string, unknown>).refusal;
}

function assertTwoCalls(message: AssembledMessage): void {
  assert.deepEqual(
    message.toolCalls.map((c) => c.function.name),
    ['get_weather', 'get_time'],
  );
  assert.deepEqual(JSON.parse(message.toolCalls[0]!.function.arguments), { city: 'Rome' });
  assert.deepEqual(JSON.parse(message.toolCalls[1]!.function.arguments), {});
  assert.notEqual(message.toolCalls[0]!.id, message.toolCalls[1]!.id);
  assert.equal(message.finishReason, 'tool_calls');
}

// What the current client handles: text, parallel tool calls, usage, mid-stream errors.
const HANDLED: DialectName[] = ['openai', 'azure', 'vllm', 'ollama', 'groq', 'openrouter', 'deepseek', 'mistral', 'together', 'fireworks'];

for (const dialect of HANDLED) {
  test(`${dialect}: the client assembles the answer text and both parallel tool calls`, () =>
    withClient(dialect, async (client) => {
      const text = await streamed(client, ask('hello there'));
      assert.equal(text.content, 'echo: hello there');
      assertTwoCalls(await streamed(client, ask(TOOL_PROMPT, { tools: TOOLS })));
    }));
}

for (const dialect of ['openai', 'azure', 'vllm', 'openrouter', 'deepseek', 'groq', 'together', 'gemini', 'mistral', 'fireworks'] as DialectName[]) {
  test(`${dialect}: a mid-stream error object fails the stream with the server's message`, () =>
    withClient(dialect, async (client) => {
      await assert.rejects(streamed(client, ask('an overflow of words that goes on and on until cut')), (error: unknown) => {
        assert.ok(error instanceof GatewayError);
        assert.equal(error.kind, 'http');
        assert.ok(error.message.length > 5);
        return true;
      });
    }));
}

test('ollama: a failure after the first bytes (empty chunk, no [DONE]) is reported as a cut stream', () =>
  withClient('ollama', async (client) => {
    await assert.rejects(streamed(client, ask('an overflow of words that goes on and on until cut')), (error: unknown) => {
      assert.ok(error instanceof GatewayError);
      assert.equal(error.kind, 'stream');
      return true;
    });
  }));

test('usage with include_usage: the final choices-less chunk is read (openai, vllm, deepseek, ollama, fireworks)', async () => {
  for (const dialect of ['openai', 'vllm', 'deepseek', 'ollama', 'fireworks'] as DialectName[]) {
    await withClient(dialect, async (client) => {
      const message = await streamed(client, ask('hello there'), true);
      assert.equal(message.usage?.completion_tokens, 3, dialect);
    });
  }
});

test('usage sent unasked on the finish chunk or a final chunk is read (mistral, together, openrouter, gemini)', async () => {
  for (const dialect of ['mistral', 'together', 'openrouter', 'gemini'] as DialectName[]) {
    await withClient(dialect, async (client) => {
      const message = await streamed(client, ask('hello there'));
      assert.equal(message.usage?.completion_tokens, 3, dialect);
    });
  }
});

// ---- Reasoning and refusals in each dialect's shape ----

for (const dialect of ['vllm', 'ollama', 'groq', 'openrouter', 'deepseek', 'llamacpp', 'fireworks'] as DialectName[]) {
  test(`${dialect}: the reasoning delta field is kept apart from the answer`, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask(THINK_PROMPT));
      assert.equal(message.content, 'echo: please think about it');
      assert.match(String(reasoningOf(message)), REASONING);
    }));
}

for (const dialect of ['gemini', 'together'] as DialectName[]) {
  test(`${dialect}: reasoning inlined in <thought>/<think> tags is split from the answer text`, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask(THINK_PROMPT));
      assert.equal(message.content, 'echo: please think about it');
      assert.match(String(reasoningOf(message)), REASONING);
    }));
}

test('mistral: magistral thinking chunks (delta.content as a list) become reasoning, not dropped', () =>
  withClient('mistral', async (client) => {
    const message = await streamed(client, ask('hello there', { model: 'magistral-medium-latest' }));
    assert.equal(message.content, 'echo: hello there');
    assert.match(String(reasoningOf(message)), /^The user wrote "hello there"/);
  }));

for (const dialect of ['openai', 'azure', 'openrouter'] as DialectName[]) {
  test(`${dialect}: a Structured Outputs refusal (delta.refusal) reaches the message`, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask('please refuse this'));
      assert.equal(refusalOf(message) ?? message.content, REFUSAL);
    }));
}

test('llamacpp: a stream ending "data: [DONE]\\n" without the blank line is complete', () =>
  withClient('llamacpp', async (client) => {
    const message = await streamed(client, ask('hello there'));
    assert.equal(message.content, 'echo: hello there');
    assert.equal(message.usage?.completion_tokens, 3);
    assertTwoCalls(await streamed(client, ask(TOOL_PROMPT, { tools: TOOLS })));
  }));

test('llamacpp: the legacy `error:` SSE field fails the stream with the context-size message', () =>
  withClient('llamacpp', async (client) => {
    await assert.rejects(streamed(client, ask('an overflow of words that goes on and on until cut')), (error: unknown) => {
      assert.ok(error instanceof GatewayError);
      assert.match(error.message, /Context size has been exceeded/);
      return true;
    });
  }));

test('gemini: tool calls without index are told apart by id', () =>
  withClient('gemini', async (client) => {
    const message = await streamed(client, ask(TOOL_PROMPT, { tools: TOOLS }));
    assert.deepEqual(
      message.toolCalls.map((c) => c.function.name),
      ['get_weather', 'get_time'],
    );
    assert.deepEqual(JSON.parse(message.toolCalls[0]!.function.arguments), { city: 'Rome' });
  }));

// The chat runs the calls an answer carries whatever its finish reason (src/chat/chatSession.ts).
test('gemini: a streamed tool-call answer finishing with "stop" keeps its call, and the reason as sent', () =>
  withClient('gemini', async (client) => {
    const message = await streamed(client, ask('call get_weather {"city":"Rome"}', { tools: TOOLS }));
    assert.equal(message.toolCalls.length, 1);
    assert.equal(message.finishReason, 'stop');
  }));

test('together: finish_reason "eos" is kept as the server sent it (shown as it is)', () =>
  withClient('together', async (client) => {
    assert.equal((await streamed(client, ask('hello there'))).finishReason, 'eos');
  }));

test('groq: x_groq.usage is read when stream_options was not sent', () =>
  withClient('groq', async (client) => {
    assert.equal((await streamed(client, ask('hello there'))).usage?.completion_tokens, 3);
  }));

test('mistral: a server refusing stream_options (422) still streams when usage is asked for', () =>
  withClient('mistral', async (client) => {
    const message = await streamed(client, ask('hello there'), true);
    assert.equal(message.content, 'echo: hello there');
  }));

test("mistral: a 422 the client cannot adapt to shows the server's detail message", () =>
  withClient('mistral', async (client) => {
    await assert.rejects(streamed(client, ask('hello there', { max_completion_tokens: 50 } as Partial<ChatRequest>)), (error: unknown) => {
      assert.ok(error instanceof GatewayError);
      assert.match(error.message, /Extra inputs are not permitted/);
      return true;
    });
  }));

test('openai: o-series and gpt-5 get max_completion_tokens instead of max_tokens', () =>
  withClient('openai', async (client) => {
    const message = await streamed(client, ask('hello there', { model: 'o3-mini', max_tokens: 50 }));
    assert.equal(message.content, 'echo: hello there');
  }));
