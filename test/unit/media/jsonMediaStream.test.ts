import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { ExtractedField, extractBase64Fields } from '../../../src/gateway/media/jsonMediaStream';
import { BASE64_STYLES, base64InJson, type Base64Style } from './base64Styles';
import { chunked, inChunksOf, memorySinks } from './mediaTestHelpers';

const FIELDS = ['b64_json', 'base64_encoded'] as const;

interface Media {
  bytes: Uint8Array;
  style: Base64Style;
  field: (typeof FIELDS)[number];
  extra: unknown;
}

/** A response with one media field per `data` entry, and the document extraction should give for it. */
function responseWith(media: readonly Media[], indent: number | string): { text: string; expected: unknown } {
  const entry = (m: Media, value: unknown): Record<string, unknown> => ({
    revised_prompt: 'a "cat" \\ é 😀 \u0001',
    [m.field]: value,
    extra: JSON.parse(JSON.stringify(m.extra)),
  });
  const usage = { total_tokens: 1234, ratio: -0.5e-3, big: 1e21, ok: true, none: null };
  const withPlaceholders = { created: 1712345678, data: media.map((m, i) => entry(m, `@@${i}@@`)), usage };
  const text = JSON.stringify(withPlaceholders, null, indent).replace(
    /"@@(\d+)@@"/g,
    (_, i: string) => `"${base64InJson(media[Number(i)].bytes, media[Number(i)].style)}"`,
  );
  let index = 0;
  const data = media.map((m) =>
    entry(m, m.bytes.length === 0 ? '' : new ExtractedField(index++, m.field, m.bytes.length)),
  );
  return { text, expected: { created: 1712345678, data, usage } };
}

async function checkExtraction(media: readonly Media[], text: string, expected: unknown, cuts: number[]): Promise<void> {
  const { sinks, open } = memorySinks();
  const result = await extractBase64Fields(chunked(text, cuts), FIELDS, open);
  assert.deepStrictEqual(result.document, expected);
  const nonEmpty = media.map((m, i) => ({ ...m, i })).filter((m) => m.bytes.length > 0);
  assert.equal(result.extracted, nonEmpty.length);
  assert.equal(sinks.length, nonEmpty.length);
  nonEmpty.forEach((m, index) => {
    const sink = sinks[index];
    assert.deepStrictEqual(sink.occurrence, { index, field: m.field, path: ['data', m.i, m.field] });
    assert.equal(sink.state, 'closed');
    assert.ok(sink.bytes.equals(Buffer.from(m.bytes)), `bytes of media ${m.i}`);
  });
}

