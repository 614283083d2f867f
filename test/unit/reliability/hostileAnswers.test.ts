// The hostile-answer corpus through the chat's markdown renderer, whole and streamed in the
// emulator's 4-character pieces: only the renderer's own markup comes out, and the harmless words
// stay in the text. The UI suite streams the same corpus into the real webview.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import { HOSTILE_ANSWERS, type HostileCategory } from '../../reliability/corpora/hostileAnswers';
import { assertOnlyKnownMarkup } from '../markdown/knownMarkup';
import { renderStreamed } from '../markdown/streamRendering';

const EMULATOR_PIECE_CHARS = 4;

function pieces(text: string): string[] {
  return Array.from({ length: Math.ceil(text.length / EMULATOR_PIECE_CHARS) }, (_, i) => text.slice(i * EMULATOR_PIECE_CHARS, (i + 1) * EMULATOR_PIECE_CHARS));
}

test('the corpus: at least 100 payloads, unique ids, every category several times', () => {
  assert.ok(HOSTILE_ANSWERS.length >= 100, `${HOSTILE_ANSWERS.length} payloads`);
  assert.equal(new Set(HOSTILE_ANSWERS.map((a) => a.id)).size, HOSTILE_ANSWERS.length);
  const perCategory = new Map<HostileCategory, number>();
  for (const a of HOSTILE_ANSWERS) perCategory.set(a.category, (perCategory.get(a.category) ?? 0) + 1);
  for (const [category, count] of perCategory) assert.ok(count >= 5, `${category}: ${count}`);
  assert.equal(perCategory.size, 12);
});

test("every payload renders, whole or streamed, to the renderer's own markup with its words readable", () => {
  for (const { id, answer, visible } of HOSTILE_ANSWERS) {
    const whole = renderMarkdown(answer);
    assertOnlyKnownMarkup(whole);
    assert.equal(renderStreamed(pieces(answer)).html, whole, `${id}: streamed as rendered whole`);
    const text = whole.replace(/<[^>]*>/g, '');
    for (const word of visible) assert.ok(text.includes(word), `${id}: "${word}" is shown`);
  }
});
