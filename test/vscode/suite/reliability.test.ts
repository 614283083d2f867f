// Reliability in the extension host: the proxy setting (through a local CONNECT proxy, and a clear
// error when it is down), a video task whose creation answer is cut (never sent again, and it still
// shows up), and, after every feature ran with a key of this suite, that key in no file of the run
// and no unhandled rejection in the extension host's log.
// The suite points genaiGateway.baseUrl at an emulator of its own, which accepts only that key.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../../emulator';
import { startConnectProxy } from '../../support/connectProxy';
import { until } from '../../support/until';
import { filesContaining, runFolder } from './runFiles';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const KEY = `sk-reliability-${randomUUID()}`;
const TASKS_PATH = '/v1/contents/generations/tasks';

interface ConnectionTestResult {
  ok: boolean;
  error?: string;
}

const config = () => vscode.workspace.getConfiguration('genaiGateway');
const testConnection = () => vscode.commands.executeCommand<ConnectionTestResult>('genaiGateway.testConnection', { quiet: true });
const workspaceFolder = (): string => process.env.GENAI_TEST_WORKSPACE!;

suite('Reliability', () => {
  let emulator: Emulator;
  let savedBaseUrl: string | undefined;

  suiteSetup(async function () {
    if (!process.env.GENAI_EMULATOR_URL) this.skip();
    this.timeout(60000);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    emulator = await startEmulator({ apiKey: KEY, taskTiming: { queuedMs: 0, runningMs: 300 } });
    savedBaseUrl = config().inspect<string>('baseUrl')?.globalValue;
    await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('genaiGateway.setApiKey', KEY);
    await until("a connection with the suite's key", async () => (await testConnection()).ok);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('genaiGateway.signOut');
    await config().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', savedBaseUrl, vscode.ConfigurationTarget.Global);
    await emulator?.close();
  });

  teardown(() => emulator.setFaults(undefined));

  test('with a proxy set, requests go through the local CONNECT proxy; with the proxy down, the error says so', async () => {
    const proxy = await startConnectProxy();
    try {
      await config().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      const through = await testConnection();
      assert.strictEqual(through.ok, true, through.error);
      assert.ok(proxy.tunnels.includes(new URL(emulator.url).host), `tunnels: ${proxy.tunnels.join(', ')}`);
      await proxy.close();
      const down = await testConnection();
      assert.strictEqual(down.ok, false);
      assert.match(down.error ?? '', new RegExp(`through the proxy ${proxy.url.replace(/[.]/g, '\\.')}.*Check that the proxy is running`));
    } finally {
      await proxy.close();
      await config().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('a video task whose creation answer is cut: not sent again, the user is told it may exist, and it shows up', async () => {
    emulator.setFaults({ resetAfterBytes: 5, pathPrefix: '/contents' });
    const created = emulator.tasks().length;
    const from = emulator.requests.length;
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('genaiGateway.tasks.create', { prompt: 'a lighthouse keeper at night', duration: 2, throwErrors: true })),
      (error: Error) => /may have created the task anyway; it was not sent again/.test(error.message),
    );
    emulator.setFaults(undefined);
    const since = () => emulator.requests.slice(from);
    assert.strictEqual(since().filter((r) => r.method === 'POST' && r.path === TASKS_PATH).length, 1, 'sent once');
    assert.strictEqual(emulator.tasks().length - created, 1, 'the gateway made one task');
    await until('the first page of the list reloaded, to show it', () =>
      since().some((r) => r.method === 'GET' && r.path === TASKS_PATH && r.query.startsWith('page_num=1')),
    );
  });

  test('after every feature ran, the key is in no log, setting, state or file of the run; nothing was left unhandled', async function () {
    this.timeout(90000);
    assert.strictEqual((await testConnection()).ok, true);
    const [model] = await vscode.lm.selectChatModels({ vendor: 'genai-gateway', id: 'gpt-4o-mini' });
    assert.ok(model, "the gateway's chat model");
    const response = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User('hello from the secrets check')],
      {},
      new vscode.CancellationTokenSource().token,
    );
    let answer = '';
    for await (const part of response.text) answer += part;
    assert.strictEqual(answer, 'echo: hello from the secrets check');
    const image = await vscode.commands.executeCommand<{ files: string[] }>('genaiGateway.generateImage', {
      prompt: 'a key under a doormat',
      model: 'bytedance-seedream-4',
      fields: { size: '512x512', response_format: 'url' },
      openResults: false,
    });
    assert.strictEqual(image?.files.length, 1);
    const document = await vscode.workspace.openTextDocument({ content: 'The key stays secret. Nobody reads it.' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, document.getText().length);
    const speech = await vscode.commands.executeCommand<{ path: string }>('genaiGateway.readAloud.saveSelection', { format: 'mp3' });
    assert.ok(speech && fs.existsSync(speech.path));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.commands.executeCommand('genaiGateway.tasks.create', { prompt: 'a secret kept in a video', duration: 2, throwErrors: true });
    const generated = path.join(workspaceFolder(), 'generated');
    await until(
      'the task video downloaded',
      () => fs.readdirSync(generated).some((f) => f.startsWith('a-secret-kept-in-a-video') && f.endsWith('.mp4')),
      30000,
    );

    const sentWithKey = emulator.requests.filter((r) => r.headers.authorization === `Bearer ${KEY}`);
    assert.ok(sentWithKey.length >= 6 && sentWithKey.every((r) => r.path.startsWith('/v1/')), 'the key went with API calls only');
    assert.ok(
      emulator.requests.filter((r) => r.path.startsWith('/files/')).every((r) => r.headers.authorization === undefined),
      'links were fetched without it',
    );
    // A rejection left unhandled on purpose shows where the extension host reports them.
    const probe = `unhandled-probe-${randomUUID()}`;
    void Promise.reject(new Error(probe));
    // Settings and global state are flushed to disk by the workbench; logs by their channels; rejections after a second.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.deepStrictEqual(filesContaining(runFolder(), KEY), []);
    const reports = filesContaining(runFolder(), 'rejected promise not handled')
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
      .filter((line) => line.includes('rejected promise not handled'));
    assert.ok(
      reports.some((line) => line.includes(probe)),
      'the probe was reported',
    );
    assert.deepStrictEqual(
      reports.filter((line) => !line.includes(probe)),
      [],
      'nothing else was left unhandled',
    );
  });
});
