import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SpeechRequest } from '../../../src/gateway/types/speech';
import { VOICES, validateSpeechRequest } from '../../../src/gateway/validation';
import { assertRefused, loose } from './refusal';

const speech = (fields: object = {}): void =>
  validateSpeechRequest(loose<SpeechRequest>({ model: 'kokoro', input: 'Hello there.', voice: 'af_heart', ...fields }));

test('accepts every voice of the table', () => {
  for (const { id } of VOICES) speech({ voice: id });
});

test('accepts a full request', () => {
  speech({ response_format: 'wav', speed: 1.5 });
});

test('model required', () => {
  assertRefused(() => speech({ model: '' }), { param: 'model', value: '' });
});

test('input required, at most 4096 characters', () => {
  speech({ input: 'x'.repeat(4096) });
  assertRefused(() => speech({ input: 'x'.repeat(4097) }), { param: 'input', allowed: 'at most 4096 characters' });
  assertRefused(() => speech({ input: '' }), { param: 'input', value: '', allowed: 'a non-empty text' });
  assertRefused(() => speech({ input: undefined }), { param: 'input', value: undefined });
});

test('an unknown voice is refused with examples and the number of voices', () => {
  for (const voice of ['alloy', 'AF_HEART', 'fm_siwis', '', undefined]) {
    const error = assertRefused(() => speech({ voice }), { param: 'voice', value: voice, allowed: 'one of the 67 voice ids' });
    assert.match(error.message, /af_alloy, bf_alice/);
  }
});

test('response_format among mp3, opus, aac, flac, wav, pcm', () => {
  for (const format of ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']) speech({ response_format: format });
  assertRefused(() => speech({ response_format: 'ogg' }), {
    param: 'response_format',
    value: 'ogg',
    allowed: '"mp3", "opus", "aac", "flac", "wav" or "pcm"',
  });
});

test('speed from 0.25 to 4', () => {
  speech({ speed: 0.25 });
  speech({ speed: 4 });
  for (const speed of [0.2, 4.5, '1']) assertRefused(() => speech({ speed }), { param: 'speed', value: speed, allowed: 'a number from 0.25 to 4' });
});
