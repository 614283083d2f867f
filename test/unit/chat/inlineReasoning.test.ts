import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InlineReasoningSplitter, type SplitText } from '../../../src/chat/inlineReasoning';
import { wholeContentOf } from '../../../src/chat/contentParts';

function splitAll(pieces: readonly string[]): SplitText {
  const splitter = new InlineReasoningSplitter();
  const out: SplitText = { text: '', reasoning: '' };
  for (const piece of [...pieces.map((p) => splitter.push(p)), splitter.end()]) {
    out.text += piece.text;
    out.reasoning += piece.reasoning;
  }
  return out;
}

/** The content whole, one character per piece, and cut in two at every character. */
function everyCut(content: string): string[][] {
  const cuts = [[content], [...content]];
  for (let at = 1; at < content.length; at++) cuts.push([content.slice(0, at), content.slice(at)]);
  return cuts;
}

function assertSplits(content: string, expected: SplitText): void {
  for (const pieces of everyCut(content)) assert.deepEqual(splitAll(pieces), expected, JSON.stringify(pieces));
}

test('<think> opening the answer is reasoning, however the content is cut', () => {
  assertSplits('<think>\nCompare tenths.\n</think>\n\n9.8 is larger.', { reasoning: 'Compare tenths.', text: '9.8 is larger.' });
});

test("<thought> (Gemini's OpenAI endpoint) and whitespace before the tag", () => {
  assertSplits('\n <thought>Plan it.</thought>Done.', { reasoning: 'Plan it.', text: 'Done.' });
});

test('a tag later in the answer, or text that only starts like a tag, is answer text as sent', () => {
  for (const content of ['Use <think> tags like this.', '<div>hi</div>', '<thin air', '  indented', '<', '<think']) {
    assertSplits(content, { text: content, reasoning: '' });
  }
});

test('reasoning cut off before its closing tag (max_tokens while thinking) stays reasoning, partial closing tag included', () => {
  assertSplits('<think>Still going</th', { reasoning: 'Still going</th', text: '' });
});

test('a closing tag of the other kind does not end the reasoning', () => {
  assertSplits('<think>a </thought> b</think>c', { reasoning: 'a </thought> b', text: 'c' });
});

test('a whole message: string content with tags, and a list of thinking and text parts', () => {
  assert.deepEqual(wholeContentOf('<think>why</think>\nanswer'), { reasoning: 'why', text: 'answer' });
  assert.deepEqual(
    wholeContentOf([{ type: 'thinking', thinking: [{ type: 'text', text: 'why' }] }, { type: 'text', text: 'answer' }, { type: 'image_url' }, null, 7]),
    { reasoning: 'why', text: 'answer' },
  );
  assert.deepEqual(wholeContentOf(null), { reasoning: '', text: '' });
});
