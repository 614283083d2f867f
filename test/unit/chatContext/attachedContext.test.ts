import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attachmentBlock, capText, fitToLimits, looksBinary, treeListing } from '../../../src/chat/attachedContext';
import type { ContextChip } from '../../../src/chat/conversation';

const chip = (id: string, text: string, patch: Partial<ContextChip> = {}): ContextChip => ({
  id,
  kind: 'file',
  file: `${id}.ts`,
  uri: `file:///w/${id}.ts`,
  languageId: 'ts',
  startLine: 0,
  endLine: 0,
  text,
  ...patch,
});

test('a NUL byte among the first 8000 bytes makes a file binary; text and UTF-8 do not', () => {
  assert.equal(looksBinary(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1])), true);
  assert.equal(looksBinary(new TextEncoder().encode('héllo\nwörld')), false);
  const late = new Uint8Array(9000).fill(0x61);
  late[8500] = 0;
  assert.equal(looksBinary(late), false);
});

test('capText cuts at a line end near the limit, else at the limit', () => {
  assert.deepEqual(capText('abc', 10), { text: 'abc', cut: false });
  assert.deepEqual(capText('aaaaaaaaaa\nbbbbbbbbb\n', 12), { text: 'aaaaaaaaaa\n', cut: true });
  assert.deepEqual(capText('x'.repeat(20), 12), { text: 'x'.repeat(12), cut: true });
});

test('fitToLimits cuts each attachment at its cap and the message at the total; later ones get a note only', () => {
  const [one] = fitToLimits([chip('a', 'a'.repeat(300))], 10_000, 280);
  assert.equal(one!.text.length, 280);
  assert.match(one!.note ?? '', /cut at 280 of 300 characters \(limit: 280 characters per attachment\)/);
  const fitted = fitToLimits(
    [chip('a', 'a'.repeat(300)), chip('b', 'b'.repeat(300)), chip('c', 'c'.repeat(300)), chip('d', ''), chip('e', 'e'.repeat(300), { note: 'ignored' })],
    850,
    1000,
  );
  assert.deepEqual(
    fitted.map((c) => c.text.length),
    [300, 300, 250, 0, 0],
  );
  assert.equal(fitted[0]!.note, undefined);
  assert.match(fitted[2]!.note ?? '', /cut at 250 of 300 characters \(limit: 850 characters per message\)/);
  assert.equal(fitted[3]!.note, undefined, 'an empty chip is left as it is');
  assert.equal(fitted[4]!.note, "ignored; not attached: the message's attachments reached 850 characters");
  const stub = fitToLimits([chip('a', 'a'.repeat(790)), chip('b', 'b'.repeat(300))], 850, 1000);
  assert.equal(stub[1]!.text, '', 'too little room left: not cut to a stub of 60 characters');
});

test('a folder tree lists folders first, indented, and counts what is over the cap', () => {
  const tree = treeListing(['b.ts', 'src/z.ts', 'src/lib/y.ts', 'a.ts']);
  assert.equal(tree.text, 'src/\n  lib/\n    y.ts\n  z.ts\na.ts\nb.ts');
  assert.equal(tree.cut, false);
  const cut = treeListing(['a/1', 'a/2', 'a/3', 'b/1', 'b/2', 'c'], 3);
  assert.equal(cut.text, 'a/\n  1\n  2\n(4 more files not listed)');
  assert.equal(cut.cut, true);
});

test('an attachment block names kind, name and note (escaped), fences the text, and says when nothing is attached', () => {
  assert.equal(attachmentBlock(chip('a', 'x <y>')), '<attachment kind="file" name="a.ts">\n```ts\nx <y>\n```\n</attachment>');
  const refused = attachmentBlock(chip('b', '', { note: 'not attached: "b" is <binary>' }));
  assert.equal(refused, '<attachment kind="file" name="b.ts" note="not attached: &quot;b&quot; is &lt;binary>">\n(no content attached)\n</attachment>');
  const symbol = attachmentBlock(chip('c', 'fn()', { kind: 'symbol', name: 'parse', startLine: 3, endLine: 9 }));
  assert.match(symbol, /^<attachment kind="symbol" name="parse \(c\.ts:3-9\)">/);
  assert.match(attachmentBlock(chip('d', 'src/\n  a.ts', { kind: 'folder', file: 'src' })), /^<attachment kind="folder" name="src\/">\n```\nsrc\//);
});
