// Company networks in the extension host: headers added to every request (plain ones from user
// settings, secret ones from secret storage), shown by name only, and a secret header's value in
// no file of the run (settings, logs, storage).
// The suite points genaiGateway.baseUrl at an emulator of its own.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../../emulator';
import { until } from '../../support/until';
import { filesContaining, runFolder } from './runFiles';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const KEY = `sk-network-${randomUUID()}`;
const SECRET = `cf-secret-${randomUUID()}`;

interface ConnectionTestResult {
  ok: boolean;
  error?: string;
  headers?: string;
}

const config = () => vscode.workspace.getConfiguration('genaiGateway');
const testConnection = () => vscode.commands.executeCommand<ConnectionTestResult>('genaiGateway.testConnection', { quiet: true });

suite('Company network', () => {
  let emulator: Emulator;
  let savedBaseUrl: string | undefined;

  suiteSetup(async function () {
    if (!process.env.GENAI_EMULATOR_URL) this.skip();
    this.timeout(60000);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    emulator = await startEmulator({ apiKey: KEY });
    savedBaseUrl = config().inspect<string>('baseUrl')?.globalValue;
    await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('genaiGateway.setApiKey', KEY);
    await until("a connection with the suite's key", async () => (await testConnection()).ok);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('genaiGateway.removeSecretHeader', 'CF-Access-Client-Secret');
    await config().update('headers', undefined, vscode.ConfigurationTarget.Global);
    await config().update('authorizationHeader', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('genaiGateway.signOut');
    await config().update('baseUrl', savedBaseUrl, vscode.ConfigurationTarget.Global);
    await emulator?.close();
  });

  test('plain and secret headers go with every request; Test Connection names them; the secret is in no file', async function () {
    this.timeout(60000);
    await config().update('headers', { 'CF-Access-Client-Id': 'client.access', 'X-Tenant': 'acme' }, vscode.ConfigurationTarget.Global);
    assert.strictEqual(await vscode.commands.executeCommand('genaiGateway.setSecretHeader', 'CF-Access-Client-Secret', SECRET), true);
    let result: ConnectionTestResult = { ok: false };
    await until('a connection with the headers', async () => {
      result = await testConnection();
      return result.ok && emulator.requests.at(-1)?.headers['cf-access-client-secret'] === SECRET;
    });
    assert.strictEqual(result.headers, 'CF-Access-Client-Id, X-Tenant, CF-Access-Client-Secret (secret)');
    const last = emulator.requests.at(-1)!;
    assert.strictEqual(last.headers['cf-access-client-id'], 'client.access');
    assert.strictEqual(last.headers['x-tenant'], 'acme');
    assert.strictEqual(last.headers.authorization, `Bearer ${KEY}`);
    // Give the log channel a moment to reach its file.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ourLog = filesContaining(runFolder(), 'CF-Access-Client-Secret (secret)');
    assert.ok(ourLog.length > 0, 'the log names the secret header');
    assert.deepStrictEqual(filesContaining(runFolder(), SECRET), []);
  });

  test('Authorization in the headers is refused with a clear error unless authorizationHeader is custom', async function () {
    this.timeout(30000);
    const before = emulator.requests.length;
    await config().update('headers', { Authorization: 'Basic abc' }, vscode.ConfigurationTarget.Global);
    const refused = await testConnection();
    assert.strictEqual(refused.ok, false);
    assert.match(refused.error ?? '', /"Authorization" in genaiGateway\.headers would replace the Authorization header that carries your API key/);
    assert.strictEqual(emulator.requests.length, before, 'nothing was sent');
    await config().update('headers', { 'X Bad': 'x' }, vscode.ConfigurationTarget.Global);
    assert.match((await testConnection()).error ?? '', /"X Bad" in genaiGateway\.headers is not a valid header name/);
    await config().update('headers', undefined, vscode.ConfigurationTarget.Global);
  });

  test("the log says where trust and proxies come from (and whether VS Code's proxy resolver was found)", async function () {
    this.timeout(30000);
    await testConnection();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const logs = filesContaining(runFolder(), "Trusted certificates: Node's roots");
    assert.ok(logs.length > 0, 'the trust line is logged');
    const text = fs.readFileSync(logs[0], 'utf8');
    const resolver = /Proxies are chosen as VS Code chooses them/.test(text)
      ? "VS Code's resolveProxyURL"
      : /VS Code's own proxy resolver is not available/.test(text)
        ? 'fallback'
        : 'unknown';
    console.log(`[network] proxy resolution in this extension host: ${resolver}; ${/Trusted certificates:[^\n]*/.exec(text)?.[0]}`);
    assert.notStrictEqual(resolver, 'unknown');
  });
});
