// The faults of a hostile gateway: bodies too large or endless, too many tool calls or media results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletion } from '../../../src/gateway/types/chat';
import type { ImageResult } from '../../../src/gateway/types/images';
import { ENDLESS_ERROR_MESSAGE } from '../../emulator/core/endless-bodies';
import { FAULT_HEADER, FaultSpec } from '../../emulator/index';
import { get, post, withEmulator } from './kit';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] };
const fault = (spec: FaultSpec) => ({ [FAULT_HEADER]: JSON.stringify(spec) });

/** The first `bytes` of a response body, then the request is cancelled. */
async function firstBytes(res: Response, bytes: number): Promise<string> {
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the body ended after ${size} bytes`);
    parts.push(value);
    size += value.byteLength;
  }
  await reader.cancel();
  return Buffer.concat(parts).toString('utf8');
}

test('hugeBody: a valid JSON body of exactly that many bytes', () =>
  withEmulator({}, async (emu) => {
    const res = await get(emu, '/models', fault({ hugeBody: 3_000_001 }));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), '3000001');
    const text = await res.text();
    assert.equal(text.length, 3_000_001);
    assert.equal((JSON.parse(text) as { padding: string }).padding.length, 3_000_001 - 40);
  }));

test('endlessErrorBody: the status and the start of an envelope, then padding that never ends', () =>
  withEmulator({}, async (emu) => {
    const res = await get(emu, '/models', fault({ endlessErrorBody: true, errorStatus: 503 }));
    assert.equal(res.status, 503);
    const start = await firstBytes(res, 1_000_000);
    assert.ok(start.startsWith(`{"error":{"message":"${ENDLESS_ERROR_MESSAGE}"`));
    assert.match(start.slice(-100), /^x+$/);
  }));

test('endlessStream: content events that go on, without finish_reason or [DONE]', () =>
  withEmulator({}, async (emu) => {
    const res = await post(emu, '/chat/completions', { ...CHAT, stream: true }, fault({ endlessStream: true }));
    const events = (await firstBytes(res, 2_000_000)).split('\n\n').filter((e) => e.startsWith('data: '));
    assert.ok(events.length > 100, `${events.length} events`);
    const chunk = JSON.parse(events[1]!.slice(6)) as { choices: Array<{ delta: { content: string }; finish_reason: null }> };
    assert.equal(chunk.choices[0]?.finish_reason, null);
    assert.ok(chunk.choices[0]!.delta.content.startsWith('endless endless'));
  }));

test('manyToolCalls: the first offered tool called that many times', () =>
  withEmulator({}, async (emu) => {
    const tools = [
      { type: 'function', function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } },
    ];
    const res = await post(emu, '/chat/completions', { ...CHAT, tools }, fault({ manyToolCalls: 500 }));
    const calls = ((await res.json()) as ChatCompletion).choices[0]?.message.tool_calls ?? [];
    assert.equal(calls.length, 500);
    assert.ok(calls.every((call) => call.function.name === 'read_file' && JSON.parse(call.function.arguments).path !== undefined));
  }));

test('manyMediaFields: that many images whatever n asked', () =>
  withEmulator({}, async (emu) => {
    const res = await post(
      emu,
      '/images/generations',
      { model: 'stable-image-core-1.1', prompt: 'a red fox', response_format: 'b64_json' },
      fault({ manyMediaFields: 7 }),
    );
    const data = ((await res.json()) as ImageResult).data;
    assert.equal(data.length, 7);
    assert.ok(data.every((d) => typeof d.b64_json === 'string' && d.b64_json.length > 100));
  }));
