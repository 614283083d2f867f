import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instructionFrom, instructionsPrompt, MAX_INSTRUCTION_CHARS } from '../../../src/chat/workspaceInstructions';

test('an instruction file is trimmed, cut at its cap (saying so) and skipped when empty', () => {
  assert.equal(instructionFrom('AGENTS.md', '  \n '), undefined);
  assert.deepEqual(instructionFrom('AGENTS.md', '\nUse tabs.\n'), { file: 'AGENTS.md', text: 'Use tabs.', cut: false });
  const long = instructionFrom('AGENTS.md', 'x'.repeat(MAX_INSTRUCTION_CHARS + 5))!;
  assert.equal(long.text.length, MAX_INSTRUCTION_CHARS);
  assert.match(instructionsPrompt([long]), /from its file AGENTS\.md \(cut at 20,000 characters\):/);
});

test('each file is its own delimited block, in order', () => {
  const prompt = instructionsPrompt([
    { file: 'AGENTS.md', text: 'A', cut: false },
    { file: '.github/copilot-instructions.md', text: 'B', cut: false },
  ]);
  assert.equal(
    prompt,
    'Instructions for this workspace, from its file AGENTS.md:\n<instructions file="AGENTS.md">\nA\n</instructions>\n\nInstructions for this workspace, from its file .github/copilot-instructions.md:\n<instructions file=".github/copilot-instructions.md">\nB\n</instructions>',
  );
  assert.equal(instructionsPrompt([]), '');
});
