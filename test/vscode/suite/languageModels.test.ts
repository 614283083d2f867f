// The gateway in VS Code's own AI features, through the API (the Chat view itself needs a signed-in
// Copilot): the language model provider via vscode.lm, the tools via vscode.lm.invokeTool, and the
// @gateway participant's handler, against an emulator of this suite's own (to see what was sent and
// inject faults), with the extension's settings pointed at it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { CreateVideoTaskTool, GATEWAY_TOOLS, GenerateImageTool, ReadAloudTool } from '../../../src/languageModels/gatewayTools';
import { gatewayChatHandler } from '../../../src/languageModels/gatewayParticipant';
import { MediaActions } from '../../../src/mediaActions/mediaActions';
import { Settings } from '../../../src/platform/settings';
import { startEmulator, type Emulator } from '../../emulator';
import { renderPng } from '../../emulator/media/png';
import { untilInVsCode as until } from '../../support/until';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const VENDOR = 'genai-gateway';
const OUTPUT_FOLDER = 'language-models-test';
const CHAT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'llama-3.1-70b-instruct'];
const WEATHER: vscode.LanguageModelChatTool = {
  name: 'get_weather',
  description: 'The weather of a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const gatewayModels = () => vscode.lm.selectChatModels({ vendor: VENDOR });
const modelIds = async () => (await gatewayModels()).map((m) => m.id).sort();

async function gatewayModel(id: string): Promise<vscode.LanguageModelChat> {
  return until(`the model ${id}`, async () => (await vscode.lm.selectChatModels({ vendor: VENDOR, id }))[0]);
}

async function readAll(response: vscode.LanguageModelChatResponse): Promise<unknown[]> {
  const parts: unknown[] = [];
  for await (const part of response.stream) parts.push(part);
  return parts;
}

const textOf = (parts: readonly unknown[]) => parts.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
const resultText = (result: vscode.LanguageModelToolResult) => result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

async function rejection(run: Thenable<unknown>): Promise<Error & { code?: string }> {
  try {
    await run;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a failure');
}

/** What the participant streamed. */
class RecordingStream implements vscode.ChatResponseStream {
  readonly markdowns: string[] = [];
  readonly anchors: vscode.Uri[] = [];
  readonly buttons: vscode.Command[] = [];
  readonly progresses: string[] = [];
  markdown(value: string | vscode.MarkdownString): void {
    this.markdowns.push(typeof value === 'string' ? value : value.value);
  }
  anchor(value: vscode.Uri | vscode.Location): void {
    this.anchors.push(value instanceof vscode.Uri ? value : value.uri);
  }
  button(command: vscode.Command): void {
    this.buttons.push(command);
  }
  progress(value: string): void {
    this.progresses.push(value);
  }
  filetree(): void {}
  reference(): void {}
  push(): void {}
  get text(): string {
    return this.markdowns.join('');
  }
}

suite('Language models, tools and @gateway', () => {
  let emulator: Emulator;
  const config = () => vscode.workspace.getConfiguration('genaiGateway');
  const workspace = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const chatRequests = () => emulator.requests.filter((r) => r.path === '/v1/chat/completions');
  const lastChatBody = () => chatRequests().at(-1)?.body as Record<string, unknown>;
  const none = () => new vscode.CancellationTokenSource().token;
  let savedBaseUrl: string | undefined;

  suiteSetup(async function () {
    if (!process.env.GENAI_EMULATOR_URL) this.skip();
    this.timeout(60000);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    savedBaseUrl = config().inspect<string>('baseUrl')?.globalValue;
    emulator = await startEmulator({ apiKey: process.env.GENAI_GATEWAY_API_KEY ?? process.env.GENAI_EMULATOR_KEY });
    await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await config().update('outputFolder', OUTPUT_FOLDER, vscode.ConfigurationTarget.Global);
    await until("the models of this suite's emulator", async () => emulator.requests.some((r) => r.path === '/v1/models') && (await modelIds()).length > 0);
  });

  suiteTeardown(async () => {
    emulator?.setFaults(undefined);
    // Back to the harness's gateway: later suites use it.
    await config().update('baseUrl', savedBaseUrl, vscode.ConfigurationTarget.Global);
    await config().update('outputFolder', undefined, vscode.ConfigurationTarget.Global);
    await emulator?.close();
  });

  teardown(() => emulator.setFaults(undefined));

  suite('provider', () => {
    test('selectChatModels({vendor}) finds the chat models of the gateway and nothing else', async () => {
      assert.deepStrictEqual(await modelIds(), [...CHAT_MODELS].sort());
      const model = await gatewayModel('gpt-4o');
      assert.strictEqual(model.vendor, VENDOR);
      assert.strictEqual(model.name, 'gpt-4o');
      assert.strictEqual(model.family, 'gpt-4o');
      assert.strictEqual(model.version, '2024-05-10');
      assert.strictEqual(model.maxInputTokens, 128000);
    });

    test('sendRequest streams the answer as text parts', async () => {
      const model = await gatewayModel('gpt-4o-mini');
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('hello from the model picker')], {}, none());
      const parts = await readAll(response);
      assert.ok(parts.length > 0 && parts.every((p) => p instanceof vscode.LanguageModelTextPart), 'only text parts');
      assert.strictEqual(textOf(parts), 'echo: hello from the model picker');
      assert.strictEqual(lastChatBody().stream, true);
      assert.strictEqual(lastChatBody().model, 'gpt-4o-mini');
    });

    test('a tool call round trip: LanguageModelToolCallPart out, LanguageModelToolResultPart back as a tool message', async () => {
      const model = await gatewayModel('gpt-4o');
      const question = vscode.LanguageModelChatMessage.User('call get_weather {"city":"Paris"}');
      const first = await readAll(await model.sendRequest([question], { tools: [WEATHER] }, none()));
      const calls = first.filter((p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart);
      assert.strictEqual(calls.length, 1);
      assert.strictEqual(calls[0].name, 'get_weather');
      assert.deepStrictEqual(calls[0].input, { city: 'Paris' });
      assert.deepStrictEqual((lastChatBody().tools as unknown[])[0], {
        type: 'function',
        function: { name: 'get_weather', description: WEATHER.description, parameters: WEATHER.inputSchema },
      });

      const history = [
        question,
        vscode.LanguageModelChatMessage.Assistant([calls[0]]),
        vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(calls[0].callId, [new vscode.LanguageModelTextPart('sunny, 24°C')])]),
      ];
      const second = await readAll(await model.sendRequest(history, { tools: [WEATHER] }, none()));
      assert.strictEqual(textOf(second), 'Tool results: get_weather=sunny, 24°C');
      assert.deepStrictEqual((lastChatBody().messages as unknown[]).slice(1), [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: calls[0].callId, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: calls[0].callId, name: 'get_weather', content: 'sunny, 24°C' },
      ]);
    });

    test('Required tool mode forces the one tool', async () => {
      const model = await gatewayModel('gpt-4o');
      const parts = await readAll(
        await model.sendRequest(
          [vscode.LanguageModelChatMessage.User('hello')],
          { tools: [WEATHER], toolMode: vscode.LanguageModelChatToolMode.Required },
          none(),
        ),
      );
      assert.ok(parts.some((p) => p instanceof vscode.LanguageModelToolCallPart && p.name === 'get_weather'));
      assert.deepStrictEqual(lastChatBody().tool_choice, { type: 'function', function: { name: 'get_weather' } });
    });

    test('countTokens estimates text and messages', async () => {
      const model = await gatewayModel('gpt-4o');
      assert.strictEqual(await model.countTokens('abcdefgh'), 2);
      assert.strictEqual(await model.countTokens(vscode.LanguageModelChatMessage.User('abcdefgh')), 6);
    });

    test('cancelling the token aborts the streaming request', async () => {
      emulator.setFaults({ slowChunkMs: 300, pathPrefix: '/v1/chat' });
      const model = await gatewayModel('gpt-4o-mini');
      const source = new vscode.CancellationTokenSource();
      const started = Date.now();
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('length 60')], {}, source.token);
      let text = '';
      try {
        for await (const fragment of response.text) {
          text += fragment;
          source.cancel();
        }
      } catch (error) {
        assert.ok(error instanceof vscode.CancellationError || /cancel/i.test(String(error)), String(error));
      }
      assert.ok(text.split(/\s+/).length < 60, `stopped early: ${text}`);
      assert.ok(Date.now() - started < 60 * 300, 'did not wait for the whole answer');
    });

    test("a 401 is a LanguageModelError NoPermissions with the server's message and the request id", async () => {
      const model = await gatewayModel('gpt-4o-mini');
      emulator.setFaults({ errorBody: 'openai', errorStatus: 401, pathPrefix: '/v1/chat' });
      const error = await rejection(model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}, none()).then(readAll));
      assert.strictEqual(error.code, vscode.LanguageModelError.NoPermissions.name);
      assert.match(error.message, /Set a valid API key/);
      assert.match(error.message, /\(request id [^)]+\)/);
    });

    test('a request the client refuses before sending fails with the field named', async () => {
      const model = await gatewayModel('gpt-4o-mini');
      const before = chatRequests().length;
      const error = await rejection(
        model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], { modelOptions: { max_tokens: -5 } }, none()).then(readAll),
      );
      assert.match(error.message, /max_tokens/);
      assert.strictEqual(chatRequests().length, before, 'nothing was sent');
    });

    test('the model list follows the capability map, the token limits and the URL (onDidChangeChatModels)', async () => {
      let changes = 0;
      const listener = vscode.lm.onDidChangeChatModels(() => changes++);
      try {
        await config().update('modelCapabilities', { 'gpt-4o': 'speech' }, vscode.ConfigurationTarget.Workspace);
        await until('gpt-4o gone', async () => !(await modelIds()).includes('gpt-4o'));
        await config().update('modelCapabilities', undefined, vscode.ConfigurationTarget.Workspace);
        await until('gpt-4o back', async () => (await modelIds()).includes('gpt-4o'));

        await config().update('languageModels.tokenLimits', { 'gpt-4o': { maxInputTokens: 8000 } }, vscode.ConfigurationTarget.Workspace);
        await until('the new limit', async () => (await gatewayModel('gpt-4o')).maxInputTokens === 8000);
        await config().update('languageModels.tokenLimits', undefined, vscode.ConfigurationTarget.Workspace);

        await config().update('baseUrl', '', vscode.ConfigurationTarget.Global);
        await until('no models without a URL', async () => (await modelIds()).length === 0);
        await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
        await until('the models again', async () => (await modelIds()).length === CHAT_MODELS.length);
        assert.ok(changes >= 4, `onDidChangeChatModels fired ${changes} times`);
      } finally {
        listener.dispose();
        await config().update('modelCapabilities', undefined, vscode.ConfigurationTarget.Workspace);
        await config().update('languageModels.tokenLimits', undefined, vscode.ConfigurationTarget.Workspace);
        await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
      }
    });

    test('the model list follows the key: a refused key lists none, the good one lists them again', async () => {
      try {
        await vscode.commands.executeCommand('genaiGateway.setApiKey', 'sk-refused-by-the-emulator');
        await until('no models with a refused key', async () => (await modelIds()).length === 0);
      } finally {
        await vscode.commands.executeCommand('genaiGateway.signOut');
      }
      await until('the models with the key of the environment', async () => (await modelIds()).length === CHAT_MODELS.length);
    });
  });

  suite('tools', () => {
    const actions = new MediaActions(new Settings());

    test('the three tools are registered with their contributed schemas', () => {
      const tools = vscode.lm.tools.filter((t) => Object.values<string>(GATEWAY_TOOLS).includes(t.name));
      assert.deepStrictEqual(tools.map((t) => t.name).sort(), Object.values(GATEWAY_TOOLS).sort());
      for (const tool of tools) {
        assert.ok(tool.description.length > 50, `${tool.name} has a model description`);
        assert.strictEqual((tool.inputSchema as { type?: string }).type, 'object');
      }
    });

    test('prepareInvocation gives confirmation texts naming the model and quoting the prompt', () => {
      const image = new GenerateImageTool(actions).prepareInvocation({ input: { prompt: 'a red kite' } });
      assert.strictEqual(image.confirmationMessages?.title, 'Generate an image on the gateway?');
      const imageMessage = image.confirmationMessages!.message as vscode.MarkdownString;
      assert.match(imageMessage.value, /^A paid request: `bytedance-seedream-4-5` generates an image, saved in the output folder\. Prompt:/);
      assert.match(imageMessage.value, /```text\na red kite\n```/);
      const task = new CreateVideoTaskTool(actions).prepareInvocation({ input: { prompt: 'waves', ratio: '16:9', duration: 5 } });
      assert.match((task.confirmationMessages!.message as vscode.MarkdownString).value, /`seedance-1-0-pro-250528` generates a video \(16:9, 5 s\)/);
      const speech = new ReadAloudTool(actions).prepareInvocation({ input: { text: 'Hi.', save: true, format: 'wav' } });
      assert.strictEqual(speech.confirmationMessages?.title, 'Save this text as speech?');
      assert.strictEqual(new ReadAloudTool(actions).prepareInvocation({ input: { text: 'Hi.' } }).confirmationMessages?.title, 'Read this text aloud?');
    });

    test('invokeTool generateImage saves the image in the output folder and names it', async () => {
      const result = await vscode.lm.invokeTool(GATEWAY_TOOLS.generateImage, { input: { prompt: 'a blue square on white' }, toolInvocationToken: undefined });
      const text = resultText(result);
      const match = /^Saved the image: (\S+\.png)\.\nGenerated: 1 image, \d+×\d+, [\d,]+ output tokens\.$/.exec(text);
      assert.ok(match, text);
      assert.strictEqual(path.dirname(match[1]), OUTPUT_FOLDER);
      assert.ok(fs.existsSync(path.join(workspace(), match[1])));
    });

    test('invokeTool createVideoTask creates the task and gives its id; a refused setting fails with the field named', async () => {
      const result = await vscode.lm.invokeTool(GATEWAY_TOOLS.createVideoTask, {
        input: { prompt: 'clouds drifting over hills', ratio: '16:9' },
        toolInvocationToken: undefined,
      });
      const id = /^Created the video task (cgt-\S+) with seedance-1-0-pro-250528\./.exec(resultText(result))?.[1];
      assert.ok(id, resultText(result));
      assert.ok(emulator.tasks().some((t) => t.id === id));
      const error = await rejection(
        vscode.lm.invokeTool(GATEWAY_TOOLS.createVideoTask, {
          input: { prompt: 'x', model: 'seedance-1-5-pro-251215', resolution: '1080p' },
          toolInvocationToken: undefined,
        }),
      );
      assert.match(error.message, /resolution/);
    });

    test("input images outside the workspace are refused with the chat tools' messages, before any request", async () => {
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
      const secret = path.join(outside, 'secret.png');
      fs.writeFileSync(secret, renderPng({ width: 8, height: 8, prompt: 'secret' }));
      const inside = path.join(OUTPUT_FOLDER, 'input-cat.png');
      fs.mkdirSync(path.join(workspace(), OUTPUT_FOLDER), { recursive: true });
      fs.writeFileSync(path.join(workspace(), inside), renderPng({ width: 64, height: 48, prompt: 'cat' }));
      // Requests that would send something: polls of a task an earlier test left running are GETs.
      const mediaRequests = () =>
        emulator.requests.filter((r) => r.method === 'POST' && (r.path.startsWith('/v1/images') || r.path.startsWith('/v1/contents')));
      try {
        const before = mediaRequests().length;
        for (const image of [secret, path.relative(workspace(), secret), `../${path.basename(outside)}/secret.png`]) {
          const imageError = await rejection(
            vscode.lm.invokeTool(GATEWAY_TOOLS.generateImage, { input: { prompt: 'edit', images: [image] }, toolInvocationToken: undefined }),
          );
          assert.match(imageError.message, /Refused: .* is outside the workspace folders\./, image);
          const taskError = await rejection(
            vscode.lm.invokeTool(GATEWAY_TOOLS.createVideoTask, { input: { prompt: 'animate', images: [image] }, toolInvocationToken: undefined }),
          );
          assert.match(taskError.message, /Refused: .* is outside the workspace folders\./, image);
        }
        const gitError = await rejection(
          vscode.lm.invokeTool(GATEWAY_TOOLS.generateImage, { input: { prompt: 'edit', images: ['.git/config'] }, toolInvocationToken: undefined }),
        );
        assert.match(gitError.message, /Refused: \.git\/config is inside \.git, whose files can run code\./);
        assert.strictEqual(mediaRequests().length, before, 'nothing was sent to the gateway');

        const result = await vscode.lm.invokeTool(GATEWAY_TOOLS.generateImage, {
          input: { prompt: 'give the cat a hat', model: 'bytedance-seedream-4', size: '512x512', images: [inside] },
          toolInvocationToken: undefined,
        });
        assert.match(resultText(result), /^Saved the image: /);
        const sent = mediaRequests().at(-1)?.body as { image?: unknown };
        assert.ok(JSON.stringify(sent.image).includes(fs.readFileSync(path.join(workspace(), inside)).toString('base64')), 'a workspace image is still sent');
      } finally {
        fs.rmSync(outside, { recursive: true, force: true });
        fs.rmSync(path.join(workspace(), inside), { force: true });
      }
    });

    test('invokeTool readAloud with save writes the audio file', async () => {
      const result = await vscode.lm.invokeTool(GATEWAY_TOOLS.readAloud, {
        input: { text: 'Hello from agent mode. This is a test.', save: true, format: 'wav' },
        toolInvocationToken: undefined,
      });
      const file = /^Saved the speech as (\S+\.wav)\.$/.exec(resultText(result))?.[1];
      assert.ok(file, resultText(result));
      assert.match(fs.readFileSync(path.join(workspace(), file)).subarray(0, 12).toString('latin1'), /^RIFF....WAVE/s);
    });

    test('invokeTool readAloud plays through the gateway, and cancelling stops the reading', async () => {
      const before = emulator.requests.filter((r) => r.path === '/v1/audio/speech').length;
      const source = new vscode.CancellationTokenSource();
      const text = Array.from({ length: 40 }, (_, i) => `Sentence ${i} is read aloud by the tool.`).join(' ');
      const invocation = Promise.resolve(vscode.lm.invokeTool(GATEWAY_TOOLS.readAloud, { input: { text }, toolInvocationToken: undefined }, source.token));
      await until('speech requests', async () => emulator.requests.filter((r) => r.path === '/v1/audio/speech').length > before);
      source.cancel();
      const outcome = await invocation.then(resultText, (error: Error) => error.message);
      assert.match(outcome, /stopped|cancel/i);
    });
  });

  suite('@gateway participant', () => {
    const handler = gatewayChatHandler(new MediaActions(new Settings()));

    async function ask(prompt: string, command?: string): Promise<{ stream: RecordingStream; result: vscode.ChatResult }> {
      const request: vscode.ChatRequest = {
        prompt,
        command,
        references: [],
        toolReferences: [],
        toolInvocationToken: undefined as never,
        model: await gatewayModel('gpt-4o-mini'),
      };
      const stream = new RecordingStream();
      const result = (await handler(request, { history: [] }, stream, none())) ?? {};
      return { stream, result };
    }

    test('the participant is contributed with /image, /video and /speak', () => {
      const participants = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.chatParticipants as Array<{
        id: string;
        name: string;
        commands: Array<{ name: string }>;
      }>;
      const gateway = participants.find((p) => p.id === 'genaiGateway.gateway');
      assert.strictEqual(gateway?.name, 'gateway');
      assert.deepStrictEqual(
        gateway.commands.map((c) => c.name),
        ['image', 'video', 'speak'],
      );
    });

    test('plain chat goes through the chosen model and streams markdown', async () => {
      const { stream, result } = await ask('what is new?');
      assert.strictEqual(stream.text, 'echo: what is new?');
      assert.strictEqual(result.errorDetails, undefined);
    });

    test('/image answers with an anchor to the saved image', async () => {
      const { stream, result } = await ask('a yellow circle', 'image');
      assert.strictEqual(result.errorDetails, undefined, result.errorDetails?.message);
      assert.match(stream.progresses[0], /Generating an image with bytedance-seedream-4-5/);
      assert.strictEqual(stream.anchors.length, 1);
      assert.ok(stream.anchors[0].fsPath.endsWith('.png') && fs.existsSync(stream.anchors[0].fsPath));
      assert.match(stream.text, /^Saved the image:/);
    });

    test('/video answers with the new task id and a button to the Video Tasks view', async () => {
      const { stream, result } = await ask('a paper boat on a river', 'video');
      assert.strictEqual(result.errorDetails, undefined, result.errorDetails?.message);
      const id = /^Created the video task `(cgt-[^`]+)` with `seedance-1-0-pro-250528`\./.exec(stream.text)?.[1];
      assert.ok(id && emulator.tasks().some((t) => t.id === id), stream.text);
      assert.deepStrictEqual(
        stream.buttons.map((b) => b.command),
        ['genaiGateway.tasks.focus'],
      );
    });

    test('/speak answers with an anchor to the saved speech', async () => {
      const { stream, result } = await ask('Hello from the participant.', 'speak');
      assert.strictEqual(result.errorDetails, undefined, result.errorDetails?.message);
      assert.strictEqual(stream.anchors.length, 1);
      assert.ok(stream.anchors[0].fsPath.endsWith('.mp3') && fs.existsSync(stream.anchors[0].fsPath));
    });

    test('a command without text explains itself; a failure is the error of the answer', async () => {
      const { stream } = await ask('  ', 'image');
      assert.match(stream.text, /Describe the image after `\/image`/);
      emulator.setFaults({ errorBody: 'openai', errorStatus: 401, pathPrefix: '/v1/chat' });
      const { result } = await ask('hi');
      assert.match(result.errorDetails?.message ?? '', /Set a valid API key.*request id/);
    });
  });
});
