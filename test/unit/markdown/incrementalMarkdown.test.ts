import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalMarkdown } from '../../../src/webview/chat/markdown/incrementalMarkdown';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import { cut } from './markdownArbitraries';
import { renderStreamed } from './streamRendering';

/** Streams `text` in every chunk size from 1 to 12 and checks the result against the one-shot render. */
function assertStreamsLikeOneShot(text: string): void {
  for (let size = 1; size <= 12; size++) assert.equal(renderStreamed(cut(text, [size]), { readTails: true }).html, renderMarkdown(text), `chunks of ${size}`);
}

function frozenAfter(markdown: IncrementalMarkdown, ...chunks: string[]): string {
  return chunks.map((chunk) => markdown.append(chunk).frozen.join('')).join('');
}

test('blocks freeze as soon as later text cannot change them', () => {
  const markdown = new IncrementalMarkdown();
  assert.equal(frozenAfter(markdown, '# Title\n'), '<h1>Title</h1>\n');
  assert.equal(frozenAfter(markdown, 'A paragraph'), '');
  assert.equal(frozenAfter(markdown, ' goes on\n\n'), '<p>A paragraph goes on</p>\n');
  assert.equal(frozenAfter(markdown, '- one\n\n- two\n\n'), '', 'a list stays open across blank lines');
  assert.equal(frozenAfter(markdown, 'After the list.\n'), '<ul>\n<li>\n<p>one</p>\n</li>\n<li>\n<p>two</p>\n</li>\n</ul>\n');
});

test('the tail shows the unfinished block and is replaced on each update', () => {
  const markdown = new IncrementalMarkdown();
  assert.equal(markdown.append('Some **bo').tail, '<p>Some **bo</p>\n');
  const update = markdown.append('ld** text');
  assert.deepEqual(update.frozen, []);
  assert.equal(update.tail, '<p>Some <strong>bold</strong> text</p>\n');
  assert.deepEqual(markdown.finish(), { frozen: ['<p>Some <strong>bold</strong> text</p>\n'], tail: '' });
});

test('a reference definition arriving after its use resets the frozen HTML', () => {
  const text = 'See [the docs][docs] and [docs].\n\n# Next\n\nMore text.\n\n[docs]: https://example.com/docs "Docs"\n';
  const { html, resets } = renderStreamed(cut(text, [7]));
  assert.equal(html, renderMarkdown(text));
  assert.equal(resets, 1);
  assertStreamsLikeOneShot(text);
});

test('definitions that no frozen block depends on cause no reset', () => {
  for (const text of ['[docs]: https://example.com\n\nSee [docs].\n\n# Next\n', 'Plain text.\n\n# Heading\n\n[unused]: https://example.com\n\nEnd [x].\n']) {
    const { html, resets } = renderStreamed(cut(text, [3]));
    assert.equal(html, renderMarkdown(text));
    assert.equal(resets, 0, text);
  }
});

test('a definition spanning a setext underline is not frozen as a heading', () => {
  assertStreamsLikeOneShot('[label\n===\ncontinues\n]: https://example.com\n\n[label\n===\ncontinues]\n');
  assertStreamsLikeOneShot("[r]: /url\n'title\n===\nstill the title'\n\n[r]\n");
});

test('list items separated by blank lines form one loose list; numbering restarts only in a new list', () => {
  assertStreamsLikeOneShot('- one\n\n- two\n\n  continued\n- three\n\nAfter.\n');
  assertStreamsLikeOneShot('1. one\n2. two\n\nBetween.\n\n3. three\n4. four\n');
  assert.match(renderMarkdown('1. one\n\nBetween.\n\n3. three\n'), /<ol start="3">/);
});

test('setext headings, late table delimiter rows and lines completed later', () => {
  assertStreamsLikeOneShot('Title\n===\n\nSub\n---\n\nPara\n');
  assertStreamsLikeOneShot('| a | b |\n|---|:-:|\n| 1 | 2 |\n\nText\n');
  assertStreamsLikeOneShot('text\n| a | b |\n|--|--|\n');
  assertStreamsLikeOneShot('para\n#heading or not\n\n# heading\n');
  assertStreamsLikeOneShot('# a | b\n-|-\n\n## c | d\n\nafter\n');
  assertStreamsLikeOneShot('    indented code\n\n\n    still code\nnot code\n');
});

test('CR LF split between chunks is one line break', () => {
  const markdown = new IncrementalMarkdown();
  let html = frozenAfter(markdown, 'a\r', '\n\r', '\nb\r', '\r', 'c');
  html += markdown.finish().frozen.join('');
  assert.equal(html, renderMarkdown('a\r\n\r\nb\r\rc'));
  assert.equal(markdown.text, 'a\r\n\r\nb\r\rc');
});

test('an open code block grows as plain text and is highlighted when it closes', () => {
  const markdown = new IncrementalMarkdown();
  assert.deepEqual(markdown.append('Code:\n\n```ts\nconst a = 1;\n').frozen, ['<p>Code:</p>\n']);
  const growing = markdown.append('const b = "<b>";\n');
  assert.equal(growing.tailCodeAppend, 'const b = "<b>";\n');
  assert.equal(
    growing.tail,
    '<div class="code-block" data-lang="ts"><pre><code class="hljs language-ts">const a = 1;\nconst b = &quot;&lt;b&gt;&quot;;\n</code></pre></div>\n',
  );
  const closed = markdown.append('```\n');
  assert.equal(closed.frozen.join(''), renderMarkdown('```ts\nconst a = 1;\nconst b = "<b>";\n```\n'));
  assert.match(closed.frozen.join(''), /hljs-keyword/);
});

test('a code block left open at the end is highlighted by finish()', () => {
  const text = 'Start:\n\n```python\ndef f():\n    return "```"\n';
  assertStreamsLikeOneShot(text);
  const markdown = new IncrementalMarkdown();
  for (const chunk of cut(text, [4])) markdown.append(chunk);
  assert.match(markdown.finish().frozen.join(''), /<span class="hljs-keyword">def<\/span>/);
});

test('append() after finish() is refused', () => {
  const markdown = new IncrementalMarkdown();
  markdown.finish();
  assert.throws(() => markdown.append('x'), /after finish/);
});
