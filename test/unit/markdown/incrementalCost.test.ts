import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalMarkdown } from '../../../src/webview/chat/markdown/incrementalMarkdown';
import { countingEngine, type WorkCount } from './countingEngine';
import { chunksOf, realisticAnswer } from './realisticAnswer';
import { renderStreamed } from './streamRendering';

function streamedWork(text: string, chunks: number, readTails: boolean): WorkCount {
  const { engine, work } = countingEngine();
  renderStreamed(chunksOf(text, chunks), { engine, readTails });
  return work;
}

function oneShotWork(text: string): WorkCount {
  const { engine, work } = countingEngine();
  engine.render(text);
  return work;
}

const parsed = (work: WorkCount): number => work.blockParsed + work.inlineParsed;

test('a 100 KB answer in 10,000 chunks is parsed a bounded number of times, not once per chunk', () => {
  const text = realisticAnswer(100_000);
  const once = oneShotWork(text);
  const lazy = streamedWork(text, 10_000, false);
  const eager = streamedWork(text, 10_000, true);
  // A full re-render per chunk parses about 5,000 times the text; freezing alone stays near one render.
  assert.ok(parsed(lazy) < 4 * parsed(once), `freezing parsed ${parsed(lazy)} characters, one render ${parsed(once)}`);
  assert.ok(lazy.rendered < 1.5 * once.rendered, `rendered ${lazy.rendered} vs ${once.rendered}`);
  // Showing the tail after every single chunk re-renders the last block each time: costlier, but far from per-message cost.
  assert.ok(eager.blockParsed < 30 * text.length, `with tails: block-parsed ${eager.blockParsed} characters for ${text.length}`);
  assert.ok(eager.inlineParsed < 30 * text.length, `with tails: inline-parsed ${eager.inlineParsed} characters for ${text.length}`);
  // Frozen code is highlighted once, when its block is final.
  assert.equal(lazy.highlighted, once.highlighted);
});

test('work per character does not grow with the length of the message', () => {
  const perCharacter = (length: number): number => parsed(streamedWork(realisticAnswer(length), length / 10, true)) / length;
  const short = perCharacter(25_000);
  const long = perCharacter(100_000);
  assert.ok(long < 1.5 * short, `per character: ${short.toFixed(1)} at 25 KB, ${long.toFixed(1)} at 100 KB`);
});

test('a code block growing line by line is neither parsed nor highlighted again while it is open', () => {
  const { engine, work } = countingEngine();
  const markdown = new IncrementalMarkdown(engine);
  markdown.append('Here is the file:\n\n```ts\n');
  const before = parsed(work);
  let appendedToCode = 0;
  for (let i = 0; i < 5_000; i++) {
    const update = markdown.append(`const value${i} = compute(${i}); // line ${i}\n`);
    if (update.tailCodeAppend !== undefined) appendedToCode++;
    assert.deepEqual(update.frozen, []);
  }
  assert.equal(appendedToCode, 5_000);
  assert.equal(parsed(work), before);
  assert.equal(work.highlighted, 0);
  markdown.append('```\n\nDone.');
  assert.ok(work.highlighted > 5_000 * 30, 'highlighted once closed');
});
