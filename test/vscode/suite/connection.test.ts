import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { settingSchemas } from '../../support/packageManifest';
import { connectionTooltip } from '../../../src/connection/statusBar';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
/** A credential the emulator does not accept and that appears nowhere else: any trace of it is a leak. */
const WRONG_KEY = 'sk-leakcheck-7f3a9c2e1b';

interface ConnectionTestResult {
  ok: boolean;
  latencyMs: number;
  modelCount?: number;
  byCapability?: Record<string, number>;
  error?: string;
  status?: number;
  requestId?: string;
}

const testConnection = () => vscode.commands.executeCommand<ConnectionTestResult>('genaiGateway.testConnection', { quiet: true });
const packageJson = () =>
  vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
    contributes: {
      commands: Array<{ command: string }>;
      configuration: unknown;
      walkthroughs: Array<{ id: string; steps: unknown[] }>;
    };
  };

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

suite('Connection and credentials', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('genaiGateway.signOut');
  });

  test('every contributed command is registered', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = packageJson()
      .contributes.commands.map((c) => c.command)
      .filter((c) => !registered.has(c));
    assert.deepStrictEqual(missing, []);
  });

  test('every setting is readable, has a default and a description (package.nls.json resolved by VS Code)', () => {
    const properties = settingSchemas<{ default?: unknown; description?: string; markdownDescription?: string }>(packageJson());
    assert.ok(Object.keys(properties).length >= 10);
    for (const [key, schema] of Object.entries(properties)) {
      const inspected = vscode.workspace.getConfiguration().inspect(key);
      assert.ok(inspected, `${key} is not readable`);
      assert.notStrictEqual(inspected.defaultValue, undefined, `${key} has no default`);
      const description = schema.description || schema.markdownDescription;
      assert.ok(description, `${key} has no description`);
      assert.doesNotMatch(description, /^%.+%$/, `${key}'s description is an unresolved package.nls.json key`);
    }
  });

  test('the walkthrough is contributed with its steps', () => {
    const walkthrough = packageJson().contributes.walkthroughs.find((w) => w.id === 'genaiGateway.gettingStarted');
    assert.ok(walkthrough);
    assert.ok(walkthrough.steps.length >= 4);
  });

  test('Test Connection reaches the emulator and counts its models', async () => {
    const result = await testConnection();
    assert.strictEqual(result.ok, true, result.error);
    assert.ok((result.modelCount ?? 0) >= 12);
    assert.ok((result.byCapability?.chat ?? 0) >= 2);
    assert.ok((result.byCapability?.['image-4.5'] ?? 0) >= 1);
    assert.ok(result.latencyMs >= 0);
  });

  test('a key in SecretStorage wins over the environment: a wrong one gives the 401 message', async () => {
    await vscode.commands.executeCommand('genaiGateway.setApiKey', WRONG_KEY);
    const result = await testConnection();
    assert.strictEqual(result.ok, false);
    assert.strictEqual(result.status, 401);
    assert.match(result.error ?? '', /Set API Key/);
    assert.ok(result.requestId, 'the request id is shown');
    assert.ok(!(result.error ?? '').includes(WRONG_KEY));
  });

  test('the right key in SecretStorage connects; Sign Out falls back to the environment', async () => {
    await vscode.commands.executeCommand('genaiGateway.setApiKey', process.env.GENAI_EMULATOR_KEY);
    assert.strictEqual((await testConnection()).ok, true);
    await vscode.commands.executeCommand('genaiGateway.setAccessToken', process.env.GENAI_EMULATOR_TOKEN);
    assert.strictEqual((await testConnection()).ok, true, 'an access token works in the same header');
    await vscode.commands.executeCommand('genaiGateway.signOut');
    assert.strictEqual((await testConnection()).ok, true, 'GENAI_GATEWAY_API_KEY is the fallback');
  });

  test('a stopped gateway gives a clear message', async () => {
    const config = vscode.workspace.getConfiguration('genaiGateway');
    const original = config.get<string>('baseUrl');
    await config.update('baseUrl', 'http://127.0.0.1:9/v1', vscode.ConfigurationTarget.Global);
    try {
      const result = await testConnection();
      assert.strictEqual(result.ok, false);
      assert.match(result.error ?? '', /Could not reach http:\/\/127\.0\.0\.1:9: connection refused/);
      assert.match(result.error ?? '', /Check the base URL/);
    } finally {
      await config.update('baseUrl', original, vscode.ConfigurationTarget.Global);
    }
  });

  test('no URL set: the error says which setting and what to run', async () => {
    const config = vscode.workspace.getConfiguration('genaiGateway');
    const original = config.get<string>('baseUrl');
    await config.update('baseUrl', '', vscode.ConfigurationTarget.Global);
    try {
      const result = await testConnection();
      assert.strictEqual(result.ok, false);
      assert.match(result.error ?? '', /genaiGateway\.baseUrl/);
      assert.match(result.error ?? '', /Set Gateway URL/);
    } finally {
      await config.update('baseUrl', original, vscode.ConfigurationTarget.Global);
    }
  });

  test('the key is in no setting and no log', async () => {
    // The wrong key was used for a real request above: it went through the client, the transport and the logger.
    const runDir = path.dirname(process.env.GENAI_TEST_TMP!);
    const userData = path.join(runDir, 'cs', 'user-data');
    const workspace = process.env.GENAI_TEST_WORKSPACE!;
    const candidates = [
      ...filesUnder(path.join(userData, 'logs')),
      path.join(userData, 'User', 'settings.json'),
      path.join(workspace, '.vscode', 'settings.json'),
      ...filesUnder(path.join(userData, 'User', 'globalStorage', EXTENSION_ID)),
      ...filesUnder(path.join(userData, 'User', 'workspaceStorage')).filter((f) => f.includes(EXTENSION_ID)),
    ].filter((f) => fs.existsSync(f));
    const logs = candidates.filter((f) => f.includes(`${path.sep}logs${path.sep}`));
    assert.ok(
      logs.some((f) => /GenAI Gateway/.test(path.basename(f))),
      `our log channel file exists among ${logs.length} log files`,
    );
    const ourLog = fs.readFileSync(
      logs.find((f) => /GenAI Gateway/.test(path.basename(f)))!,
      'utf8',
    );
    assert.match(ourLog, /GET \/models 401/, 'the failed request was logged');
    const leaks = candidates.filter((f) => fs.readFileSync(f, 'utf8').includes(WRONG_KEY));
    assert.deepStrictEqual(leaks, []);
  });

  test("the status bar's tooltip shows a failing request's error and a workspace's model id as text: no link, no image", () => {
    const hostile = 'proxy said ![seen](https://tracker.example/p.png) [Renew](https://evil.example) <img src=x>';
    const tooltip = connectionTooltip({
      state: 'failing',
      detail: hostile,
      baseUrl: 'https://gateway.example/v1',
      model: '[gpt](https://evil.example)',
      keyLine: 'Key: API key for https://gateway.example',
      click: 'Click to test the connection.',
    });
    assert.ok(!tooltip.isTrusted && !tooltip.supportHtml, 'neither commands nor HTML');
    // Markdown makes a link or an image of `[text](target)` only where neither bracket nor parenthesis is escaped.
    assert.doesNotMatch(tooltip.value, /(^|[^\\])\[[^\]]*[^\\]\]\(/, tooltip.value);
    assert.match(tooltip.value, /^\*\*GenAI Gateway\*\* — /, 'the heading stays bold');
    assert.ok(tooltip.value.includes('tracker.example') && tooltip.value.includes('evil.example'), 'the words are still there to read');
    assert.match(tooltip.value, /Click(&nbsp;| )to(&nbsp;| )test(&nbsp;| )the(&nbsp;| )connection\\?\.$/, 'the tooltip ends with what a click does');
  });
});
