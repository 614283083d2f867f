import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VOICES } from '../../../src/gateway/validation/limits';

test('the voice table holds the 67 voices of the spec, each once', () => {
  assert.equal(VOICES.length, 67);
  assert.equal(new Set(VOICES.map((v) => v.id)).size, 67);
});

test('a voice id starts with its language letter and its gender letter', () => {
  const languageLetter = new Map<string, string>();
  for (const voice of VOICES) {
    assert.match(voice.id, /^[a-z][fm]_[a-z0-9]+$/);
    assert.equal(voice.id[1], voice.gender === 'female' ? 'f' : 'm', voice.id);
    const letter = languageLetter.get(voice.language) ?? voice.id[0];
    languageLetter.set(voice.language, letter);
    assert.equal(voice.id[0], letter, `${voice.id} is in ${voice.language}`);
  }
  assert.equal(languageLetter.size, 9);
});

test('voice counts per language and gender follow the spec table', () => {
  const count = (language: string, gender: 'female' | 'male'): number => VOICES.filter((v) => v.language === language && v.gender === gender).length;
  assert.equal(count('English (American)', 'female'), 18);
  assert.equal(count('English (American)', 'male'), 12);
  assert.equal(count('English (British)', 'female'), 5);
  assert.equal(count('English (British)', 'male'), 6);
  assert.equal(count('French', 'male'), 0);
  assert.equal(count('Chinese', 'male'), 4);
  assert.deepEqual(
    VOICES.filter((v) => v.language === 'Japanese').map((v) => v.id),
    ['jf_alpha', 'jf_gongitsune', 'jf_nezumi', 'jf_tebukuro', 'jm_kumo'],
  );
});
