import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanForSpeech } from '../../../src/speech/speechText';

test('markdown markup is removed: headings, emphasis, links, images, lists, quotes, tables, rules, fences', () => {
  const source = [
    '# Getting **started**',
    '',
    'Read the [docs](https://example.com/a) or ![the logo](logo.png) at https://www.github.com/x/y.',
    '- item one',
    '1. item `two()`',
    '> quoted *text* here',
    '---',
    '| Name | Value |',
    '|------|------:|',
    '| a    | 1     |',
    '```ts',
    'const fooBar = (a) => a.b_c;',
    '```',
    'Some <b>bold</b> ~~old~~ __text__.',
  ].join('\n');
  const spoken = cleanForSpeech(source).text;
  assert.equal(
    spoken,
    [
      'Getting started.',
      '',
      'Read the docs or the logo at github.com.',
      'item one.',
      'item two .',
      'quoted text here.',
      '',
      'Name, Value.',
      '',
      'a, 1.',
      '',
      'const foo Bar  (a)  a.b c;',
      '',
      'Some bold  old text.',
    ].join('\n'),
  );
  assert.doesNotMatch(spoken, /[#*`|_~[\]<>]|https?:/);
});

test('code symbols become pauses and identifiers become words', () => {
  assert.equal(cleanForSpeech('if (x >= 10 && y != 0) { return getUserName(); }').text, 'if (x  10  y  0)  return get User Name ; ');
  assert.equal(cleanForSpeech('snake_case_name').text, 'snake case name');
});

test('plain prose, other scripts and emoji pass unchanged', () => {
  for (const text of ['Hello, world! How are you?', '今日はいい天気ですね。散歩しましょう。', 'Ça va très bien 👍🏽.', 'नमस्ते दुनिया।']) {
    assert.equal(cleanForSpeech(text).text, text);
  }
});

test('every part of the cleaned text maps back to where it came from', () => {
  const source = 'Intro.\n\n## See the [manual](https://x.y/z) now\n\nUse `runFast()` here.';
  const cleaned = cleanForSpeech(source);
  const back = (word: string): string => {
    const at = cleaned.text.indexOf(word);
    assert.ok(at >= 0, word);
    return source.slice(cleaned.toSource(at), cleaned.toSourceEnd(at + word.length));
  };
  assert.equal(back('Intro.'), 'Intro.');
  assert.equal(back('manual'), 'manual');
  assert.equal(back('See the manual now'), 'See the [manual](https://x.y/z) now');
  assert.equal(back('run Fast'), 'runFast');
  assert.equal(back('here.'), 'here.');
  assert.equal(cleaned.toSource(cleaned.text.length), source.length);
});
