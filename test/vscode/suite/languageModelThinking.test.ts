// Reasoning for VS Code's chat: a thinking part where the running VS Code has the (proposed)
// class, nothing where it does not; text and tool calls as before.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { toResponsePart } from '../../../src/languageModels/partConversion';

suite('Language model response parts', () => {
  test('reasoning becomes a LanguageModelThinkingPart where this VS Code has one, and is dropped where it has none', () => {
    const ThinkingPart: unknown = (vscode as unknown as Record<string, unknown>).LanguageModelThinkingPart;
    const part = toResponsePart({ kind: 'thinking', text: 'Let me see.' });
    if (typeof ThinkingPart === 'function') {
      assert.ok(part instanceof ThinkingPart, `a thinking part (VS Code ${vscode.version})`);
      assert.strictEqual((part as unknown as { value: unknown }).value, 'Let me see.');
    } else {
      assert.strictEqual(part, undefined, `dropped (VS Code ${vscode.version})`);
    }
    assert.ok(toResponsePart({ kind: 'text', text: 'Hi' }) instanceof vscode.LanguageModelTextPart);
  });
});
