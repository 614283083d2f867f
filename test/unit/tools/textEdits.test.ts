import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyReplacement, lineMatcher, matchingLines, planEdit, sliceLines } from '../../../src/tools/textEdits';

const FILE = 'one\ntwo\nthree\ntwo again\n';

test('oldText that occurs once is replaced exactly', () => {
  const r = planEdit(FILE, { oldText: 'three', newText: '3' });
  assert.equal(applyReplacement(FILE, r), 'one\ntwo\n3\ntwo again\n');
});

test('oldText that occurs several times, or not at all, or empty, is refused with advice', () => {
  assert.throws(() => planEdit(FILE, { oldText: 'two', newText: '2' }), /occurs 2 times.*include more of the surrounding text/);
  assert.throws(() => planEdit(FILE, { oldText: 'four', newText: '4' }), /does not occur in the file/);
  assert.throws(() => planEdit(FILE, { oldText: '', newText: '4' }), /is empty/);
});

test('a line range replaces whole lines without their final line break', () => {
  assert.equal(applyReplacement(FILE, planEdit(FILE, { startLine: 2, endLine: 3, newText: 'TWO\nTHREE' })), 'one\nTWO\nTHREE\ntwo again\n');
  assert.equal(applyReplacement(FILE, planEdit(FILE, { startLine: 4, newText: 'last' })), 'one\ntwo\nthree\nlast\n');
  assert.equal(applyReplacement('a\r\nb\r\n', planEdit('a\r\nb\r\n', { startLine: 1, newText: 'A' })), 'A\r\nb\r\n');
  assert.equal(applyReplacement('no newline', planEdit('no newline', { startLine: 1, newText: 'x' })), 'x');
});

test('a range outside the file, or no target at all, is refused', () => {
  assert.throws(() => planEdit(FILE, { startLine: 5, newText: 'x' }), /not in the file, which has 4 lines/);
  assert.throws(() => planEdit(FILE, { startLine: 3, endLine: 2, newText: 'x' }), /not in the file/);
  assert.throws(() => planEdit(FILE, { newText: 'x' }), /Give either "oldText" or "startLine"/);
});

test('sliceLines says which lines it gives', () => {
  assert.equal(sliceLines('a\nb\nc'), '(3 lines)\na\nb\nc');
  assert.equal(sliceLines('a\nb\nc', 2, 2), '(lines 2-2 of 3)\nb');
  assert.equal(sliceLines('a\nb\nc', 2, 99), '(lines 2-3 of 3)\nb\nc');
});

test('line search: case-insensitive text or a regular expression; a bad pattern is explained', () => {
  assert.deepEqual(
    matchingLines(FILE, lineMatcher('TWO', false), 10).map((m) => m.line),
    [2, 4],
  );
  assert.deepEqual(matchingLines(FILE, lineMatcher('^t.o$', true), 10), [{ line: 2, text: 'two' }]);
  assert.equal(matchingLines(FILE, lineMatcher('o', false), 2).length, 2);
  assert.throws(() => lineMatcher('(', true), /not a valid regular expression/);
});

test('placing oldText takes time linear in the file and oldText, however repetitive: it runs on the extension host, before the user is asked', () => {
  // Texts for which String.prototype.indexOf, or counting overlapping occurrences with it, is quadratic:
  // about 7 s each at these sizes before, minutes for a 2 MB file and a 1 MB oldText (both within the tools' limits).
  const text = 'a'.repeat(400_000);
  const cases: Array<[string, RegExp]> = [
    ['a'.repeat(100_000) + 'b' + 'a'.repeat(100_000), /does not occur/],
    ['a'.repeat(200_000), /occurs 200001 times/],
  ];
  for (const [oldText, refusal] of cases) {
    const started = Date.now();
    assert.throws(() => planEdit(text, { oldText, newText: '' }), refusal);
    const ms = Date.now() - started;
    assert.ok(ms < 1000, `planEdit took ${ms} ms`);
  }
  assert.deepEqual(planEdit('abab', { oldText: 'aba', newText: '' }), { start: 0, end: 3, newText: '' });
  assert.throws(() => planEdit('ababa', { oldText: 'aba', newText: '' }), /occurs 2 times/);
  assert.throws(() => planEdit('ab', { oldText: 'abc', newText: '' }), /does not occur/);
});
