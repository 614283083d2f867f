/**
 * The emulator's stream dialects over real HTTP: for each server, the raw
 * bytes of a tool-call answer and of a reasoning answer show the features its
 * sources document (see test/emulator/chat/dialects/servers.ts).
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECT_NAMES } from '../../emulator/index';
import { errorOf, parseSse, post, withEmulator } from '../emulator/kit';
import { ask, assertOk, choice, delta, finishReasons, joined, Json, rawChat, THINK_PROMPT, toolDeltas, tools } from './dialect-kit';

test('no dialect: the classic stream, ping comments and all; an unknown dialect header is a 400', () =>
  withEmulator({}, async (emu) => {
    const classic = await rawChat(emu, undefined, ask('refuse to think about an overflow'));
    assertOk(classic);
    assert.ok(classic.text.startsWith(': ping\n\n'));
    assert.equal(joined(classic.chunks, 'content'), 'echo: refuse to think about an overflow');
    assert.ok(classic.text.endsWith('data: [DONE]\n\n'));
    const res = await post(emu, '/chat/completions', ask('x'), { 'x-emulator-dialect': 'cohere' });
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).param, 'x-emulator-dialect');
  }));

test('the dialect option applies emulator-wide, setOptions changes it, the header wins for one request', () =>
  withEmulator({ dialect: 'groq' }, async (emu) => {
    const wide = parseSse(await (await post(emu, '/chat/completions', ask('hello'))).text()).chunks as Json[];
    assert.ok(wide.some((c) => c.x_groq !== undefined));
    const header = await rawChat(emu, 'mistral', ask('hello'));
    assert.ok(header.chunks.every((c) => c.x_groq === undefined));
    emu.setOptions({ dialect: undefined });
    const classic = await rawChat(emu, undefined, ask('hello'));
    assert.ok(classic.text.startsWith(': ping'));
  }));

test('every dialect answers the tool-call trigger with both calls and the reasoning trigger with its answer', () =>
  withEmulator({}, async (emu) => {
    for (const name of DIALECT_NAMES) {
      const eol = name === 'azure' || name === 'gemini' ? '\r\n' : '\n';
      const calls = await rawChat(emu, name, tools(), { eol });
      assertOk(calls);
      const deltas = toolDeltas(calls.chunks);
      const names = deltas.map((d) => (d.function as Json | undefined)?.name).filter(Boolean);
      assert.deepEqual(names, ['get_weather', 'get_time'], name);
      const thought = await rawChat(emu, name, ask(THINK_PROMPT), { eol });
      assertOk(thought);
      assert.match(joined(thought.chunks, 'content'), /echo: please think about it$/, name);
    }
  }));

test('openai: refusal streamed in delta.refusal, usage chunk with reasoning tokens, obfuscation, no comments', () =>
  withEmulator({}, async (emu) => {
    const refusal = await rawChat(emu, 'openai', ask('please refuse this', { stream_options: { include_usage: true } }));
    assertOk(refusal);
    assert.ok(!refusal.text.includes('\n: '));
    assert.deepEqual(delta(refusal.chunks[0]), { role: 'assistant', content: '', refusal: null });
    assert.equal(joined(refusal.chunks, 'refusal'), "I'm sorry, but I can't assist with that request.");
    assert.equal(joined(refusal.chunks, 'content'), '');
    assert.ok(refusal.chunks.every((c) => typeof c.obfuscation === 'string'));
    assert.ok(refusal.chunks.slice(0, -1).every((c) => c.usage === null));
    const reasoner = await rawChat(emu, 'openai', { ...ask('hello'), model: 'o3-mini', max_completion_tokens: 50, stream_options: { include_usage: true } });
    assertOk(reasoner);
    const usage = reasoner.chunks[reasoner.chunks.length - 1]?.usage as Json;
    assert.ok(((usage.completion_tokens_details as Json).reasoning_tokens as number) > 0);
    assert.ok(!reasoner.text.includes('reasoning'.concat('_content')) && !reasoner.text.includes('"reasoning"'));
  }));

test('openai: o-series and gpt-5 refuse max_tokens with the real 400; the default dialect accepts it', () =>
  withEmulator({}, async (emu) => {
    for (const model of ['o3-mini', 'gpt-5']) {
      const res = await post(emu, '/chat/completions', { ...ask('hello'), model, max_tokens: 10 }, { 'x-emulator-dialect': 'openai' });
      assert.equal(res.status, 400);
      const error = await errorOf(res);
      assert.equal(error.message, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.");
      assert.equal(error.param, 'max_tokens');
      assert.equal(error.code, 'unsupported_parameter');
    }
    const azure = await post(emu, '/chat/completions', { ...ask('hello'), model: 'gpt-5', max_tokens: 10 }, { 'x-emulator-dialect': 'azure' });
    assert.equal(azure.status, 400);
  }));

test('azure: CRLF lines, a first event with empty choices and prompt_filter_results, content_filter_results per choice', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'azure', ask('hello azure'), { eol: '\r\n' });
    assertOk(res);
    assert.ok(res.text.includes('\r\n\r\n'));
    assert.ok(!/[^\r]\n/.test(res.text), 'every line ends in CRLF');
    const first = res.chunks[0]!;
    assert.deepEqual(first.choices, []);
    assert.equal(first.id, '');
    assert.equal(first.created, 0);
    assert.ok(Array.isArray(first.prompt_filter_results));
    const content = res.chunks.find((c) => typeof delta(c).content === 'string' && delta(c).content !== '');
    assert.deepEqual((choice(content)?.content_filter_results as Json).hate, { filtered: false, severity: 'safe' });
    assert.ok(res.text.endsWith('data: [DONE]\r\n\r\n'));
  }));

test('azure: api-version before 2024-09-01 answers stream_options with "Unknown parameter"; 2024-10-21 takes it', () =>
  withEmulator({}, async (emu) => {
    const body = ask('hello', { stream_options: { include_usage: true } });
    const old = await rawChat(emu, 'azure', body, { query: '?api-version=2024-02-01' });
    assert.equal(old.status, 400);
    assert.deepEqual(JSON.parse(old.text), {
      error: { message: "Unknown parameter: 'stream_options'.", type: 'invalid_request_error', param: 'stream_options', code: 'unknown_parameter' },
    });
    const ga = await rawChat(emu, 'azure', body, { query: '?api-version=2024-10-21', eol: '\r\n' });
    assertOk(ga);
    assert.ok(ga.chunks[ga.chunks.length - 1]?.usage);
  }));

test('vllm: delta.reasoning, tool ids chatcmpl-tool-, first fragment without arguments, stop_reason, error then [DONE]', () =>
  withEmulator({}, async (emu) => {
    const thought = await rawChat(emu, 'vllm', ask(THINK_PROMPT));
    assert.match(joined(thought.chunks, 'reasoning'), /^The user wrote "please think about it"/);
    assert.ok(!thought.text.includes('reasoning_content'));
    assert.deepEqual(delta(thought.chunks[0]), { role: 'assistant', content: '' });
    const calls = await rawChat(emu, 'vllm', tools());
    const first = toolDeltas(calls.chunks)[0]!;
    assert.match(String(first.id), /^chatcmpl-tool-[0-9a-f]{32}$/);
    assert.equal(first.index, 0);
    assert.deepEqual(first.function, { name: 'get_weather' });
    const finish = calls.chunks.find((c) => choice(c)?.finish_reason === 'tool_calls');
    assert.ok(finish && 'stop_reason' in choice(finish)!);
    const failed = await rawChat(emu, 'vllm', ask('an overflow of words that goes on and on until cut'));
    assert.match(failed.text, /data: \{"error": \{"message": "[^"]+", "type": "InternalServerError", "param": null, "code": 500\}\}\n\ndata: \[DONE\]\n\n$/);
  }));

test('ollama: delta.reasoning, whole tool calls all with index 0 and distinct call_ + 8 ids, fp_ollama, a mid-stream failure ends without [DONE]', () =>
  withEmulator({}, async (emu) => {
    const thought = await rawChat(emu, 'ollama', ask(THINK_PROMPT, { model: 'deepseek-r1:8b' }));
    assertOk(thought);
    assert.ok(joined(thought.chunks, 'reasoning').length > 20);
    assert.ok(thought.chunks.every((c) => c.system_fingerprint === 'fp_ollama'));
    const calls = await rawChat(emu, 'ollama', tools());
    const deltas = toolDeltas(calls.chunks);
    assert.equal(deltas.length, 2, 'one delta per call, never fragments');
    for (const d of deltas) {
      assert.equal(d.index, 0, 'ollama/ollama#15457');
      assert.match(String(d.id), /^call_[a-z0-9]{8}$/);
    }
    assert.notEqual(deltas[0]!.id, deltas[1]!.id);
    assert.equal(JSON.parse(String((deltas[0]!.function as Json).arguments)).city, 'Rome');
    const toolChunk = calls.chunks.find((c) => delta(c).tool_calls);
    assert.equal(delta(toolChunk).content, '');
    const failed = await rawChat(emu, 'ollama', ask('an overflow of words that goes on and on until cut'));
    assertOk(failed);
    assert.ok(!failed.text.includes('[DONE]'));
    const last = failed.chunks[failed.chunks.length - 1]!;
    assert.equal(last.model, '');
    assert.deepEqual(delta(last), { content: '' });
  }));

test('llamacpp: reasoning_content, usage and timings on the finish chunk unasked, [DONE] without a blank line', () =>
  withEmulator({}, async (emu) => {
    const thought = await rawChat(emu, 'llamacpp', ask(THINK_PROMPT, { model: 'any-local-gguf' }));
    assertOk(thought);
    assert.ok(joined(thought.chunks, 'reasoning_content').length > 20);
    assert.deepEqual(delta(thought.chunks[0]), { content: null, role: 'assistant' });
    const finish = thought.chunks.find((c) => choice(c)?.finish_reason === 'stop')!;
    assert.ok(finish.usage && finish.timings);
    assert.deepEqual(Object.keys(finish), [...Object.keys(finish)].sort(), 'keys sorted as nlohmann::json writes them');
    assert.ok(thought.text.endsWith('}\n\ndata: [DONE]\n'));
    assert.ok(!thought.text.endsWith('\n\n'));
    const calls = await rawChat(emu, 'llamacpp', tools());
    assert.equal(toolDeltas(calls.chunks).filter((d) => d.id).length, 2);
  }));

test('llamacpp: the overflow trigger sends the legacy `error:` field, then data: [DONE] without the blank line', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'llamacpp', ask('an overflow of words that goes on and on until cut'));
    assertOk(res);
    assert.ok(res.text.endsWith('\n\nerror: {"code":500,"message":"Context size has been exceeded.","type":"server_error"}\n\ndata: [DONE]\n'));
    assert.ok(!res.text.includes('data: {"error"'));
  }));

test('groq: x_groq.id on the first chunk, x_groq.usage on the finish chunk unasked, whole tool calls, delta.reasoning', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'groq', ask(THINK_PROMPT));
    assertOk(res);
    assert.match(String((res.chunks[0]!.x_groq as Json).id), /^req_/);
    const finish = res.chunks.find((c) => choice(c)?.finish_reason === 'stop')!;
    const usage = (finish.x_groq as Json).usage as Json;
    assert.ok((usage.completion_tokens as number) > 0 && typeof usage.queue_time === 'number' && typeof usage.total_time === 'number');
    assert.equal(finish.usage, undefined);
    assert.ok(
      res.chunks.every((c) => c.usage === undefined),
      'no top-level usage without stream_options',
    );
    assert.ok(joined(res.chunks, 'reasoning').length > 20);
    const calls = await rawChat(emu, 'groq', tools({ stream_options: { include_usage: true } }));
    assert.equal(toolDeltas(calls.chunks).length, 2);
    assert.deepEqual(calls.chunks[calls.chunks.length - 1]!.choices, []);
  }));

test('gemini: tool calls without index, one per chunk, finish_reason stop, usage on every chunk, CRLF, <thought> in content', () =>
  withEmulator({}, async (emu) => {
    const calls = await rawChat(emu, 'gemini', tools(), { eol: '\r\n' });
    assertOk(calls);
    assert.ok(calls.text.includes('\r\n\r\n'));
    const withCalls = calls.chunks.filter((c) => delta(c).tool_calls);
    assert.equal(withCalls.length, 2);
    for (const chunk of withCalls) {
      const [call, ...rest] = delta(chunk).tool_calls as Json[];
      assert.equal(rest.length, 0);
      assert.equal('index' in call!, false);
      assert.ok(call!.id);
    }
    assert.deepEqual(finishReasons(calls.chunks), ['stop']);
    assert.ok(calls.chunks.every((c) => c.usage));
    const thought = await rawChat(emu, 'gemini', ask(THINK_PROMPT), { eol: '\r\n' });
    assert.match(joined(thought.chunks, 'content'), /^<thought>The user wrote .*<\/thought>echo: please think about it$/s);
  }));

test('openrouter: ": OPENROUTER PROCESSING" keep-alives, reasoning and reasoning_details, usage unasked, errors end with finish_reason error', () =>
  withEmulator({ chunkChars: 3 }, async (emu) => {
    const res = await rawChat(emu, 'openrouter', ask(THINK_PROMPT));
    assertOk(res);
    assert.ok(res.text.startsWith(': OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n'));
    assert.ok(res.text.split(': OPENROUTER PROCESSING').length > 4, 'comments between events too');
    assert.match(joined(res.chunks, 'reasoning'), /^The user wrote/);
    assert.ok(res.chunks.some((c) => Array.isArray(delta(c).reasoning_details)));
    const last = res.chunks[res.chunks.length - 1]!;
    assert.deepEqual(last.choices, []);
    assert.ok((last.usage as Json).cost !== undefined);
    const failed = await rawChat(emu, 'openrouter', ask('an overflow of words that goes on and on until cut'));
    const error = failed.chunks.find((c) => c.error)!;
    assert.equal(choice(error)?.finish_reason, 'error');
    assert.ok(failed.text.endsWith('data: [DONE]\n\n'));
    const refusal = await rawChat(emu, 'openrouter', ask('please refuse this'));
    assert.ok(joined(refusal.chunks, 'refusal').length > 10);
  }));

test('deepseek: ": keep-alive", reasoning_content with content null, then content with reasoning_content null, cache usage', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'deepseek', { ...ask('hello'), model: 'deepseek-reasoner', stream_options: { include_usage: true } });
    assertOk(res);
    assert.ok(res.text.startsWith(': keep-alive\n\n'));
    const reasoning = res.chunks.filter((c) => typeof delta(c).reasoning_content === 'string' && delta(c).reasoning_content !== '');
    assert.ok(reasoning.length > 0 && reasoning.every((c) => delta(c).content === null));
    const content = res.chunks.filter((c) => typeof delta(c).content === 'string' && delta(c).content !== '');
    assert.ok(content.every((c) => delta(c).reasoning_content === null));
    const usage = res.chunks[res.chunks.length - 1]!.usage as Json;
    assert.equal(usage.prompt_cache_hit_tokens, 0);
    assert.ok(((usage.completion_tokens_details as Json).reasoning_tokens as number) > 0);
  }));

test('mistral: 422 extra_forbidden for stream_options and max_completion_tokens, the real body', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'mistral', ask('hello', { stream_options: { include_usage: true } }));
    assert.equal(res.status, 422);
    assert.deepEqual(JSON.parse(res.text), {
      object: 'error',
      message: { detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options', 'include_usage'], msg: 'Extra inputs are not permitted', input: true }] },
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
    const max = await rawChat(emu, 'mistral', ask('hello', { max_completion_tokens: 9 }));
    assert.equal(max.status, 422);
    assert.match(max.text, /"loc":\["body","max_completion_tokens"\]/);
  }));

test('mistral: every tool call in one chunk with the finish_reason and usage, 9-character ids; thinking as content chunks', () =>
  withEmulator({}, async (emu) => {
    const calls = await rawChat(emu, 'mistral', tools());
    assertOk(calls);
    const withCalls = calls.chunks.filter((c) => delta(c).tool_calls);
    assert.equal(withCalls.length, 1);
    const chunk = withCalls[0]!;
    assert.equal(choice(chunk)?.finish_reason, 'tool_calls');
    assert.ok(chunk.usage);
    const ids = (delta(chunk).tool_calls as Json[]).map((c) => String(c.id));
    assert.equal(ids.length, 2);
    for (const id of ids) assert.match(id, /^[a-zA-Z0-9]{9}$/);
    assert.ok(calls.chunks.every((c) => !('logprobs' in (choice(c) ?? {}))));
    const thought = await rawChat(emu, 'mistral', { ...ask('hello'), model: 'magistral-medium-latest' });
    const thinking = thought.chunks.filter((c) => Array.isArray(delta(c).content));
    assert.ok(thinking.length > 0);
    assert.equal(((delta(thinking[0]).content as Json[])[0] as Json).type, 'thinking');
  }));

test('together: finish_reason eos, role and token_id in every delta, text and seed in every choice, <think> tags', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'together', ask(THINK_PROMPT));
    assertOk(res);
    assert.deepEqual(finishReasons(res.chunks), ['eos']);
    assert.ok(res.chunks.every((c) => delta(c).role === 'assistant' && 'token_id' in delta(c)));
    assert.ok(res.chunks.every((c) => 'text' in choice(c)! && 'seed' in choice(c)!));
    assert.match(joined(res.chunks, 'content'), /^<think>\nThe user wrote .*\n<\/think>\n\necho: please think about it$/s);
    assert.ok(res.chunks[res.chunks.length - 1]!.usage, 'usage on the last chunk unasked');
    const calls = await rawChat(emu, 'together', tools());
    assert.deepEqual(finishReasons(calls.chunks), ['tool_calls']);
  }));

test('fireworks: role chunk with content null, reasoning_content, usage on the finish chunk and a usage chunk when asked', () =>
  withEmulator({}, async (emu) => {
    const res = await rawChat(emu, 'fireworks', ask(THINK_PROMPT, { model: 'accounts/fireworks/models/deepseek-r1', stream_options: { include_usage: true } }));
    assertOk(res);
    assert.deepEqual(delta(res.chunks[0]), { role: 'assistant', content: null });
    assert.ok(joined(res.chunks, 'reasoning_content').length > 20);
    const finish = res.chunks.find((c) => choice(c)?.finish_reason === 'stop')!;
    assert.ok(finish.usage);
    assert.deepEqual(res.chunks[res.chunks.length - 1]!.choices, []);
    assert.match(String(res.chunks[0]!.id), /^[0-9a-f-]{36}$/);
  }));

test('non-streamed answers carry the dialect fields too', () =>
  withEmulator({}, async (emu) => {
    const res = await post(emu, '/chat/completions', { ...ask(THINK_PROMPT), stream: false }, { 'x-emulator-dialect': 'deepseek' });
    const body = (await res.json()) as { choices: Array<{ message: Json }> };
    assert.match(String(body.choices[0]!.message.reasoning_content), /^The user wrote/);
    const together = await post(emu, '/chat/completions', { ...ask('hello'), stream: false }, { 'x-emulator-dialect': 'together' });
    assert.equal(((await together.json()) as { choices: Array<{ finish_reason: string }> }).choices[0]!.finish_reason, 'eos');
  }));
