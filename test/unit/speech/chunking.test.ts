import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { chunkForSpeech, FILE_CHUNKS, READING_CHUNKS, type ChunkSizes, type SpeechChunk } from '../../../src/speech/chunking';
import { sentenceAt } from '../../../src/speech/sentenceTiming';
import { intlSegmenter, regexSegmenter } from '../../../src/speech/textSegmenter';

const LETTER = /[\p{L}\p{N}\p{M}]/u;

/** Each cut (the gap between two chunks, or two sentences) lies where no word continues across it. */
function assertCutsBetweenWords(text: string, chunks: SpeechChunk[]): void {
  for (let i = 1; i < chunks.length; i++) {
    const before = text[chunks[i - 1].end - 1];
    const after = text[chunks[i].start];
    const gap = text.slice(chunks[i - 1].end, chunks[i].start);
    assert.ok(
      gap.length > 0 || !(LETTER.test(before) && LETTER.test(after)) || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(before + after),
      `cut inside a word at ${chunks[i].start}: …${text.slice(chunks[i].start - 10, chunks[i].start + 10)}…`,
    );
  }
}

function assertCovers(text: string, chunks: SpeechChunk[]): void {
  for (let i = 0; i < chunks.length; i++) {
    assert.equal(chunks[i].text, text.slice(chunks[i].start, chunks[i].end));
    if (i > 0) {
      assert.ok(chunks[i].start >= chunks[i - 1].end, 'chunks are in order and do not overlap');
      assert.match(text.slice(chunks[i - 1].end, chunks[i].start), /^[^\p{L}\p{N}]*$/u, 'nothing speakable between chunks');
    }
  }
  const speakable = (t: string): string => (t.match(/[\p{L}\p{N}]/gu) ?? []).join('');
  assert.equal(speakable(chunks.map((c) => c.text).join(' ')), speakable(text), 'every letter and digit is in a chunk');
}

const sentence = (n: number): string => `Sentence number ${n} says something about the topic at hand, plainly.`;

test('chunks are whole sentences: short text is one chunk, long text is cut between sentences', () => {
  const short = 'Hello there. How are you? Fine!';
  const one = chunkForSpeech(short, FILE_CHUNKS);
  assert.equal(one.length, 1);
  assert.deepEqual(
    one[0].sentences.map((s) => short.slice(s.start, s.end)),
    ['Hello there.', 'How are you?', 'Fine!'],
  );

  const long = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
  assert.ok(long.length > 4096 * 3);
  const chunks = chunkForSpeech(long, FILE_CHUNKS);
  assert.ok(chunks.length >= 4);
  for (const [i, chunk] of chunks.entries()) {
    assert.ok(chunk.text.length <= 4096, `${chunk.text.length} characters`);
    assert.match(chunk.text, /^Sentence number \d+ .*plainly\.$/, 'a chunk starts and ends at sentence boundaries');
    if (i < chunks.length - 1) assert.ok(chunk.text.length > 4096 - sentence(199).length - 1, 'chunks are filled up to the limit');
  }
  assertCovers(long, chunks);
});

test('for reading, the first chunk is short so that sound starts soon; later ones are larger', () => {
  const long = Array.from({ length: 100 }, (_, i) => sentence(i)).join(' ');
  const chunks = chunkForSpeech(long, READING_CHUNKS);
  assert.ok(chunks[0].text.length <= READING_CHUNKS.firstChars, `first chunk ${chunks[0].text.length}`);
  assert.ok(chunks[1].text.length > READING_CHUNKS.firstChars);
  assert.ok(chunks.every((c) => c.text.length <= READING_CHUNKS.targetChars));
  assertCovers(long, chunks);
});

test('a sentence longer than 4096 characters is cut at word boundaries, never inside a word', () => {
  const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
  const chunks = chunkForSpeech(`${words}.`, FILE_CHUNKS);
  assert.ok(chunks.length >= 3);
  for (const chunk of chunks) {
    assert.ok(chunk.text.length <= 4096);
    assert.match(chunk.text, /^word\d+\b/);
    assert.match(chunk.text, /\bword\d+\.?$/);
  }
  assertCovers(`${words}.`, chunks);
  assertCutsBetweenWords(`${words}.`, chunks);
});

test('long clauses are preferably cut after punctuation', () => {
  const clause = 'and this clause goes on for a while without any full stop at all';
  const text = Array.from({ length: 120 }, () => clause).join(', ');
  const chunks = chunkForSpeech(text, FILE_CHUNKS);
  for (const chunk of chunks.slice(0, -1)) assert.match(chunk.text, /all,$/);
});

test('a single "word" longer than the limit is the only thing cut inside, and never between surrogates', () => {
  const blob = '😀'.repeat(3000); // 6000 UTF-16 units, no word boundary
  const chunks = chunkForSpeech(`Start. ${blob} end.`, FILE_CHUNKS);
  for (const chunk of chunks) {
    assert.ok(chunk.text.length <= 4096);
    assert.doesNotMatch(chunk.text, /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/, 'no broken surrogate pair');
  }
  assert.equal(
    chunks
      .map((c) => c.text)
      .join('')
      .replace(/\s/g, ''),
    `Start.${blob}end.`,
  );
});

