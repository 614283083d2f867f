/**
 * Streams as real servers send them, written out as raw SSE after their
 * documentation and observed output, read through the real decoder, chunk
 * reader and answer reader with the body cut at every byte boundary.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAnswerInto } from '../../../src/chat/answerReader';
import { ChatSession, type ChatBackend } from '../../../src/chat/chatSession';
import { newConversation, type AnswerPart, type AssistantTurn, type Conversation } from '../../../src/chat/conversation';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';
import { buildChatRequest } from '../../../src/chat/requestBuilder';
import { readChatChunkBatches } from '../../../src/gateway/chatChunkBatches';
import { isGatewayError } from '../../../src/gateway/errors';
import { bodyOf, everySplit } from '../../support/splitWrites';
import { answers, toolRuntime } from './toolTestHelpers';

interface Outcome {
  turn: AssistantTurn;
  /** What the listener was told, joined per part. */
  appended: Record<AnswerPart, string>;
  reasoningEnded: number;
  error?: { kind: string; status?: number; message: string; advice?: string };
}

/** A fresh turn, and a clock that advances a second per reading. */
async function readOnce(writes: readonly Uint8Array[]): Promise<Outcome> {
  const turn: AssistantTurn = { kind: 'assistant', id: 't', model: 'm', text: '', status: 'streaming', createdAt: 0 };
  const outcome: Outcome = { turn, appended: { answer: '', reasoning: '', refusal: '' }, reasoningEnded: 0 };
  let clock = 0;
  const listener = {
    appended: (part: AnswerPart, text: string) => (outcome.appended[part] += text),
    reasoningEnded: () => outcome.reasoningEnded++,
    toolCallsGrew: () => undefined,
    usageReported: () => undefined,
  };
  try {
    await readAnswerInto(turn, readChatChunkBatches(bodyOf(writes)), listener, () => (clock += 1000));
  } catch (error) {
    assert.ok(isGatewayError(error), String(error));
    outcome.error = { kind: error.kind, status: error.status, message: error.message, advice: error.advice };
  }
  return withOwnIdsNumbered(outcome);
}

/** The calls' own ids are random: each is checked to be unique, then numbered in order, so outcomes compare. */
function withOwnIdsNumbered(outcome: Outcome): Outcome {
  const calls = outcome.turn.toolCalls ?? [];
  assert.equal(new Set(calls.map((c) => c.id)).size, calls.length, 'every call has an id of its own');
  calls.forEach((call, i) => (call.id = `own-${i}`));
  return outcome;
}

/** A conversation after one message that the transcript answers, through a ChatSession (with these tools). */
async function conversationAnswering(transcript: string, tools?: ReturnType<typeof toolRuntime>['runtime']): Promise<Conversation> {
  const backend: ChatBackend = {
    stream: async () => ({ requestId: 'req-1', batches: readChatChunkBatches(bodyOf([Buffer.from(transcript)])) }),
    create: () => assert.fail('not streamed'),
  };
  const conversation = newConversation('m', '');
  const listener = {
    structureChanged: () => undefined,
    textAppended: () => undefined,
    turnChanged: () => undefined,
    toolCallChanged: () => undefined,
    toolCallsGrew: () => undefined,
  };
  await new ChatSession(conversation, { backend: () => backend, requestOptions: () => ({}), listener, ...(tools && { tools }) }).send('read a');
  return conversation;
}

/** The one outcome of the transcript however its bytes are cut. */
async function readTranscript(transcript: string): Promise<Outcome> {
  let first: Outcome | undefined;
  for (const { name, writes } of everySplit(Buffer.from(transcript, 'utf8'))) {
    const outcome = await readOnce(writes);
    if (first) assert.deepEqual(outcome, first, name);
    else first = outcome;
  }
  return first!;
}

