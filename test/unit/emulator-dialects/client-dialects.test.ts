/**
 * Each dialect's stream through the client path the extension uses:
 * GatewayClient → chat.stream → readChatChunkBatches (SSE decoder) →
 * ChatStreamAssembler. Plain tests pin what the client already handles.
 * Tests marked `todo` hold the assertions the client fails today (the client
 * is not changed here): they run, their failures do not fail the suite, and
 * the agent fixing the client turns them into plain tests by removing `todo`.
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
  assert.deepEqual(message.toolCalls.map((c) => c.function.name), ['get_weather', 'get_time']);
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

// ---- What the current client gets wrong (todo) ----

for (const dialect of ['vllm', 'ollama', 'groq', 'openrouter', 'deepseek', 'llamacpp', 'fireworks'] as DialectName[]) {
  test(`[client todo] ${dialect}: the reasoning delta field is kept apart from the answer`, { todo: 'the assembler drops delta.reasoning / delta.reasoning_content' }, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask(THINK_PROMPT));
      assert.equal(message.content, 'echo: please think about it');
      assert.match(String(reasoningOf(message)), REASONING);
    }));
}

for (const dialect of ['gemini', 'together'] as DialectName[]) {
  test(`[client todo] ${dialect}: reasoning inlined in <thought>/<think> tags is split from the answer text`, { todo: 'the tags stay in the content' }, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask(THINK_PROMPT));
      assert.equal(message.content, 'echo: please think about it');
      assert.match(String(reasoningOf(message)), REASONING);
    }));
}

test('[client todo] mistral: magistral thinking chunks (delta.content as a list) become reasoning, not dropped', { todo: 'non-string delta.content is ignored' }, () =>
  withClient('mistral', async (client) => {
    const message = await streamed(client, ask('hello there', { model: 'magistral-medium-latest' }));
    assert.equal(message.content, 'echo: hello there');
    assert.match(String(reasoningOf(message)), /^The user wrote "hello there"/);
  }));

for (const dialect of ['openai', 'azure', 'openrouter'] as DialectName[]) {
  test(`[client todo] ${dialect}: a Structured Outputs refusal (delta.refusal) reaches the message`, { todo: 'delta.refusal is dropped: the answer looks empty' }, () =>
    withClient(dialect, async (client) => {
      const message = await streamed(client, ask('please refuse this'));
      assert.equal(refusalOf(message) ?? message.content, REFUSAL);
    }));
}

test('[client todo] llamacpp: a stream ending "data: [DONE]\\n" without the blank line is complete', { todo: 'the SSE decoder discards the unterminated [DONE] event and reports a cut stream' }, () =>
  withClient('llamacpp', async (client) => {
    const message = await streamed(client, ask('hello there'));
    assert.equal(message.content, 'echo: hello there');
    assert.equal(message.usage?.completion_tokens, 3);
    assertTwoCalls(await streamed(client, ask(TOOL_PROMPT, { tools: TOOLS })));
  }));

test('[client todo] llamacpp: the legacy `error:` SSE field fails the stream with the context-size message', { todo: 'the error: field is skipped; only the [DONE] framing makes the stream fail' }, () =>
  withClient('llamacpp', async (client) => {
    await assert.rejects(streamed(client, ask('an overflow of words that goes on and on until cut')), (error: unknown) => {
      assert.ok(error instanceof GatewayError);
      assert.match(error.message, /Context size has been exceeded/);
      return true;
    });
  }));

test('[client todo] gemini: tool calls without index are told apart by id', { todo: 'calls without index are merged by their position in the delta (arguments concatenated, second call lost)' }, () =>
  withClient('gemini', async (client) => {
    const message = await streamed(client, ask(TOOL_PROMPT, { tools: TOOLS }));
    assert.deepEqual(message.toolCalls.map((c) => c.function.name), ['get_weather', 'get_time']);
    assert.deepEqual(JSON.parse(message.toolCalls[0]!.function.arguments), { city: 'Rome' });
  }));

test('[client todo] gemini: a streamed tool-call answer finishing with "stop" is treated as tool_calls', { todo: 'finishReason stays "stop", so a tool loop would not run the calls' }, () =>
  withClient('gemini', async (client) => {
    const message = await streamed(client, ask('call get_weather {"city":"Rome"}', { tools: TOOLS }));
    assert.equal(message.toolCalls.length, 1);
    assert.equal(message.finishReason, 'tool_calls');
  }));

test('[client todo] together: finish_reason "eos" is normalized to "stop"', { todo: 'the raw "eos" is passed on as a FinishReason' }, () =>
  withClient('together', async (client) => {
    assert.equal((await streamed(client, ask('hello there'))).finishReason, 'stop');
  }));

test('[client todo] groq: x_groq.usage is read when stream_options was not sent', { todo: 'usage only comes from the top-level field' }, () =>
  withClient('groq', async (client) => {
    assert.equal((await streamed(client, ask('hello there'))).usage?.completion_tokens, 3);
  }));

test('[client todo] mistral: a server refusing stream_options (422) still streams when usage is asked for', { todo: 'includeUsage sends stream_options and the 422 fails the request' }, () =>
  withClient('mistral', async (client) => {
    const message = await streamed(client, ask('hello there'), true);
    assert.equal(message.content, 'echo: hello there');
  }));

test("[client todo] mistral: the 422 detail message reaches the error", { todo: 'a message object ({detail:[...]}) is not read: the error says only "HTTP 422"' }, () =>
  withClient('mistral', async (client) => {
    await assert.rejects(streamed(client, ask('hello there'), true), (error: unknown) => {
      assert.ok(error instanceof GatewayError);
      assert.match(error.message, /Extra inputs are not permitted/);
      return true;
    });
  }));

test('[client todo] openai: o-series and gpt-5 get max_completion_tokens instead of max_tokens', { todo: 'max_tokens is sent as given; the server answers 400 unsupported_parameter' }, () =>
  withClient('openai', async (client) => {
    const message = await streamed(client, ask('hello there', { model: 'o3-mini', max_tokens: 50 }));
    assert.equal(message.content, 'echo: hello there');
  }));
