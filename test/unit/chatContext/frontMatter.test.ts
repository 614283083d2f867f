import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFrontMatter, textList } from '../../../src/chat/frontMatter';

test('front matter between --- lines at the very start is read as YAML; the body follows', () => {
  const read = readFrontMatter('---\ndescription: "Review: the diff"\ntools: [read_file, search_text]\nn: 3\n---\n# Body\n---\nnot front matter\n');
  assert.deepEqual(read.data, { description: 'Review: the diff', tools: ['read_file', 'search_text'], n: 3 });
  assert.equal(read.body, '# Body\n---\nnot front matter\n');
  assert.equal(read.error, undefined);
});

test('CRLF and a byte order mark are understood', () => {
  const read = readFrontMatter('\uFEFF---\r\napplyTo: "**/*.ts"\r\n---\r\nText\r\n');
  assert.deepEqual(read.data, { applyTo: '**/*.ts' });
  assert.equal(read.body, 'Text\r\n');
});

test('no front matter, an unclosed one, or one that is not a mapping: no fields, the text as it is', () => {
  assert.deepEqual(readFrontMatter('# Title\n'), { data: {}, body: '# Title\n' });
  assert.deepEqual(readFrontMatter('---\na: 1\nno end\n'), { data: {}, body: '---\na: 1\nno end\n' });
  assert.deepEqual(readFrontMatter('---\n- a\n- b\n---\nBody').data, {});
  assert.deepEqual(readFrontMatter('text\n---\na: 1\n---\n').data, {}, 'only at the very start');
});

test('invalid YAML is an error, the body still follows; custom tags build nothing', () => {
  const bad = readFrontMatter('---\na: [unclosed\n---\nBody');
  assert.deepEqual(bad.data, {});
  assert.equal(bad.body, 'Body');
  assert.ok(bad.error);
  const tagged = readFrontMatter('---\nx: !!js/function "function () { return 1 }"\n---\n');
  assert.deepEqual(tagged.data, {});
  assert.ok(tagged.error, 'the core schema knows no JavaScript tags');
});

test('lists: a YAML list, or one text with commas outside braces', () => {
  assert.deepEqual(textList('**/*.ts, **/*.{js,mjs} ,docs/**'), ['**/*.ts', '**/*.{js,mjs}', 'docs/**']);
  assert.deepEqual(textList([' a ', 'b,c']), ['a', 'b,c']);
  assert.equal(textList(3), undefined);
  assert.equal(textList(['a', 1]), undefined);
  assert.deepEqual(textList(''), []);
});
