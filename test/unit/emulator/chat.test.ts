import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatChunk, ChatCompletion } from '../../../src/gateway/types/chat';
import type { Emulator } from '../../emulator/index';
import { errorOf, parseSse, post, withEmulator } from './kit';

const MODEL = 'gpt-4o-mini';

async function complete(emu: Emulator, body: Record<string, unknown>): Promise<ChatCompletion> {
  const res = await post(emu, '/chat/completions', { model: MODEL, ...body });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as ChatCompletion;
}

function ask(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    messages: [
      { role: 'system', content: 'be nice' },
      { role: 'user', content: text },
    ],
    ...extra,
  };
}

const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city', 'unit'] },
  },
};
const TIME = { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } };

test('echo answer with usage counted in words', () =>
  withEmulator({}, async (emu) => {
    const c = await complete(emu, ask('hello big world'));
    assert.equal(c.object, 'chat.completion');
    assert.match(c.id, /^chatcmpl-/);
    assert.equal(c.choices[0]?.message.content, 'echo: hello big world');
    assert.equal(c.choices[0]?.finish_reason, 'stop');
    assert.deepEqual(c.usage, { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
  }));

test('markdown answer has headings, lists, a table, code in 3 languages and a link', () =>
  withEmulator({}, async (emu) => {
    const text = String((await complete(emu, ask('show me markdown'))).choices[0]?.message.content ?? '');
    assert.match(text, /^# /m);
    assert.match(text, /^## /m);
    assert.match(text, /^- /m);
    assert.match(text, /^1\. /m);
    assert.match(text, /^\|---\|/m);
    for (const lang of ['typescript', 'python', 'bash']) assert.match(text, new RegExp('^```' + lang + '$', 'm'));
    assert.match(text, /\[[^\]]+\]\(https:\/\/[^)]+\)/);
  }));

test('length N gives exactly N words; max_tokens cuts with finish_reason length', () =>
  withEmulator({}, async (emu) => {
    const c = await complete(emu, ask('length 37'));
    assert.equal(c.choices[0]?.message.content?.toString().split(' ').length, 37);
    assert.equal(c.usage?.completion_tokens, 37);
    const cut = await complete(emu, ask('length 50', { max_tokens: 10 }));
    assert.equal(cut.choices[0]?.message.content?.toString().split(' ').length, 10);
    assert.equal(cut.choices[0]?.finish_reason, 'length');
  }));

test('forbidden triggers content_filter with the content cut', () =>
  withEmulator({}, async (emu) => {
    const c = await complete(emu, ask('say the forbidden word please'));
    assert.equal(c.choices[0]?.finish_reason, 'content_filter');
    assert.equal(c.choices[0]?.message.content, 'echo: say the');
  }));

test('stop sequences cut before the sequence', () =>
  withEmulator({}, async (emu) => {
    const c = await complete(emu, ask('alpha beta gamma delta', { stop: ['gamma', 'zzz'] }));
    assert.equal(c.choices[0]?.message.content, 'echo: alpha beta ');
    assert.equal(c.choices[0]?.finish_reason, 'stop');
  }));

test('input checks answer 400 with param', () =>
  withEmulator({}, async (emu) => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [ask('x', { stop: ['a', 'b', 'c', 'd', 'e'] }), 'stop'],
      [ask('x', { temperature: 3 }), 'temperature'],
      [ask('x', { tool_choice: 'auto' }), 'tool_choice'],
      [ask('x', { stream_options: { include_usage: true } }), 'stream_options'],
      [ask('x', { max_completion_tokens: 5 }), 'max_completion_tokens'],
      [{ messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
      [{ messages: [] }, 'messages'],
      [ask('x', { tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'nope' } } }), 'tool_choice.function.name'],
      [ask('x', { tools: [{ type: 'function', function: { name: 'bad name', parameters: { type: 'object' } } }] }), 'tools[0].function.name'],
    ];
    for (const [body, param] of cases) {
      const res = await post(emu, '/chat/completions', { model: MODEL, ...body });
      assert.equal(res.status, 400, param);
      assert.equal((await errorOf(res)).param, param);
    }
  }));

test('tool call with explicit JSON arguments, then the round trip quotes the tool result', () =>
  withEmulator({}, async (emu) => {
    const first = await complete(emu, ask('call get_weather {"city":"Paris","unit":"c"}', { tools: [WEATHER] }));
    const choice = first.choices[0];
    assert.equal(choice?.finish_reason, 'tool_calls');
    assert.equal(choice?.message.content, null);
    assert.equal(choice?.logprobs, null);
    const call = choice?.message.tool_calls?.[0];
    assert.equal(call?.type, 'function');
    assert.equal(call?.function.name, 'get_weather');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? ''), { city: 'Paris', unit: 'c' });
    const second = await complete(emu, {
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'call get_weather {"city":"Paris","unit":"c"}' },
        { role: 'assistant', content: null, tool_calls: choice?.message.tool_calls },
        { role: 'tool', tool_call_id: call?.id, name: 'get_weather', content: 'sunny 21C' },
      ],
    });
    assert.equal(second.choices[0]?.message.content, 'Tool results: get_weather=sunny 21C');
    assert.equal(second.choices[0]?.finish_reason, 'stop');
  }));

