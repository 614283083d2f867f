import * as assert from 'assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'genai-gateway.genai-gateway';

suite('Activation', () => {
  test('the extension is present', () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID), `${EXTENSION_ID} not found`);
  });

  test('the extension activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });
});
