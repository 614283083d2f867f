import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SPEECH_FORMATS, SPEECH_SPEED, VOICES } from '../../../src/gateway/validation/limits';
import { readPlayerMessage } from '../../../src/protocol/playerProtocol';
import { guessLanguage } from '../../../src/speech/languageGuess';
import { settingSchemas } from '../../support/packageManifest';
import { DEFAULT_VOICE, findVoice, groupVoices, previewText, voiceForText, voiceName } from '../../../src/speech/voices';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { configuration: unknown } };
const setting = (name: string) =>
  settingSchemas<{ default?: unknown; enum?: unknown[]; minimum?: number; maximum?: number }>(manifest)[`genaiGateway.speech.${name}`];

test('all 67 voices, grouped by language then gender, each group of one language and gender', () => {
  const groups = groupVoices();
  assert.equal(groups.flatMap((g) => g.voices).length, 67);
  assert.deepEqual(
    groups.flatMap((g) => g.voices),
    [...VOICES],
  );
  for (const group of groups) assert.ok(group.voices.every((v) => v.language === group.language && v.gender === group.gender));
  assert.equal(new Set(groups.map((g) => `${g.language}/${g.gender}`)).size, groups.length, 'no language-gender pair is split');
  assert.equal(groups.length, 17, '9 languages, French has no male voice');
  assert.deepEqual(
    groups.slice(0, 2).map((g) => [g.language, g.gender, g.voices.length]),
    [
      ['English (American)', 'female', 18],
      ['English (American)', 'male', 12],
    ],
  );
});

test('voice names are readable, older variants marked; every language has a preview sentence', () => {
  assert.equal(voiceName('af_heart'), 'Heart');
  assert.equal(voiceName('af_v0bella'), 'Bella (v0)');
  assert.equal(voiceName('af_v0'), 'Default (v0)');
  assert.equal(voiceName('zm_yunxi'), 'Yunxi');
  for (const language of new Set(VOICES.map((v) => v.language))) {
    const voice = VOICES.find((v) => v.language === language)!;
    assert.ok(previewText(voice).length > 5, language);
  }
  assert.ok(findVoice(DEFAULT_VOICE));
});

test('the language of a text is guessed by script or by frequent words, and left open when unsure', () => {
  assert.equal(guessLanguage('今日はとても良い天気ですね。散歩に行きましょう。'), 'Japanese');
  assert.equal(guessLanguage('今天天气很好，我们去公园散步吧。'), 'Chinese');
  assert.equal(guessLanguage('आज मौसम बहुत अच्छा है।'), 'Hindi');
  assert.equal(guessLanguage('Le chat est dans la maison et nous sommes dans le jardin avec les enfants.'), 'French');
  assert.equal(guessLanguage('Il gatto è nella casa e gli amici sono per la strada, anche questo non è male.'), 'Italian');
  assert.equal(guessLanguage('Você não sabe que os livros são da biblioteca, mas isso é com ele.'), 'Portuguese');
  assert.equal(guessLanguage('El perro y los gatos están en la casa, pero no es para mí.'), 'German/European');
  assert.equal(guessLanguage('The cat is in the house and the dog is with the children.'), 'English (American)');
  assert.equal(guessLanguage('const x = 1;'), undefined);
  assert.equal(guessLanguage(''), undefined);
});

test("the voice for a text: its language's default voice when set and valid, else the default voice", () => {
  const settings = { voice: 'am_adam', voiceByLanguage: { Japanese: 'jf_nezumi', French: 'nobody' } };
  assert.equal(voiceForText('今日はとても良い天気ですね。', settings), 'jf_nezumi');
  assert.equal(voiceForText('Le chat est dans la maison et nous sommes dans le jardin.', settings), 'am_adam', 'an unknown voice is ignored');
  assert.equal(voiceForText('今天天气很好。', settings), 'am_adam', 'no voice set for Chinese');
});

test('the settings in package.json match the spec data: formats, speed range, default voices per language', () => {
  assert.deepEqual(setting('format').enum, [...SPEECH_FORMATS]);
  assert.equal(setting('speed').minimum, SPEECH_SPEED.min);
  assert.equal(setting('speed').maximum, SPEECH_SPEED.max);
  assert.equal(setting('voice').default, DEFAULT_VOICE);
  for (const [language, id] of Object.entries(setting('voiceByLanguage').default as Record<string, string>)) {
    assert.equal(findVoice(id)?.language, language, `${id} is a ${language} voice`);
  }
});

test('the player protocol accepts well-formed messages only, re-built from their known fields', () => {
  assert.deepEqual(readPlayerMessage({ type: 'chunkEnded', readingId: 3, index: 1, extra: 'x' }), { type: 'chunkEnded', readingId: 3, index: 1 });
  assert.deepEqual(readPlayerMessage({ type: 'setSpeed', speed: 1.5 }), { type: 'setSpeed', speed: 1.5 });
  assert.deepEqual(readPlayerMessage({ type: 'paused', readingId: 1, paused: true }), { type: 'paused', readingId: 1, paused: true });
  for (const bad of [
    null,
    'ready',
    { type: 'play' },
    { type: 'setSpeed', speed: 9 },
    { type: 'progress', readingId: 1, index: 0, position: 2 },
    { type: 'chunkEnded', readingId: -1, index: 0 },
    { type: 'chunkStarted', readingId: 1, index: 0.5 },
    { type: 'paused', readingId: 1, paused: 'yes' },
    { type: '__proto__' },
  ]) {
    assert.equal(readPlayerMessage(bad), undefined, JSON.stringify(bad));
  }
});