test('naming two tools gives parallel calls; arguments come from the schema when not given', () =>
  withEmulator({}, async (emu) => {
    const c = await complete(emu, ask('call get_time and get_weather', { tools: [WEATHER, TIME] }));
    const calls = c.choices[0]?.message.tool_calls ?? [];
    assert.deepEqual(
      calls.map((t) => t.function.name),
      ['get_time', 'get_weather'],
    );
    assert.notEqual(calls[0]?.id, calls[1]?.id);
    assert.deepEqual(JSON.parse(calls[1]?.function.arguments ?? ''), { city: 'example', unit: 'c' });
  }));

test('tool_choice none never calls; a forced function is always called', () =>
  withEmulator({}, async (emu) => {
    const none = await complete(emu, ask('call get_weather', { tools: [WEATHER], tool_choice: 'none' }));
    assert.equal(none.choices[0]?.finish_reason, 'stop');
    const forced = await complete(emu, ask('hello', { tools: [WEATHER, TIME], tool_choice: { type: 'function', function: { name: 'get_weather' } } }));
    assert.equal(forced.choices[0]?.message.tool_calls?.[0]?.function.name, 'get_weather');
    const plain = await complete(emu, ask('hello', { tools: [WEATHER] }));
    assert.equal(plain.choices[0]?.message.content, 'echo: hello');
  }));

test('stream: role first, content in chunkChars pieces, finish chunk, usage chunk, [DONE], ping comments', () =>
  withEmulator({ chunkChars: 3 }, async (emu) => {
    const res = await post(emu, '/chat/completions', { model: MODEL, stream: true, stream_options: { include_usage: true }, ...ask('length 40') });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = parseSse(await res.text());
    assert.ok(events.done);
    assert.ok(events.comments >= 2);
    const chunks = events.chunks as ChatChunk[];
    assert.equal(chunks[0]?.choices[0]?.delta.role, 'assistant');
    const contents = chunks.flatMap((c) => c.choices.map((ch) => ch.delta.content ?? ''));
    assert.ok(contents.filter(Boolean).every((piece) => Array.from(piece).length <= 3));
    assert.equal(contents.join('').split(' ').length, 40);
    const last = chunks[chunks.length - 1];
    assert.deepEqual(last?.choices, []);
    assert.equal(last?.usage?.completion_tokens, 40);
    const finish = chunks[chunks.length - 2];
    assert.equal(finish?.choices[0]?.finish_reason, 'stop');
    assert.deepEqual(finish?.choices[0]?.delta, {});
    assert.ok(chunks.slice(0, -2).every((c) => c.choices[0]?.finish_reason === null));
    assert.ok(new Set(chunks.map((c) => c.id)).size === 1);
  }));

test('stream: tool calls as fragments (id, type, name first, then argument pieces)', () =>
  withEmulator({}, async (emu) => {
    const res = await post(emu, '/chat/completions', {
      model: MODEL,
      stream: true,
      tools: [WEATHER, TIME],
      ...ask('call get_weather {"city":"Rome","unit":"f"} and get_time'),
    });
    const chunks = parseSse(await res.text()).chunks as ChatChunk[];
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const args = ['', ''];
    const names: string[] = [];
    for (const d of deltas) {
      const index = d.index ?? assert.fail('every fragment has an index');
      if (d.id) {
        assert.equal(d.type, 'function');
        names[index] = d.function?.name ?? '';
      } else {
        assert.equal(d.function?.name, undefined);
      }
      args[index] += d.function?.arguments ?? '';
    }
    assert.deepEqual(names, ['get_weather', 'get_time']);
    assert.deepEqual(JSON.parse(args[0] ?? ''), { city: 'Rome', unit: 'f' });
    assert.deepEqual(JSON.parse(args[1] ?? ''), {});
    assert.equal(chunks[chunks.length - 1]?.choices[0]?.finish_reason, 'tool_calls');
  }));

test('stream: chunkDelayMs paces chunks and a client disconnect stops the stream', () =>
  withEmulator({ chunkDelayMs: 20 }, async (emu) => {
    const controller = new AbortController();
    const started = Date.now();
    const res = await fetch(`${emu.url}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, stream: true, ...ask('length 5000') }),
    });
    const reader = res.body?.getReader();
    assert.ok(reader);
    let received = '';
    while (!received.includes('"content"')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await assert.rejects(reader.read());
    assert.ok(Date.now() - started < 2000);
    // The emulator is still healthy after the disconnect.
    emu.setOptions({ chunkDelayMs: 0 });
    const after = await post(emu, '/chat/completions', { model: MODEL, ...ask('still there') });
    assert.equal(after.status, 200);
  }));

test('scriptedAnswers: a prompt that is a key gets its value, streamed and whole; other prompts are answered as usual', () =>
  withEmulator({ scriptedAnswers: { 'payload 1': '<img src=x onerror=alert(1)> and **bold**' } }, async (emu) => {
    assert.equal((await complete(emu, ask('payload 1'))).choices[0]?.message.content, '<img src=x onerror=alert(1)> and **bold**');
    const res = await post(emu, '/chat/completions', { model: MODEL, ...ask('payload 1'), stream: true });
    const chunks = parseSse(await res.text()).chunks as ChatChunk[];
    assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), '<img src=x onerror=alert(1)> and **bold**');
    assert.equal((await complete(emu, ask('payload 2'))).choices[0]?.message.content, 'echo: payload 2');
    emu.setOptions({ scriptedAnswers: { 'payload 2': 'changed at run time' } });
    assert.equal((await complete(emu, ask('payload 2'))).choices[0]?.message.content, 'changed at run time');
  }));
