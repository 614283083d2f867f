import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { slugForFileName, uniquePath } from '../../../src/files/atomicFile';
import { withTempDir } from './mediaTestHelpers';

test('slugs are lowercased words joined by "-", accents of Latin letters removed', () => {
  assert.equal(slugForFileName('A Cat, on the Moon!'), 'a-cat-on-the-moon');
  assert.equal(slugForFileName('  Café  déjà-vu: naïve façade  '), 'cafe-deja-vu-naive-facade');
  assert.equal(slugForFileName('İstanbul at 5pm'), 'istanbul-at-5pm');
  assert.equal(slugForFileName('Ｆｕｌｌ　Ｗｉｄｔｈ ①'), 'full-width-1');
  assert.equal(slugForFileName('photo_2024.01.02'), 'photo-2024-01-02');
});

test('letters of other scripts are kept with their marks', () => {
  assert.equal(slugForFileName('猫が月の上に座っている'), '猫が月の上に座っている');
  assert.equal(slugForFileName('नमस्ते दुनिया'), 'नमस्ते-दुनिया');
  assert.equal(slugForFileName('Straße in Ελλάδα'), 'straße-in-ελλάδα');
  assert.equal(slugForFileName('مرحبا بالعالم'), 'مرحبا-بالعالم');
});

test('path separators, dots, symbols, control and invisible characters only separate words', () => {
  assert.equal(slugForFileName('../../etc/passwd'), 'etc-passwd');
  assert.equal(slugForFileName('C:\\Windows\\system32\\'), 'c-windows-system32');
  assert.equal(slugForFileName('a\u202Eb\u200Bc\u0000d\ne'), 'a-b-c-d-e');
  assert.equal(slugForFileName('<tag> "quoted" | pipe? star* ／fullwidth'), 'tag-quoted-pipe-star-fullwidth');
  assert.equal(slugForFileName('sunset 🌅 over 🏔️ peaks'), 'sunset-over-peaks');
});

test('slugs are never empty and never a reserved device name', () => {
  for (const empty of ['', '   ', '...', '../', '🌅🏔️', '\u0000\u0001', '---']) {
    assert.equal(slugForFileName(empty), 'untitled', JSON.stringify(empty));
  }
  assert.equal(slugForFileName('CON'), '_con');
  assert.equal(slugForFileName('nul.'), '_nul');
  assert.equal(slugForFileName('Com1'), '_com1');
  assert.equal(slugForFileName('lpt²'), '_lpt2');
  assert.equal(slugForFileName('console'), 'console');
});

test('long text is cut at a word boundary, or inside a single over-long word', () => {
  const prompt = 'a majestic lion resting under an acacia tree at golden hour, photorealistic, 8k, wide angle';
  const slug = slugForFileName(prompt);
  assert.equal(slug, 'a-majestic-lion-resting-under-an-acacia-tree-at-golden-hour');
  assert.equal(slugForFileName(prompt, 20), 'a-majestic-lion');
  assert.equal(slugForFileName('x'.repeat(500)), 'x'.repeat(60));
  assert.equal(slugForFileName('supercalifragilistic expialidocious', 10), 'supercalif');
  assert.equal(slugForFileName('abc', 0), 'a');
});

test('slugs stay within 200 bytes, so a suffix and extension fit in a 255-byte file name', () => {
  const slug = slugForFileName('漢'.repeat(300), 1000);
  assert.ok(Buffer.byteLength(slug) <= 200);
  assert.equal(slug, '漢'.repeat(66));
});

test('any text gives a safe, non-empty slug', () => {
  // Code points of all planes, lone surrogates included; ASCII is favoured so words form.
  const codePoint = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0x10ffff }));
  const anyText = fc.array(codePoint, { maxLength: 300 }).map((codePoints) => String.fromCodePoint(...codePoints));
  fc.assert(
    fc.property(anyText, fc.integer({ min: 1, max: 120 }), (text, maxLength) => {
      const slug = slugForFileName(text, maxLength);
      assert.match(slug, /^_?[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(-[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*$/u);
      assert.ok([...slug].length <= Math.max(maxLength, 'untitled'.length) + 1);
      assert.ok(Buffer.byteLength(slug) <= 201);
      assert.equal(slug, slug.toLowerCase());
    }),
    { numRuns: 2000 },
  );
});

test('uniquePath counts up from the plain name, with or without a dot in the extension', async () => {
  await withTempDir(async (dir) => {
    assert.equal(await uniquePath(dir, 'a', 'png'), path.join(dir, 'a.png'));
    await fs.writeFile(path.join(dir, 'a.png'), '');
    assert.equal(await uniquePath(dir, 'a', '.png'), path.join(dir, 'a-2.png'));
    await fs.writeFile(path.join(dir, 'a-2.png'), '');
    assert.equal(await uniquePath(dir, 'a', 'png'), path.join(dir, 'a-3.png'));
    assert.equal(await uniquePath(dir, 'a', ''), path.join(dir, 'a'));
    assert.equal(await uniquePath(dir, 'a', 'jpg'), path.join(dir, 'a.jpg'));
  });
});

test('uniquePath refuses names that are not plain file names', async () => {
  await withTempDir(async (dir) => {
    for (const bad of ['', '../a', 'sub/a']) await assert.rejects(uniquePath(dir, bad, 'png'), /Not a plain file name/);
  });
});
