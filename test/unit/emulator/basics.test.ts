import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ModelList } from '../../../src/gateway/types/models';
import { errorOf, get, post, withEmulator } from './kit';

test('GET /models lists the real ids of every capability and chat models', () =>
  withEmulator({}, async (emu) => {
    const res = await get(emu, '/models');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('x-request-id') ?? '', /^req_\d+_[a-z0-9]+$/);
    const list = (await res.json()) as ModelList;
    assert.equal(list.object, 'list');
    const ids = list.data.map((m) => m.id);
    for (const id of [
      'stable-image-core-1.1',
      'bytedance-seedream-4',
      'bytedance-seedream-4-5',
      'veo-2',
      'google-veo-3',
      'google-veo-3-1',
      'seedance-1-0-pro-250528',
      'seedance-1-0-pro-fast-251015',
      'seedance-1-0-lite-i2v-250428',
      'seedance-1-5-pro-251215',
      'kokoro',
      'gpt-4o-mini',
      'llama-3.1-70b-instruct',
    ])
      assert.ok(ids.includes(id), id);
    for (const m of list.data) assert.deepEqual(Object.keys(m).sort(), ['created', 'id', 'object', 'owned_by']);
  }));

test('401 invalid_api_key without or with a wrong key; the access token is accepted', () =>
  withEmulator({}, async (emu) => {
    const none = await fetch(`${emu.url}/models`);
    assert.equal(none.status, 401);
    assert.equal((await errorOf(none)).code, 'invalid_api_key');
    const wrong = await fetch(`${emu.url}/models`, { headers: { authorization: 'Bearer nope-nope-nope' } });
    assert.equal(wrong.status, 401);
    assert.ok(wrong.headers.get('x-request-id'));
    const token = await fetch(`${emu.url}/models`, { headers: { authorization: `Bearer ${emu.accessToken}` } });
    assert.equal(token.status, 200);
  }));

test('custom key and token options', () =>
  withEmulator({ apiKey: 'k-1', accessToken: 't-1' }, async (emu) => {
    assert.equal(emu.apiKey, 'k-1');
    assert.equal((await fetch(`${emu.url}/models`, { headers: { authorization: 'Bearer t-1' } })).status, 200);
    assert.equal((await fetch(`${emu.url}/models`, { headers: { authorization: 'Bearer emu-key-0123456789' } })).status, 401);
  }));

test('unknown path 404 and bad JSON 400, both in the envelope', () =>
  withEmulator({}, async (emu) => {
    const missing = await get(emu, '/nothing/here');
    assert.equal(missing.status, 404);
    assert.match((await errorOf(missing)).message, /Invalid URL/);
    const bad = await fetch(`${emu.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: '{"model": ',
    });
    assert.equal(bad.status, 400);
    const error = await errorOf(bad);
    assert.equal(error.type, 'invalid_request_error');
    assert.equal(error.code, 'invalid_json');
  }));

test('unknown model is 404 model_not_found; a known model on the wrong endpoint is 400', () =>
  withEmulator({}, async (emu) => {
    const res = await post(emu, '/chat/completions', { model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(res.status, 404);
    const error = await errorOf(res);
    assert.equal(error.code, 'model_not_found');
    assert.match(error.message, /gpt-9/);
    const wrong = await post(emu, '/chat/completions', { model: 'kokoro', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(wrong.status, 400);
    assert.equal((await errorOf(wrong)).param, 'model');
  }));

test('rate limit: 429 rate_limit_exceeded with Retry-After above the limit; setOptions lifts it', () =>
  withEmulator({ rateLimitPerMinute: 2 }, async (emu) => {
    const first = await get(emu, '/models');
    assert.equal(first.headers.get('x-ratelimit-remaining-requests'), '1');
    assert.equal((await get(emu, '/models')).status, 200);
    const limited = await get(emu, '/models');
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.ok(limited.headers.get('retry-after-ms'));
    assert.match(limited.headers.get('x-ratelimit-reset-requests') ?? '', /^\d+(\.\d+)?(ms|s)$|^\d+m\d+s$/);
    assert.equal((await errorOf(limited)).code, 'rate_limit_exceeded');
    emu.setOptions({ rateLimitPerMinute: undefined });
    assert.equal((await get(emu, '/models')).status, 200);
  }));

test('every request is recorded in order with its status and body', () =>
  withEmulator({}, async (emu) => {
    await get(emu, '/models?x=1');
    await post(emu, '/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(emu.requests.length, 2);
    const [a, b] = emu.requests;
    assert.equal(a?.method, 'GET');
    assert.equal(a?.path, '/v1/models');
    assert.equal(a?.query, 'x=1');
    assert.equal(a?.status, 200);
    assert.equal(b?.headers.authorization, `Bearer ${emu.apiKey}`);
    assert.deepEqual((b?.body as { model: string }).model, 'gpt-4o-mini');
    assert.ok((b?.bodyBytes ?? 0) > 0);
  }));
