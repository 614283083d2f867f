import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_HIGHLIGHTED_CHARS } from '../../../src/webview/chat/markdown/codeHighlighter';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import { assertOnlyKnownMarkup } from './knownMarkup';
import { markdownDocument } from './markdownArbitraries';

test('raw HTML is escaped, never emitted', () => {
  const html = renderMarkdown(
    '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://evil"></iframe>\n\nText <b onclick="x()">bold</b> <style>p{}</style>',
  );
  assert.doesNotMatch(html, /<(script|img|iframe|b|style)\b/i);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  assertOnlyKnownMarkup(html);
});

test('script, file and data links are text, not links', () => {
  for (const source of [
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](file:///etc/passwd)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](data:image/png;base64,AAAA)',
    '<javascript:alert(1)>',
    '[x]: javascript:alert(1)\n\n[x]',
    'javascript:alert(1)',
  ]) {
    const html = renderMarkdown(source);
    assert.doesNotMatch(html, /<a\b/, source);
    assertOnlyKnownMarkup(html);
  }
});

test("a link's tooltip starts with its real address: a title cannot claim it goes elsewhere", () => {
  assert.match(
    renderMarkdown('[bank](https://evil.example/login "https://bank.example/login")'),
    /title="https:\/\/evil\.example\/login — https:\/\/bank\.example\/login"/,
  );
});

test('links carry their target in data-href, without href', () => {
  assert.equal(
    renderMarkdown('[docs](https://example.com/a?b=1&c=2 "The docs")'),
    '<p><a data-href="https://example.com/a?b=1&amp;c=2" title="https://example.com/a?b=1&amp;c=2 — The docs" role="link" tabindex="0">docs</a></p>\n',
  );
  assert.equal(
    renderMarkdown('See https://example.com/x.'),
    '<p>See <a data-href="https://example.com/x" title="https://example.com/x" role="link" tabindex="0">https://example.com/x</a>.</p>\n',
  );
  assert.equal(renderMarkdown('Edit README.md or main.rs'), '<p>Edit README.md or main.rs</p>\n');
});

test('images are never loaded: a link names the alt text and the address', () => {
  assert.equal(
    renderMarkdown('![a chart](http://evil.example/x.png)'),
    '<p><a class="image-link" data-href="http://evil.example/x.png" title="http://evil.example/x.png" role="link" tabindex="0">a chart (http://evil.example/x.png)</a></p>\n',
  );
  const badge = renderMarkdown('[![build](http://ci.example/badge.svg)](http://ci.example)');
  assert.doesNotMatch(badge, /<img/);
  assert.equal((badge.match(/<a /g) ?? []).length, 1, 'no anchor inside an anchor');
  assert.match(badge, /<span class="image-link" title="http:\/\/ci.example\/badge.svg">build \(http:\/\/ci.example\/badge.svg\)<\/span>/);
});

test('a paragraph of many images renders in time linear in their number, as one of as many links does', () => {
  const timed = (text: string): number => {
    const started = performance.now();
    renderMarkdown(text);
    return performance.now() - started;
  };
  const count = 40_000;
  const links = timed('[](x) '.repeat(count));
  for (const images of ['![](x) '.repeat(count), `[${'![](x) '.repeat(count)}](y)`]) {
    const took = timed(images);
    assert.ok(took < 5 * links + 500, `${count} images: ${took.toFixed(0)} ms, as many links: ${links.toFixed(0)} ms`);
  }
});

test('fenced code renders highlighted in the code-block wrapper', () => {
  assert.equal(
    renderMarkdown('```ts\nconst x = 1;\n```'),
    '<div class="code-block" data-lang="ts"><pre><code class="hljs language-ts"><span class="hljs-keyword">const</span> x = <span class="hljs-number">1</span>;\n</code></pre></div>\n',
  );
  assert.equal(
    renderMarkdown('```nosuchlang\n<b>x</b>\n```'),
    '<div class="code-block" data-lang="nosuchlang"><pre><code class="hljs language-nosuchlang">&lt;b&gt;x&lt;/b&gt;\n</code></pre></div>\n',
  );
  assert.equal(renderMarkdown('```\nplain\n```'), '<div class="code-block" data-lang=""><pre><code class="hljs">plain\n</code></pre></div>\n');
  assert.equal(renderMarkdown('    indented <i>\n'), '<div class="code-block" data-lang=""><pre><code class="hljs">indented &lt;i&gt;\n</code></pre></div>\n');
  assert.match(renderMarkdown('```x"onmouseover="alert(1)\ny\n```'), /data-lang="x&quot;onmouseover=&quot;alert\(1\)"/);
});

test('code longer than highlight.js handles in reasonable time is shown as is, quickly', () => {
  // Runs of names (or of short lines) take highlight.js time quadratic in their length: 40,000 characters took 5-10 s.
  for (const [language, code] of [
    ['java', 'a$'.repeat(20_000)],
    ['typescript', 'a'.repeat(40_000)],
    ['csharp', 'a\n'.repeat(20_000)],
  ] as const) {
    const started = performance.now();
    const html = renderMarkdown(`\`\`\`${language}\n${code}\n\`\`\``);
    const took = performance.now() - started;
    assert.ok(took < 1_000, `${language}: ${took.toFixed(0)} ms`);
    assert.equal(html, `<div class="code-block" data-lang="${language}"><pre><code class="hljs language-${language}">${code}\n</code></pre></div>\n`);
  }
  const code = (length: number): string => `const x = 1;\n${'x'.repeat(length - 14)}\n`;
  assert.match(renderMarkdown(`\`\`\`ts\n${code(MAX_HIGHLIGHTED_CHARS)}\`\`\``), /<span class="hljs-keyword">const<\/span>/, 'highlighted up to the limit');
  assert.doesNotMatch(renderMarkdown(`\`\`\`ts\n${code(MAX_HIGHLIGHTED_CHARS + 1)}\`\`\``), /hljs-keyword/, 'not beyond it');
});

test('the curated languages and their aliases highlight', () => {
  const sample = '# title\n<a href="x">if (a) { return "x"; } // note</a>\n$ ls -la\n+ added line\nkey: 42';
  for (const language of [
    'ts',
    'typescript',
    'js',
    'json',
    'python',
    'py',
    'bash',
    'sh',
    'shell',
    'go',
    'rust',
    'java',
    'c',
    'cpp',
    'csharp',
    'cs',
    'css',
    'html',
    'xml',
    'yaml',
    'yml',
    'sql',
    'diff',
    'markdown',
    'md',
  ]) {
    assert.match(renderMarkdown(`\`\`\`${language}\n${sample}\n\`\`\``), /<span class="hljs-/, language);
  }
});

test('tables keep their alignment as a class: the webview CSP refuses style attributes', () => {
  const html = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |');
  assert.match(html, /<th class="align-left">a<\/th>/);
  assert.match(html, /<td class="align-right">3<\/td>/);
  assert.doesNotMatch(html, /style=/);
});

test('any generated document renders to known tags and attributes only', () => {
  fc.assert(
    fc.property(markdownDocument, (text) => assertOnlyKnownMarkup(renderMarkdown(text))),
    { numRuns: 300 },
  );
});
