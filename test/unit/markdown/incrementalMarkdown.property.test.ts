import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import { chunking, cut, markdownDocument } from './markdownArbitraries';
import { renderStreamed } from './streamRendering';

test('frozen HTML plus the final tail equals the one-shot render, for any document and chunking', () => {
  fc.assert(
    fc.property(markdownDocument, chunking, fc.boolean(), (text, sizes, readTails) => {
      assert.equal(renderStreamed(cut(text, sizes), { readTails }).html, renderMarkdown(text));
    }),
    { numRuns: 600 },
  );
});

test('the same holds when each document arrives one character at a time', () => {
  fc.assert(
    fc.property(markdownDocument, (text) => {
      assert.equal(renderStreamed(cut(text, [1]), { readTails: true }).html, renderMarkdown(text));
    }),
    { numRuns: 200 },
  );
});