test('DeepSeek: reasoning_content streams before the answer, timed until the answer starts', async () => {
  const chunk = (delta: string, finish = 'null') =>
    `data: {"id":"d1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","system_fingerprint":"fp_1","choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}]}\n\n`;
  const { turn, appended, reasoningEnded, error } = await readTranscript(
    [
      chunk('{"role":"assistant","content":null,"reasoning_content":""}'),
      chunk('{"content":null,"reasoning_content":"9.11 or 9.8?"}'),
      chunk('{"content":null,"reasoning_content":" Compare tenths."}'),
      chunk('{"content":"9.8","reasoning_content":null}'),
      chunk('{"content":" is larger.","reasoning_content":null}'),
      'data: {"id":"d1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":"","reasoning_content":null},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":13,"completion_tokens":40,"total_tokens":53,"completion_tokens_details":{"reasoning_tokens":30}}}\n\n',
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.equal(error, undefined);
  assert.deepEqual(turn.reasoning, { text: '9.11 or 9.8? Compare tenths.', durationMs: 1000 });
  assert.equal(turn.text, '9.8 is larger.');
  assert.deepEqual(appended, { answer: '9.8 is larger.', reasoning: '9.11 or 9.8? Compare tenths.', refusal: '' });
  assert.equal(reasoningEnded, 1);
  assert.equal(turn.finishReason, 'stop');
  assert.equal(turn.usage?.total_tokens, 53);
});

test('vLLM: reasoning under its new name, and under both names at once, counts once', async () => {
  const chunk = (delta: string) =>
    `data: {"id":"chatcmpl-v","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":null}]}\n\n`;
  const { turn } = await readTranscript(
    [
      chunk('{"role":"assistant","content":""}'),
      chunk('{"reasoning":"Short"}'),
      chunk('{"reasoning_content":" question.","reasoning":" question."}'),
      chunk('{"content":"Yes."}'),
      'data: {"id":"chatcmpl-v","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"stop","stop_reason":null}]}\n\n',
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.deepEqual(turn.reasoning, { text: 'Short question.', durationMs: 1000 });
  assert.equal(turn.text, 'Yes.');
});

test('DeepSeek-R1 without a reasoning parser (Together, Ollama before 0.9): <think> tags split across chunks become the reasoning', async () => {
  const chunk = (content: string, finish = 'null') =>
    `data: {"id":"t1","object":"chat.completion.chunk","created":1,"model":"deepseek-ai/DeepSeek-R1","choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":${finish}}]}\n\n`;
  const { turn, appended, reasoningEnded } = await readTranscript(
    [chunk('<th'), chunk('ink>\nCompare'), chunk(' tenths.\n</'), chunk('think>\n\n9.8'), chunk(' is larger.', '"eos"'), 'data: [DONE]\n\n'].join(''),
  );
  assert.equal(turn.reasoning?.text, 'Compare tenths.');
  assert.equal(turn.text, '9.8 is larger.');
  assert.deepEqual(appended, { answer: '9.8 is larger.', reasoning: 'Compare tenths.', refusal: '' });
  assert.equal(reasoningEnded, 1);
});

test('DeepSeek-R1 whose template opens <think> in the prompt (vLLM without --reasoning-parser: vllm#12999): the text before a lone </think> becomes the reasoning', async () => {
  const chunk = (content: string, finish = 'null') =>
    `data: {"id":"v1","object":"chat.completion.chunk","created":1,"model":"deepseek-ai/DeepSeek-R1-Distill-Qwen-7B","choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":${finish}}]}\n\n`;
  const { turn, appended, reasoningEnded } = await readTranscript(
    [
      chunk('Alright, the user just said'),
      chunk(' "hello."\n</'),
      chunk('think>\n\nHello! How can I'),
      chunk(' assist you today?'),
      chunk('', '"stop"'),
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.equal(turn.reasoning?.text, 'Alright, the user just said "hello."');
  assert.ok(turn.reasoning?.durationMs !== undefined, 'timed');
  assert.equal(turn.text, 'Hello! How can I assist you today?');
  assert.equal(appended.answer, 'Alright, the user just said "hello."\n</think>\n\nHello! How can I assist you today?', 'streamed as it came, then moved');
  assert.equal(reasoningEnded, 1, 'the turn is shown again once, with its reasoning apart');
});

test('a </think> that belongs to the answer (after an opening tag, in code, within a line, after reasoning that came apart) stays in the answer', async () => {
  const stream = (delta: (text: string) => string, pieces: string[]) =>
    pieces.map((p) => `data: {"id":"a","object":"chat.completion.chunk","choices":[{"index":0,"delta":${delta(p)},"finish_reason":null}]}\n\n`).join('') +
    'data: {"id":"a","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
  const content = (text: string) => `{"content":${JSON.stringify(text)}}`;
  const writesAboutTags = await readTranscript(stream(content, ['Wrap it as ', '<think>…</think>', ' in the prompt.']));
  assert.equal(writesAboutTags.turn.text, 'Wrap it as <think>…</think> in the prompt.');
  assert.equal(writesAboutTags.turn.reasoning, undefined);
  const parsing = 'Take what follows the tag:\n\n```python\nanswer = text.split("</think>")[-1]\n```\nor on its own line:\n```\n</think>\n```\nDone.';
  const aboutParsing = await readTranscript(stream(content, [parsing.slice(0, 40), parsing.slice(40)]));
  assert.equal(aboutParsing.turn.text, parsing, 'inside code, or not at the start of its line: an answer about the tag');
  assert.equal(aboutParsing.turn.reasoning, undefined);
  const afterReasoning = await readTranscript(
    stream(
      (text) => (text.startsWith('R:') ? `{"reasoning_content":${JSON.stringify(text.slice(2))}}` : content(text)),
      ['R:thinking', 'Close it with ', '</think>', '.'],
    ),
  );
  assert.equal(afterReasoning.turn.reasoning?.text, 'thinking');
  assert.equal(afterReasoning.turn.text, 'Close it with </think>.');
});

test("Mistral's Magistral: thinking chunks in a content list are reasoning, text chunks the answer", async () => {
  const chunk = (content: string, finish = 'null') =>
    `data: {"id":"m1","object":"chat.completion.chunk","created":1,"model":"magistral-medium-latest","choices":[{"index":0,"delta":{"content":${content}},"finish_reason":${finish}}]}\n\n`;
  const { turn, appended } = await readTranscript(
    [
      chunk('[{"type":"thinking","thinking":[{"type":"text","text":"Short"}]}]'),
      chunk('[{"type":"thinking","thinking":[{"type":"text","text":" question."}]}]'),
      chunk('"Yes."'),
      chunk('[{"type":"text","text":" Sure."}]', '"stop"'),
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.equal(turn.reasoning?.text, 'Short question.');
  assert.equal(turn.text, 'Yes. Sure.');
  assert.deepEqual(appended, { answer: 'Yes. Sure.', reasoning: 'Short question.', refusal: '' });
});

test('a stream of reasoning only (cut by max_tokens while thinking) ends the reasoning with the stream', async () => {
  const { turn, reasoningEnded } = await readTranscript(
    'data: {"id":"o","choices":[{"index":0,"delta":{"reasoning":"Hmm, let me"},"finish_reason":null}]}\n\n' +
      'data: {"id":"o","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}\n\ndata: [DONE]\n\n',
  );
  assert.deepEqual(turn.reasoning, { text: 'Hmm, let me', durationMs: 1000 });
  assert.equal(turn.text, '');
  assert.equal(turn.finishReason, 'length');
  assert.equal(reasoningEnded, 1);
});

test('OpenAI structured outputs: a refusal streams in delta.refusal and is kept apart from the content', async () => {
  const chunk = (delta: string, finish = 'null') =>
    `data: {"id":"chatcmpl-r","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_2","choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}]}\n\n`;
  const { turn, appended } = await readTranscript(
    [
      chunk('{"role":"assistant","content":null,"refusal":""}'),
      chunk('{"refusal":"I\'m sorry, "}'),
      chunk('{"refusal":"I can\'t assist with that."}'),
      chunk('{}', '"stop"'),
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.equal(turn.refusal, "I'm sorry, I can't assist with that.");
  assert.equal(appended.refusal, turn.refusal);
  assert.equal(turn.text, '');
  assert.equal(turn.reasoning, undefined);
});

test('llama.cpp: its legacy error field (context too long) is an error naming the cause, not an empty answer', async () => {
  const { turn, error } = await readTranscript(
    'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"created":1,"id":"chatcmpl-l","model":"gpt-3.5-turbo","system_fingerprint":"b4000","object":"chat.completion.chunk"}\n\n' +
      'error: {"code":500,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"server_error"}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.equal(turn.text, '');
  assert.equal(error?.kind, 'http');
  assert.equal(error?.status, 500);
  assert.match(error?.message ?? '', /exceeds the available context size/);
  assert.match(error?.advice ?? '', /longer than the model's context/);
});

test('llama.cpp: "data: [DONE]" closed by a single line end still ends the answer, with finish reason and usage', async () => {
  const { turn, error } = await readTranscript(
    'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Hi"}}],"created":1,"id":"chatcmpl-l","model":"m","object":"chat.completion.chunk"}\n\n' +
      'data: {"choices":[{"finish_reason":"stop","index":0,"delta":{}}],"created":1,"id":"chatcmpl-l","model":"m","object":"chat.completion.chunk","usage":{"completion_tokens":1,"prompt_tokens":4,"total_tokens":5}}\n\n' +
      'data: [DONE]\n',
  );
  assert.equal(error, undefined);
  assert.equal(turn.text, 'Hi');
  assert.equal(turn.finishReason, 'stop');
  assert.deepEqual(turn.usage, { completion_tokens: 1, prompt_tokens: 4, total_tokens: 5 });
});

test('an answer cut in the middle of its last line is still interrupted', async () => {
  const { turn, error } = await readTranscript('data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\ndata: [DO');
  assert.equal(turn.text, 'Hi');
  assert.equal(error?.kind, 'stream');
  assert.match(error?.message ?? '', /without \[DONE\]/);
});

test('Gemini: tool calls without index, in separate chunks, stay separate calls by their ids', async () => {
  const { turn } = await readTranscript(
    'data: {"choices":[{"delta":{"role":"assistant","tool_calls":[{"function":{"arguments":"{\\"x\\":1}","name":"f"},"id":"A","type":"function"}]},"index":0}],"created":1,"model":"gemini-2.5-flash","object":"chat.completion.chunk"}\n\n' +
      'data: {"choices":[{"delta":{"role":"assistant","tool_calls":[{"function":{"arguments":"{\\"y\\":2}","name":"g"},"id":"B","type":"function"}]},"finish_reason":"tool_calls","index":0}],"created":1,"model":"gemini-2.5-flash","object":"chat.completion.chunk","usage":{"completion_tokens":20,"prompt_tokens":30,"total_tokens":50}}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.deepEqual(
    turn.toolCalls?.map((c) => [c.wireId, c.name, c.arguments]),
    [
      ['A', 'f', '{"x":1}'],
      ['B', 'g', '{"y":2}'],
    ],
  );
  assert.equal(turn.finishReason, 'tool_calls');
});

test('Ollama: parallel tool calls, each whole with its own id but all with index 0, stay separate calls (ollama/ollama#15457)', async () => {
  const chunk = (delta: string, finish = 'null') =>
    `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-coder:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}\n\n`;
  const call = (id: string, file: string) =>
    `{"role":"assistant","content":"","tool_calls":[{"id":"${id}","index":0,"type":"function","function":{"name":"write_file","arguments":"{\\"path\\":\\"${file}\\"}"}}]}`;
  const { turn, error } = await readTranscript(
    [chunk(call('call_a', 'hello.py')), chunk(call('call_b', 'world.py')), chunk('{"role":"assistant","content":""}', '"tool_calls"'), 'data: [DONE]\n\n'].join(
      '',
    ),
  );
  assert.equal(error, undefined);
  assert.deepEqual(
    turn.toolCalls?.map((c) => [c.wireId, c.name, c.arguments]),
    [
      ['call_a', 'write_file', '{"path":"hello.py"}'],
      ['call_b', 'write_file', '{"path":"world.py"}'],
    ],
  );
});

test('tool calls by index: fragments after the first (no id, or the same id again) continue their call', async () => {
  const chunk = (toolCalls: string, finish = 'null') =>
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":${toolCalls}},"finish_reason":${finish}}]}\n\n`;
  const { turn } = await readTranscript(
    [
      chunk(
        '[{"index":0,"id":"A","type":"function","function":{"name":"f","arguments":""}},{"index":1,"id":"B","type":"function","function":{"name":"g","arguments":"{\\"y\\""}}]',
      ),
      chunk('[{"index":0,"function":{"arguments":"{\\"x\\":1}"}},{"index":1,"id":"B","function":{"arguments":":2}"}}]', '"tool_calls"'),
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.deepEqual(
    turn.toolCalls?.map((c) => [c.wireId, c.name, c.arguments]),
    [
      ['A', 'f', '{"x":1}'],
      ['B', 'g', '{"y":2}'],
    ],
  );
});

test('MiniMax and others: a usage chunk with "choices": null ends a complete answer without an error, its usage kept', async () => {
  const { turn, error } = await readTranscript(
    'data: {"id":"m","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n' +
      'data: {"id":"m","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
      'data: {"id":"m","object":"chat.completion.chunk","choices":null,"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.equal(error, undefined);
  assert.equal(turn.text, 'Hi');
  assert.deepEqual(turn.usage, { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
});

test('tool call arguments sent as an object (MiniMax, Venice) are kept as their JSON text', async () => {
  const { turn } = await readTranscript(
    'data: {"id":"v","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"A","type":"function","function":{"name":"f","arguments":{"x":1}}}]},"finish_reason":"tool_calls"}]}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.deepEqual(
    turn.toolCalls?.map((c) => [c.wireId, c.arguments]),
    [['A', '{"x":1}']],
  );
});

test('a proxy leaving out the choice index: its choice is read as choice 0', async () => {
  const { turn } = await readTranscript(
    'data: {"id":"p","object":"chat.completion.chunk","choices":[{"delta":{"role":"assistant","content":"Hel"}}]}\n\n' +
      'data: {"id":"p","object":"chat.completion.chunk","choices":[{"delta":{"content":"lo"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
  );
  assert.equal(turn.text, 'Hello');
  assert.equal(turn.finishReason, 'stop');
});

test('Groq: usage in x_groq when stream_options is not honoured', async () => {
  const { turn } = await readTranscript(
    'data: {"id":"chatcmpl-g","object":"chat.completion.chunk","created":1,"model":"llama-3.1-8b-instant","system_fingerprint":"fp_g","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"logprobs":null,"finish_reason":null}],"x_groq":{"id":"req_1"}}\n\n' +
      'data: {"id":"chatcmpl-g","object":"chat.completion.chunk","created":1,"model":"llama-3.1-8b-instant","system_fingerprint":"fp_g","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"x_groq":{"id":"req_1","usage":{"queue_time":0.02,"prompt_tokens":12,"prompt_time":0.001,"completion_tokens":2,"completion_time":0.002,"total_tokens":14,"total_time":0.003}}}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.deepEqual([turn.usage?.prompt_tokens, turn.usage?.completion_tokens, turn.usage?.total_tokens], [12, 2, 14]);
});

test('vLLM with continuous usage stats: usage on every chunk; the last one sent wins, a later null changes nothing', async () => {
  const chunk = (delta: string, finish: string, usage: string) =>
    `data: {"id":"v","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}],"usage":${usage}}\n\n`;
  const { turn } = await readTranscript(
    [
      chunk('{"content":"a"}', 'null', '{"prompt_tokens":7,"completion_tokens":1,"total_tokens":8}'),
      chunk('{"content":"b"}', 'null', '{"prompt_tokens":7,"completion_tokens":2,"total_tokens":9}'),
      chunk('{}', '"stop"', 'null'),
      'data: [DONE]\n\n',
    ].join(''),
  );
  assert.deepEqual(turn.usage, { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
});

test('Together: its own finish reason "eos" is kept as it came', async () => {
  const { turn, error } = await readTranscript(
    'data: {"id":"8a1","object":"chat.completion.chunk","created":1,"model":"meta-llama/Llama-3.3-70B-Instruct-Turbo","choices":[{"index":0,"text":"Hi","logprobs":null,"finish_reason":null,"seed":null,"delta":{"token_id":13347,"role":"assistant","content":"Hi","tool_calls":null}}],"usage":null}\n\n' +
      'data: {"id":"8a1","object":"chat.completion.chunk","created":1,"model":"meta-llama/Llama-3.3-70B-Instruct-Turbo","choices":[{"index":0,"text":"","logprobs":null,"finish_reason":"eos","seed":42,"delta":{"token_id":128009,"role":"assistant","content":"","tool_calls":null}}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.equal(error, undefined);
  assert.equal(turn.text, 'Hi');
  assert.equal(turn.finishReason, 'eos');
});

test('OpenRouter: an error mid-stream ends the choice with finish reason "error"; text, tool calls and usage that came are kept with the error', async () => {
  const { turn, error } = await readTranscript(
    ': OPENROUTER PROCESSING\n\n' +
      'data: {"id":"gen-1","provider":"OpenAI","model":"openai/gpt-4o","object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":{"role":"assistant","content":"Checking."},"finish_reason":null,"native_finish_reason":null,"logprobs":null}]}\n\n' +
      'data: {"id":"gen-1","provider":"OpenAI","model":"openai/gpt-4o","object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read_file","arguments":"{\\"path\\":"}}]},"finish_reason":null,"native_finish_reason":null,"logprobs":null}]}\n\n' +
      'data: {"id":"gen-1","provider":"OpenAI","model":"openai/gpt-4o","object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"error","native_finish_reason":"error","logprobs":null}],"error":{"code":502,"message":"Provider disconnected unexpectedly"},"usage":{"prompt_tokens":20,"completion_tokens":8,"total_tokens":28}}\n\n' +
      'data: [DONE]\n\n',
  );
  assert.equal(turn.text, 'Checking.');
  assert.deepEqual(turn.toolCalls, [{ id: 'own-0', wireId: 'call_1', name: 'read_file', arguments: '{"path":', status: 'pending' }]);
  assert.equal(turn.finishReason, 'error');
  assert.equal(turn.usage?.total_tokens, 28);
  assert.equal(error?.kind, 'http');
  assert.equal(error?.status, 502);
  assert.equal(error?.message, 'Provider disconnected unexpectedly');
});

test('a chat answer broken mid-stream keeps its tool calls, marked not run, with finish reason, usage and the error; the tools never run', async () => {
  const transcript =
    'data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read_file","arguments":"{\\"path\\":\\"a\\"}"}}]},"finish_reason":null}]}\n\n' +
    'data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\n' +
    'data: {"id":"c","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":6,"total_tokens":11}}\n\n' +
    'data: {"error":{"message":"Upstream closed the stream","type":"server_error"}}\n\n';
  const { runtime, seen } = toolRuntime([{ name: 'read_file', readOnly: true }]);
  const [turn] = answers(await conversationAnswering(transcript, runtime));
  assert.equal(turn?.status, 'interrupted');
  assert.match(turn?.error?.message ?? '', /Upstream closed the stream/);
  assert.equal(turn?.finishReason, 'tool_calls');
  assert.equal(turn?.usage?.total_tokens, 11);
  assert.deepEqual(
    turn?.toolCalls?.map((c) => [c.wireId, c.status]),
    [['call_1', 'skipped']],
  );
  assert.match(turn?.toolCalls?.[0]?.result ?? '', /^Not run: the answer broke off/);
  assert.deepEqual(seen.runs, []);
});

test('usage without its total, or with counts that are not numbers, is made whole, and the conversation still reads back after a save', async () => {
  const transcript =
    'data: {"id":"u","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":7,"completion_tokens":2}}\n\n' +
    'data: [DONE]\n\n';
  const conversation = await conversationAnswering(transcript);
  assert.deepEqual(answers(conversation)[0]?.usage, { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
  const readBack = parseConversation(serializeConversation(conversation));
  assert.deepEqual(answers(readBack)[0]?.usage, { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
  const odd = await readTranscript(
    'data: {"id":"u","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":"7","completion_tokens":null,"total_tokens":-1}}\n\ndata: [DONE]\n\n',
  );
  assert.deepEqual(odd.turn.usage, { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
});

test('a tool call id, name or finish reason that is not text (a broken server) is kept as text, and the conversation reads back after a save', async () => {
  const transcript =
    'data: {"id":"b","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":7,"type":"function","function":{"name":{"n":1},"arguments":"{}"}}]},"finish_reason":{"why":"tools"}}]}\n\n' +
    'data: [DONE]\n\n';
  const [turn] = answers(parseConversation(serializeConversation(await conversationAnswering(transcript))));
  assert.deepEqual(
    turn?.toolCalls?.map((c) => [c.wireId, c.name, c.arguments]),
    [[undefined, '', '{}']],
    'an id that is not text is not kept: the call goes back under its own id',
  );
  assert.equal(turn?.finishReason, undefined);
});

test('reasoning and refusals are never sent back to the model', () => {
  const conversation = newConversation('deepseek-reasoner', '');
  const thought: AssistantTurn = {
    kind: 'assistant',
    id: 'a1',
    model: 'm',
    text: 'Paris.',
    reasoning: { text: 'SECRET-THOUGHT', durationMs: 5 },
    status: 'done',
    createdAt: 0,
  };
  const refused: AssistantTurn = { kind: 'assistant', id: 'a2', model: 'm', text: '', refusal: 'SECRET-REFUSAL', status: 'done', createdAt: 0 };
  const user = (id: string, text: string) => ({ kind: 'user' as const, id, text, context: [], createdAt: 0 });
  const request = buildChatRequest(conversation, [user('u1', 'Capital?'), thought, user('u2', 'Help?'), refused, user('u3', 'Again')]);
  const wire = JSON.stringify(request);
  assert.doesNotMatch(wire, /reasoning|SECRET/);
  assert.deepEqual(request.messages, [
    { role: 'user', content: 'Capital?' },
    { role: 'assistant', content: 'Paris.' },
    { role: 'user', content: 'Help?' },
    { role: 'user', content: 'Again' },
  ]);
});
