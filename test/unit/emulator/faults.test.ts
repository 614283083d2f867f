import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletion } from '../../../src/gateway/types/chat';
import type { ImageResult } from '../../../src/gateway/types/images';
import { Emulator, FAULT_HEADER, FaultSpec } from '../../emulator/index';
import { authHeaders, get, parseSse, post, rawRequest, RawResult, withEmulator } from './kit';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello fault world' }] };

function faulted(emu: Emulator, fault: FaultSpec, path = '/models', body?: unknown, timeoutMs?: number): Promise<RawResult> {
  return rawRequest(`${emu.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: authHeaders(emu, { [FAULT_HEADER]: JSON.stringify(fault) }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

test('latencyMs delays the headers', () =>
  withEmulator({}, async (emu) => {
    const started = Date.now();
    const res = await faulted(emu, { latencyMs: 200 });
    assert.equal(res.status, 200);
    assert.ok(Date.now() - started >= 190);
  }));

test('slowChunkMs spreads a fixed body over several delayed pieces', () =>
  withEmulator({}, async (emu) => {
    const started = Date.now();
    const res = await faulted(emu, { slowChunkMs: 60 });
    assert.equal(res.status, 200);
    assert.ok(Date.now() - started >= 170);
    assert.ok(JSON.parse(res.body.toString()).data.length > 5);
  }));

test('resetAfterBytes resets the connection mid-body', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { resetAfterBytes: 100 });
    assert.equal(res.status, 200);
    assert.ok(res.error, 'the client sees an error');
    assert.ok(res.body.length <= 100);
    assert.ok(Number(res.headers['content-length']) > 100);
  }));

test('resetAfterBytes also cuts an SSE stream', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { resetAfterBytes: 400 }, '/chat/completions', { ...CHAT, stream: true });
    assert.ok(res.error);
    assert.equal(parseSse(res.body.toString()).done, false);
  }));

test('truncateBodyBytes: Content-Length says more than arrives, then the connection ends', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { truncateBodyBytes: 50 });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 50);
    assert.ok(Number(res.headers['content-length']) > 50);
    assert.ok(res.error || !res.complete);
  }));

test('stall before-headers: no answer at all', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { stall: 'before-headers' }, '/models', undefined, 300);
    assert.equal(res.status, undefined);
    assert.match(res.error?.message ?? '', /timeout/);
  }));

test('stall after-headers: headers, then nothing', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { stall: 'after-headers' }, '/chat/completions', { ...CHAT, stream: true }, 300);
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 0);
    assert.ok(res.error);
  }));

test('malformedSse injects a broken data line', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { malformedSse: true }, '/chat/completions', { ...CHAT, stream: true });
    const events = parseSse(res.body.toString());
    assert.equal(events.malformed.length, 1);
    assert.equal(events.done, true);
  }));

test('dropDone ends the stream without [DONE]', () =>
  withEmulator({}, async (emu) => {
    const res = await faulted(emu, { dropDone: true }, '/chat/completions', { ...CHAT, stream: true });
    const events = parseSse(res.body.toString());
    assert.equal(events.done, false);
    assert.ok(events.chunks.length > 2);
    assert.equal(res.error, undefined);
  }));

test('invalidToolJson makes tool-call arguments unparsable', () =>
  withEmulator({ faults: { invalidToolJson: true } }, async (emu) => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } }];
    const res = await post(emu, '/chat/completions', { ...CHAT, messages: [{ role: 'user', content: 'call f' }], tools });
    const args = ((await res.json()) as ChatCompletion).choices[0]?.message.tool_calls?.[0]?.function.arguments ?? '';
    assert.throws(() => JSON.parse(args));
  }));

test('statusBurst: the next count requests fail, then requests succeed', () =>
  withEmulator({ faults: { statusBurst: { status: 500, count: 2 } } }, async (emu) => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(emu, '/chat/completions', CHAT)).status);
    assert.deepEqual(statuses, [500, 500, 200]);
  }));

test('statusBurst bodies are realistic: 429 with Retry-After, 502 as proxy HTML, 503 in the envelope', () =>
  withEmulator({}, async (emu) => {
    const limited = await faulted(emu, { statusBurst: { status: 429, count: 1 } });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '1');
    assert.equal(JSON.parse(limited.body.toString()).error.code, 'rate_limit_exceeded');
    const custom = await faulted(emu, { statusBurst: { status: 503, count: 1, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' } });
    assert.equal(custom.headers['retry-after'], 'Wed, 21 Oct 2015 07:28:00 GMT');
    assert.equal(JSON.parse(custom.body.toString()).error.type, 'server_error');
    const proxy = await faulted(emu, { statusBurst: { status: 502, count: 1 } });
    assert.match(String(proxy.headers['content-type']), /text\/html/);
    assert.match(proxy.body.toString(), /502 Bad Gateway/);
    const quota = await faulted(emu, { statusBurst: { status: 429, count: 1, code: 'insufficient_quota' } });
    assert.equal(quota.headers['retry-after'], undefined);
    assert.equal(JSON.parse(quota.body.toString()).error.code, 'insufficient_quota');
    assert.ok(proxy.headers['x-request-id']);
  }));

test('errorBody produces every body shape of gaps.md', () =>
  withEmulator({}, async (emu) => {
    const openai = await faulted(emu, { errorBody: 'openai', errorStatus: 422 });
    assert.equal(openai.status, 422);
    assert.equal(JSON.parse(openai.body.toString()).error.status_code, 422);
    const vendor = JSON.parse((await faulted(emu, { errorBody: 'vendor' })).body.toString());
    assert.deepEqual(Object.keys(vendor.error).sort(), ['code', 'message', 'param', 'type']);
    assert.equal(vendor.error.code, 'InvalidParameter');
    const fastapi = JSON.parse((await faulted(emu, { errorBody: 'fastapi', errorStatus: 400 })).body.toString());
    assert.equal(fastapi.detail.error, 'validation_error');
    assert.equal(typeof fastapi.detail.message, 'string');
    const text = await faulted(emu, { errorBody: 'text' });
    assert.equal(text.status, 500);
    assert.match(String(text.headers['content-type']), /text\/plain/);
    const html = await faulted(emu, { errorBody: 'html', errorStatus: 503 });
    assert.match(html.body.toString(), /<html>[\s\S]*503 Service Unavailable/);
  }));

test('pathPrefix scopes an emulator-wide fault to one endpoint; setFaults(undefined) clears it', () =>
  withEmulator({}, async (emu) => {
    emu.setFaults({ statusBurst: { status: 503, count: 10 }, pathPrefix: '/chat' });
    assert.equal((await get(emu, '/models')).status, 200);
    assert.equal((await post(emu, '/chat/completions', CHAT)).status, 503);
    emu.setFaults(undefined);
    assert.equal((await post(emu, '/chat/completions', CHAT)).status, 200);
  }));

test('expiredUrls issues signed links that are already expired', () =>
  withEmulator({}, async (emu) => {
    const res = await post(emu, '/images/generations', { model: 'stable-image-core-1.1', prompt: 'a red fox' }, { [FAULT_HEADER]: '{"expiredUrls":true}' });
    const url = ((await res.json()) as ImageResult).data[0]?.url ?? '';
    const download = await fetch(url);
    assert.equal(download.status, 403);
    assert.match(await download.text(), /<Code>AccessDenied<\/Code>[\s\S]*expired/);
  }));

test('a malformed fault header is a 400 naming the header', () =>
  withEmulator({}, async (emu) => {
    const res = await rawRequest(`${emu.url}/models`, { headers: authHeaders(emu, { [FAULT_HEADER]: '{"stall":"sometimes"}' }) });
    assert.equal(res.status, 400);
    assert.equal(JSON.parse(res.body.toString()).error.param, FAULT_HEADER);
  }));
