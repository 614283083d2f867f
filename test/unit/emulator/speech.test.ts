import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FAULT_HEADER } from '../../emulator/index';
import { supportedSpeechFormats } from '../../emulator/media/audio';
import { authHeaders, errorOf, post, rawRequest, withEmulator } from './kit';

const SPEAK = { model: 'kokoro', input: 'Hello there. This is a test. Goodbye now.', voice: 'af_heart' };

test('mp3 by default: audio/mpeg, chunked, usage headers', () =>
  withEmulator({}, async (emu) => {
    const res = await rawRequest(`${emu.url}/audio/speech`, { method: 'POST', headers: authHeaders(emu), body: JSON.stringify(SPEAK) });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    const input = Number(res.headers['x-usage-input-tokens']);
    const output = Number(res.headers['x-usage-output-tokens']);
    assert.ok(input > 0 && output > 0);
    assert.equal(Number(res.headers['x-usage-total-tokens']), input + output);
    assert.equal(res.body[0], 0xff, 'starts with an MPEG frame sync');
    assert.ok(res.body.length > 1000);
  }));

test('wav and every supported format come with the right content type; tts-1 is accepted', () =>
  withEmulator({}, async (emu) => {
    const wav = await post(emu, '/audio/speech', { ...SPEAK, model: 'tts-1', response_format: 'wav', speed: 2 });
    assert.equal(wav.headers.get('content-type'), 'audio/wav');
    assert.equal(Buffer.from(await wav.arrayBuffer()).toString('latin1', 0, 4), 'RIFF');
    for (const format of supportedSpeechFormats()) {
      const res = await post(emu, '/audio/speech', { ...SPEAK, response_format: format });
      assert.equal(res.status, 200, format);
      assert.match(res.headers.get('content-type') ?? '', /^audio\//);
      await res.arrayBuffer();
    }
  }));

test('slowChunkMs spaces the sentence chunks', () =>
  withEmulator({}, async (emu) => {
    const started = Date.now();
    const res = await post(emu, '/audio/speech', SPEAK, { [FAULT_HEADER]: '{"slowChunkMs":80}' });
    await res.arrayBuffer();
    assert.ok(Date.now() - started >= 150);
  }));

test('speech checks: voice list, formats it cannot encode, speed, input length', () =>
  withEmulator({}, async (emu) => {
    const voice = await post(emu, '/audio/speech', { ...SPEAK, voice: 'nobody' });
    assert.equal(voice.status, 400);
    const voiceError = await errorOf(voice);
    assert.equal(voiceError.param, 'voice');
    assert.match(voiceError.message, /af_heart.*zm_yunyang/);
    const unsupported = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'].find((f) => !supportedSpeechFormats().includes(f as never));
    if (unsupported) {
      const res = await post(emu, '/audio/speech', { ...SPEAK, response_format: unsupported });
      assert.equal(res.status, 400);
      const error = await errorOf(res);
      assert.equal(error.param, 'response_format');
      for (const f of supportedSpeechFormats()) assert.match(error.message, new RegExp(f));
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...SPEAK, response_format: 'ogg' }, 'response_format'],
      [{ ...SPEAK, speed: 4.5 }, 'speed'],
      [{ ...SPEAK, input: 'a'.repeat(4097) }, 'input'],
      [{ ...SPEAK, input: '' }, 'input'],
      [{ ...SPEAK, stream: true }, 'stream'],
    ];
    for (const [body, param] of cases) {
      const res = await post(emu, '/audio/speech', body);
      assert.equal(res.status, 400, param);
      assert.equal((await errorOf(res)).param, param);
    }
    assert.equal((await post(emu, '/audio/speech', { ...SPEAK, model: 'tts-2' })).status, 404);
  }));