test("Unicode: accents, combining marks and emoji survive; limits count UTF-16 units (at most the server's characters)", () => {
  const text = Array.from({ length: 300 }, (_, i) => `Ça répond à l'idée nº${i} — e\u0301lan, naïveté 👍🏽.`).join(' ');
  const chunks = chunkForSpeech(text, FILE_CHUNKS);
  assert.ok(chunks.length > 1);
  for (const chunk of chunks) {
    assert.ok(chunk.text.length <= 4096);
    assert.ok([...chunk.text].length <= 4096);
    assert.match(chunk.text, /^Ça .*👍🏽\.$/u);
  }
  assertCovers(text, chunks);
});

test('CJK without spaces: Japanese and Chinese are cut after 。 or, inside an endless sentence, between words', () => {
  const japanese = '今日はとても良い天気ですね。'.repeat(600);
  const jaChunks = chunkForSpeech(japanese, FILE_CHUNKS);
  assert.ok(jaChunks.length >= 2);
  for (const chunk of jaChunks) {
    assert.ok(chunk.text.length <= 4096);
    assert.ok(chunk.text.endsWith('。'), 'cut at a sentence end');
  }
  assertCovers(japanese, jaChunks);

  const chinese = '我们今天在公园里散步看见很多美丽的花朵和高大的树木'.repeat(250); // 6250 characters, no punctuation
  const zhChunks = chunkForSpeech(chinese, FILE_CHUNKS);
  assert.equal(zhChunks.length, 2);
  assert.equal(zhChunks.map((c) => c.text).join(''), chinese);
  // Intl.Segmenter's dictionary words: the cut is at a word boundary of the whole text.
  const boundaries = new Set([...new Intl.Segmenter('zh', { granularity: 'word' }).segment(chinese)].map((s) => s.index));
  assert.ok(boundaries.has(zhChunks[1].start), `cut at ${zhChunks[1].start} is a word boundary`);
});

test('sentences without anything to say (a lone symbol) are skipped; empty text gives no chunk', () => {
  assert.deepEqual(chunkForSpeech('', READING_CHUNKS), []);
  assert.deepEqual(chunkForSpeech('  \n ... \n', READING_CHUNKS), []);
  const chunks = chunkForSpeech('Hi. ... Bye.', FILE_CHUNKS);
  assert.deepEqual(chunks[0].sentences.length, 2);
});

test('the regular-expression segmenter (for runtimes without Intl.Segmenter) keeps the same guarantees', () => {
  const text = `${Array.from({ length: 80 }, (_, i) => sentence(i)).join(' ')} ${'今日は良い天気ですね'.repeat(500)}`;
  const chunks = chunkForSpeech(text, FILE_CHUNKS, regexSegmenter);
  assert.ok(chunks.length >= 3);
  for (const chunk of chunks) assert.ok(chunk.text.length <= 4096);
  assertCovers(text, chunks);
  assertCutsBetweenWords(text, chunks);
  assert.deepEqual(
    regexSegmenter.sentences('One. Two!\nThree').map((s) => s.start),
    [0, 5, 10],
  );
});

test('property: any text gives ordered chunks within the limit that cover it, cut between words', () => {
  const sizes: ChunkSizes = { maxChars: 120, firstChars: 40, targetChars: 90 };
  const piece = fc.oneof(
    fc.constantFrom('word', 'mot', 'Wörter', '語', '天気', '😀', 'x'.repeat(50), 'supercalifragilistic'),
    fc.constantFrom(' ', ' ', '. ', '! ', '? ', ', ', '\n', '。', '\n\n'),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 150 }), fc.constantFrom(intlSegmenter(), regexSegmenter), (pieces, segmenter) => {
      const text = pieces.join('');
      const chunks = chunkForSpeech(text, sizes, segmenter);
      for (const chunk of chunks) assert.ok(chunk.text.length <= sizes.maxChars && chunk.text.trim() === chunk.text && chunk.text.length > 0);
      assertCovers(text, chunks);
    }),
    { numRuns: 300 },
  );
});

test('the sentence being read is estimated from the playback position', () => {
  const text = 'Short one. A much longer second sentence follows here.';
  const [chunk] = chunkForSpeech(text, FILE_CHUNKS);
  const at = (position: number): string => {
    const s = sentenceAt(chunk, position);
    return s ? text.slice(s.start, s.end) : '';
  };
  assert.equal(at(0), 'Short one.');
  assert.equal(at(0.1), 'Short one.');
  assert.equal(at(0.5), 'A much longer second sentence follows here.');
  assert.equal(at(1), 'A much longer second sentence follows here.');
});
