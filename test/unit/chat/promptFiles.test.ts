import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileReferences, narrowSwitches, parseArguments, parsePromptFile, promptInputs, promptName, substituteInputs } from '../../../src/chat/promptFiles';
import { slashCommand } from '../../../src/chat/slashCommand';

test("a prompt file's name comes from NAME.prompt.md", () => {
  assert.equal(promptName('review.prompt.md'), 'review');
  assert.equal(promptName('fix-tests.v2.prompt.md'), 'fix-tests.v2');
  assert.equal(promptName('review.md'), undefined);
  assert.equal(promptName('has space.prompt.md'), undefined);
  assert.equal(promptName('.prompt.md'), undefined);
});

test('front matter: description, argument-hint, model and tools are honoured; the body is the message', () => {
  const prompt = parsePromptFile(
    'review',
    'workspace',
    '---\ndescription: Review a file\nargument-hint: file=PATH\nmodel: gpt-4o\ntools: ["read_file", "search_text"]\nmode: agent\n---\n\nReview ${input:file}.\n',
  );
  assert.deepEqual(prompt, {
    name: 'review',
    source: 'workspace',
    description: 'Review a file',
    argumentHint: 'file=PATH',
    model: 'gpt-4o',
    tools: ['read_file', 'search_text'],
    body: 'Review ${input:file}.',
  });
  const plain = parsePromptFile('plain', 'user', 'Just text');
  assert.deepEqual(plain, { name: 'plain', source: 'user', description: '', body: 'Just text' });
  assert.deepEqual(parsePromptFile('none', 'user', '---\ntools: []\n---\nX').tools, [], 'an empty list allows no tool');
});

test('inputs: each name once, in order, with its placeholder', () => {
  assert.deepEqual(promptInputs('A ${input:file} B ${input:focus:what to look at} C ${input:file:again} ${input:bad name}'), [
    { name: 'file' },
    { name: 'focus', placeholder: 'what to look at' },
  ]);
});

test('arguments: key=value pairs first (quoted values may hold spaces), the rest is text', () => {
  assert.deepEqual(parseArguments('file=src/a.ts focus="error handling" x=\'y z\' and then some'), {
    values: { file: 'src/a.ts', focus: 'error handling', x: 'y z' },
    rest: 'and then some',
  });
  assert.deepEqual(parseArguments('  just text with a=b later'), { values: {}, rest: 'just text with a=b later' });
  assert.deepEqual(parseArguments('a="unclosed value'), { values: {}, rest: 'a="unclosed value' });
  assert.deepEqual(parseArguments('empty= next=1'), { values: { empty: '', next: '1' }, rest: '' });
  assert.deepEqual(parseArguments(''), { values: {}, rest: '' });
});

test('substitution: every occurrence, with or without a placeholder; an input without a value stays as written', () => {
  assert.equal(
    substituteInputs('Review ${input:file} (${input:file:path}) for ${input:focus}; ${input:other}', { file: 'a.ts', focus: '$1 & ${input:file}' }),
    'Review a.ts (a.ts) for $1 & ${input:file}; ${input:other}',
  );
});

test('#file: references, each once, trailing punctuation left out', () => {
  assert.deepEqual(fileReferences('See #file:src/a.ts and #file:"docs/my guide.md", also #file:../b.md.\n#file:src/a.ts again; not#file:x'), [
    'src/a.ts',
    'docs/my guide.md',
    '../b.md',
  ]);
});

test('a /command is recognised only at the start and only for a known prompt', () => {
  const names = new Set(['review', 'fix.v2']);
  assert.deepEqual(slashCommand('/review file=a.ts\nmore', names), { name: 'review', args: 'file=a.ts\nmore' });
  assert.deepEqual(slashCommand('  /fix.v2  ', names), { name: 'fix.v2', args: '' });
  assert.equal(slashCommand('/unknown', names), undefined);
  assert.equal(slashCommand('please /review', names), undefined);
  assert.equal(slashCommand('/reviewing', names), undefined);
});

test("a prompt's tool list narrows the conversation's switches, never widens them", () => {
  const narrowed = narrowSwitches({ run_task: false, edit_file: true }, ['read_file', 'edit_file', 'search_text'], ['read_file', 'run_task', 'unknown']);
  // read_file keeps the conversation's choice; run_task stays off although the prompt lists it.
  assert.deepEqual(narrowed, { run_task: false, edit_file: false, search_text: false });
  assert.deepEqual(narrowSwitches(undefined, ['read_file'], []), { read_file: false });
});
