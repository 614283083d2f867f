/**
 * Ad hoc measurement, not a test: wall time of a ~100 KB answer arriving in
 * 10,000 chunks, rendered incrementally (with and without reading the tail
 * after every chunk), once, and naively (full render per chunk).
 * Run: npx tsc -p . && node out/test/unit/markdown/measureStreaming.js
 */
import { IncrementalMarkdown } from '../../../src/webview/chat/markdown/incrementalMarkdown';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import { chunksOf, realisticAnswer } from './realisticAnswer';

const text = realisticAnswer(100_000);
const chunks = chunksOf(text, 10_000);

function milliseconds(work: () => void, repeat = 5): number {
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

function incremental(readTails: boolean): void {
  const markdown = new IncrementalMarkdown();
  for (const chunk of chunks) {
    const update = markdown.append(chunk);
    if (readTails) void update.tail;
  }
  markdown.finish();
}

function naive(): void {
  let received = '';
  for (const chunk of chunks) {
    received += chunk;
    renderMarkdown(received);
  }
}

renderMarkdown(text);
const once = milliseconds(() => renderMarkdown(text));
const lazy = milliseconds(() => incremental(false));
const eager = milliseconds(() => incremental(true));
console.log(`${text.length} characters in ${chunks.length} chunks`);
console.log(`renderMarkdown once:                    ${once.toFixed(1)} ms`);
console.log(`IncrementalMarkdown, tails not read:    ${lazy.toFixed(1)} ms (${(lazy / once).toFixed(2)}x)`);
console.log(`IncrementalMarkdown, tail every chunk:  ${eager.toFixed(1)} ms (${(eager / once).toFixed(2)}x)`);
if (process.argv.includes('--naive')) {
  const full = milliseconds(naive, 1);
  console.log(`naive full render per chunk:            ${full.toFixed(0)} ms (${(full / once).toFixed(0)}x)`);
}
