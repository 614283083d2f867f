// Checks the wiring the harness provides to every test: workspace, settings, environment, emulator.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

suite('Harness', () => {
  suiteSetup(function () {
    if (!process.env.GENAI_EMULATOR_URL) this.skip();
  });

  test('the fresh fixture workspace is open', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.strictEqual(folders.length, 1);
    assert.strictEqual(folders[0].uri.fsPath, process.env.GENAI_TEST_WORKSPACE);
    assert.ok(fs.existsSync(path.join(folders[0].uri.fsPath, 'README.md')));
  });

  test('genaiGateway.baseUrl points at the emulator', () => {
    const baseUrl = vscode.workspace.getConfiguration('genaiGateway').get<string>('baseUrl');
    assert.strictEqual(baseUrl, process.env.GENAI_EMULATOR_URL);
  });

  test('the API key reaches the extension host through the environment only', () => {
    assert.ok(process.env.GENAI_EMULATOR_KEY);
    assert.strictEqual(process.env.GENAI_GATEWAY_API_KEY, process.env.GENAI_EMULATOR_KEY);
    const settings = fs.readFileSync(path.join(process.env.GENAI_TEST_WORKSPACE!, '.vscode', 'settings.json'), 'utf8');
    assert.ok(!settings.includes(process.env.GENAI_EMULATOR_KEY!), 'key found in settings.json');
  });

  test('the emulator answers HTTP from the extension host', async () => {
    const res = await fetch(`${process.env.GENAI_EMULATOR_URL}/models`, {
      headers: { authorization: `Bearer ${process.env.GENAI_EMULATOR_KEY}` },
    });
    await res.arrayBuffer();
    assert.ok(res.status > 0 && res.status < 500, `status ${res.status}`);
  });
});
