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

/** Median wall time of each contender, run in turns so that a busy machine slows all of them alike. */
function medians(contenders: Record<string, () => void>, rounds = 9): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, work] of Object.entries(contenders)) {
      const started = performance.now();
      work();
      (times[name] ??= []).push(performance.now() - started);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, list.sort((a, b) => a - b)[list.length >> 1]!]));
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
const { once, lazy, eager } = medians({ once: () => renderMarkdown(text), lazy: () => incremental(false), eager: () => incremental(true) }) as Record<
  string,
  number
>;
console.log(`${text.length} characters in ${chunks.length} chunks (median of 9)`);
console.log(`renderMarkdown once:                    ${once!.toFixed(1)} ms`);
console.log(`IncrementalMarkdown, tails not read:    ${lazy!.toFixed(1)} ms (${(lazy! / once!).toFixed(2)}x)`);
console.log(`IncrementalMarkdown, tail every chunk:  ${eager!.toFixed(1)} ms (${(eager! / once!).toFixed(2)}x)`);
if (process.argv.includes('--naive')) {
  const { naive: full } = medians({ naive }, 1);
  console.log(`naive full render per chunk:            ${full!.toFixed(0)} ms (${(full! / once!).toFixed(0)}x)`);
}