test('any chunking of a document with several media fields gives the same files and document', async () => {
  const media = fc.record({
    bytes: fc.uint8Array({ maxLength: 1500 }),
    style: fc.constantFrom(...BASE64_STYLES),
    field: fc.constantFrom(...FIELDS),
    extra: fc.jsonValue({ maxDepth: 2 }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(media, { maxLength: 5 }),
      fc.constantFrom(0, 2, '\t'),
      fc.array(fc.nat(), { maxLength: 80 }),
      async (items, indent, seeds) => {
        const { text, expected } = responseWith(items, indent);
        const length = Buffer.byteLength(text);
        await checkExtraction(items, text, expected, seeds.map((seed) => seed % length));
      },
    ),
    { numRuns: 300 },
  );
});

test('a cut at any single byte, inside keys, escapes and multi-byte characters, changes nothing', async () => {
  const items: Media[] = BASE64_STYLES.map((style, i) => ({
    bytes: randomBytes(40 + i),
    style,
    field: FIELDS[i % 2],
    extra: { 'ключ ✓': ['\u{1F600}', -0.25, [{}], 'line\nbreak'] },
  }));
  const { text, expected } = responseWith(items, 1);
  for (let cut = 1; cut < Buffer.byteLength(text); cut++) {
    await checkExtraction(items, text, expected, [cut]);
  }
});

test('one byte per chunk works, the media key split across every chunk', async () => {
  const items: Media[] = [{ bytes: randomBytes(300), style: 'slashEscaped', field: 'b64_json', extra: null }];
  const { text, expected } = responseWith(items, 0);
  const cuts = Array.from({ length: Buffer.byteLength(text) }, (_, i) => i);
  await checkExtraction(items, text, expected, cuts);
});

test('escaped slashes are decoded', async () => {
  const bytes = Buffer.from([0xff, 0xff, 0xff, 0xfb, 0xef, 0xbe]); // base64 "////++++"
  const { sinks, open } = memorySinks();
  await extractBase64Fields(chunked('{"b64_json":"\\/\\/\\/\\/++++"}'), ['b64_json'], open);
  assert.ok(sinks[0].bytes.equals(bytes));
});

test('values spanning several decode batches keep their bytes and padding', async () => {
  // Batches are 512 KiB of base64, which 393216 bytes make: one byte less puts the padding on the batch edge.
  for (const size of [393215, 393216, 393217, 2 * 393216 - 1, 3_000_001]) {
    for (const style of ['plain', 'lf76', 'unpadded'] as const) {
      const items: Media[] = [{ bytes: randomBytes(size), style, field: 'base64_encoded', extra: 1 }];
      const { text, expected } = responseWith(items, 0);
      const { sinks, open } = memorySinks();
      const result = await extractBase64Fields(inChunksOf(text, 65536 + 3), FIELDS, open);
      assert.deepStrictEqual(result.document, expected);
      assert.ok(sinks[0].bytes.equals(Buffer.from(items[0].bytes)), `size ${size}, ${style}`);
    }
  }
});

test('a media key with a value that is not a string, or an empty string, is kept in the document', async () => {
  const { sinks, open } = memorySinks();
  const text = '{"data":[{"b64_json":null},{"b64_json":12},{"b64_json":""},{"b64_json":"\\n"},{"b64_json":["AAAA"]}]}';
  const result = await extractBase64Fields(chunked(text), ['b64_json'], open);
  assert.deepStrictEqual(result.document, {
    data: [{ b64_json: null }, { b64_json: 12 }, { b64_json: '' }, { b64_json: '' }, { b64_json: ['AAAA'] }],
  });
  assert.equal(result.extracted, 0);
  assert.equal(sinks.length, 0);
});

test('media fields are found at any depth, and any JSON top-level value is accepted', async () => {
  const { sinks, open } = memorySinks();
  const text = ' [ 1 , "x" , { "a" : [ { "b64_json" : "AQID" } ] } , true ] \n';
  const result = await extractBase64Fields(chunked(text), ['b64_json'], open);
  assert.deepStrictEqual(result.document, [1, 'x', { a: [{ b64_json: new ExtractedField(0, 'b64_json', 3) }] }, true]);
  assert.deepStrictEqual(sinks[0].occurrence.path, [2, 'a', 0, 'b64_json']);
  assert.ok(sinks[0].bytes.equals(Buffer.from([1, 2, 3])));
  for (const scalar of ['42', '-1.5e+3', '"\\u00e9"', 'null', 'false']) {
    const parsed = await extractBase64Fields(chunked(scalar, [1]), ['b64_json'], open);
    assert.deepStrictEqual(parsed.document, JSON.parse(scalar));
  }
});

test('a key named __proto__ becomes an own property, as with JSON.parse', async () => {
  const { open } = memorySinks();
  const text = '{"__proto__":{"polluted":true},"b":1}';
  const result = await extractBase64Fields(chunked(text), ['b64_json'], open);
  assert.deepStrictEqual(result.document, JSON.parse(text));
  assert.equal(Object.getPrototypeOf(result.document), Object.prototype);
});

test('the serialised document shows a $file marker for each extracted field', async () => {
  const { open } = memorySinks();
  const result = await extractBase64Fields(chunked('{"data":[{"b64_json":"AAAA","url":null}]}'), ['b64_json'], open);
  assert.equal(JSON.stringify(result.document), '{"data":[{"b64_json":{"$file":0},"url":null}]}');
});
