// The chat view's host side end to end: real HTTP to an emulator of its own (so it can slow the
// stream down), real files, the webview replaced by a recorder of the protocol's messages.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AssistantTurn, Conversation } from '../../../src/chat/conversation';
import { ChatController, type ChatServices } from '../../../src/chatView/chatController';
import { ConversationLibrary } from '../../../src/chatView/conversationLibrary';
import { ConversationStore } from '../../../src/chatView/conversationStore';
import { GatewayClient } from '../../../src/gateway/client';
import { placeModel } from '../../../src/gateway/catalog';
import { startEmulator, type Emulator } from '../../emulator';
import type { HostMessage, SetupStep } from '../../../src/protocol/chatProtocol';
import { MemoryMemento, RecordingView, until } from './chatViewKit';

suite('Chat view host', () => {
  let emulator: Emulator;
  let dir: string;
  let memento: MemoryMemento;
  const opened: ChatController[] = [];
  const connectionChanged = new vscode.EventEmitter<void>();

  function open(listModels?: ChatServices['catalog']['list'], more: Partial<ChatServices> = {}): { controller: ChatController; view: RecordingView } {
    const client = new GatewayClient({
      baseUrl: emulator.url,
      userAgent: 'chat-view-test',
      getCredential: async () => emulator.apiKey,
      retry: { maxAttempts: 1 },
    });
    const services: ChatServices = {
      clients: { get: () => client, onDidChangeConnection: connectionChanged.event },
      catalog: { list: listModels ?? ((signal) => client.models.list(signal)), placeOf: (model) => placeModel(model) },
      settings: { model: () => '', chatUser: () => 'integration-user', languageModelTokenLimits: () => ({}) },
      log: { warn: () => undefined },
      ...more,
    };
    const store = new ConversationStore(dir, services.log);
    const library = new ConversationLibrary(store, memento, () => '');
    const controller = new ChatController(services, library);
    opened.push(controller);
    return { controller, view: new RecordingView() };
  }

  async function connected(): Promise<{ controller: ChatController; view: RecordingView; conversation: Conversation }> {
    const { controller, view } = open();
    await controller.connect(view);
    const conversation = await controller.active;
    // the model list arrives after the state; the first chat model is chosen for the conversation
    await until('a model', () => conversation.model || undefined);
    return { controller, view, conversation };
  }

  async function finished(view: RecordingView, c: Conversation): Promise<AssistantTurn> {
    return until('the answer to end', () => {
      const turn = c.turns[c.turns.length - 1];
      const ended = view.messages.some((m) => m.type === 'turnChanged' && m.turn.id === turn?.id && m.turn.status !== 'streaming');
      return ended && turn?.kind === 'assistant' ? turn : undefined;
    });
  }

  setup(async () => {
    emulator = await startEmulator();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-view-'));
    memento = new MemoryMemento();
  });

  teardown(async () => {
    for (const controller of opened.splice(0)) {
      await controller.shutdown();
      controller.dispose();
    }
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the first message posted is the whole state, once the view is ready', async () => {
    const { controller, view } = open();
    await controller.active;
    assert.strictEqual(view.messages.length, 0);
    await controller.connect(view);
    assert.strictEqual(view.messages[0]?.type, 'state');
  });

  test('no problem is shown for the missing model while the model list is on its way; then what to do', async () => {
    let answer: (models: Awaited<ReturnType<ChatServices['catalog']['list']>>) => void = () => undefined;
    const { controller, view } = open(() => new Promise((resolve) => (answer = resolve)));
    await controller.connect(view);
    const problems = (): (string | undefined)[] => view.messages.flatMap((m) => (m.type === 'problem' ? [m.message] : []));
    assert.ok(problems().length > 0);
    assert.deepStrictEqual(problems().filter(Boolean), [], 'no problem while the list loads');
    answer([{ id: 'dall-e-3', object: 'model', created: 0, owned_by: 'test' }]);
    const problem = await until('the no-model problem', () => problems().filter(Boolean)[0]);
    assert.match(problem, /^No model: the gateway lists no chat model\. .*genaiGateway\.models\.chat/);

    const failing = open(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9')));
    await failing.controller.connect(failing.view);
    const failed = await until(
      'the failed-list problem',
      () => failing.view.messages.flatMap((m) => (m.type === 'problem' && m.message ? [m.message] : []))[0],
    );
    assert.match(failed, /^No model: the model list could not be fetched \(.*ECONNREFUSED.*\)\. .*genaiGateway\.models\.chat/);
  });

  test('before the gateway is set up the view gets its welcome and no validation text; its button runs the steps, and the view follows', async () => {
    let needs: SetupStep | undefined = 'gateway';
    const connects: number[] = [];
    const failing = () => Promise.reject(new Error('Invalid "genaiGateway.baseUrl": got ""; allowed: an http:// or https:// address ending in /v1'));
    const { controller, view } = open(failing, {
      setup: {
        needs: async () => needs,
        connect: async () => {
          connects.push(1);
          needs = undefined;
        },
      },
    });
    await controller.connect(view);
    await until('the welcome', () => view.messages.some((m) => m.type === 'setup' && m.needs === 'gateway'));
    await until('the model list to fail', () => view.messages.some((m) => m.type === 'models' && m.models.error));
    const problems = () => view.messages.filter((m): m is Extract<HostMessage, { type: 'problem' }> => m.type === 'problem');
    assert.ok(
      problems().every((m) => m.message === undefined),
      `no validation text reaches the view: ${JSON.stringify(problems())}`,
    );
    await controller.handle({ type: 'connectGateway' });
    assert.deepStrictEqual(connects, [1]);
    const last = view.messages.filter((m) => m.type === 'setup').at(-1);
    assert.deepStrictEqual(last, { type: 'setup' }, 'ready: the welcome goes');
    needs = 'key';
    connectionChanged.fire();
    await until('the view to follow a connection change', () => {
      const latest = view.messages.filter((m) => m.type === 'setup').at(-1);
      return latest?.type === 'setup' && latest.needs === 'key';
    });
  });

  test('a new default chat model (Select Model) is followed by the open conversation when it used the old default, not when chosen in its picker', async () => {
    let defaultModel = 'gpt-4o-mini';
    const { controller, view } = open(undefined, { settings: { model: () => defaultModel, chatUser: () => '', languageModelTokenLimits: () => ({}) } });
    await controller.connect(view);
    const conversation = await controller.active;
    await until('the default model', () => conversation.model === 'gpt-4o-mini');
    const config = vscode.workspace.getConfiguration('genaiGateway');
    const original = config.inspect<string>('models.chat')?.globalValue;
    const chosen = async (model: string) => {
      defaultModel = model;
      await config.update('models.chat', model, vscode.ConfigurationTarget.Global);
    };
    try {
      await chosen('gpt-4o');
      await until('the conversation to follow', () => conversation.model === 'gpt-4o');
      assert.ok(
        view.messages.some((m) => m.type === 'conversation' && m.conversation.model === 'gpt-4o'),
        'the view shows it',
      );
      await controller.handle({ type: 'setModel', model: 'llama-3.1-70b-instruct' });
      await chosen('gpt-4.1');
      // The change event has been handled once the configuration reads the new value (both happen in one step).
      await until('the new default to be read', () => vscode.workspace.getConfiguration('genaiGateway').get('models.chat') === 'gpt-4.1');
      assert.strictEqual(conversation.model, 'llama-3.1-70b-instruct', 'a model chosen in the picker stays');
    } finally {
      await config.update('models.chat', original, vscode.ConfigurationTarget.Global);
    }
  });

  test('Ask about Selection starts a new conversation with the excerpt and the caret in the composer; an unused one is reused', async () => {
    const { controller, view, conversation } = await connected();
    await controller.handle({ type: 'send', text: 'an earlier topic' });
    await finished(view, conversation);
    const chip = { id: 'sel-1', kind: 'selection' as const, file: 'a.ts', uri: 'file:///a.ts', languageId: 'typescript', startLine: 1, endLine: 2, text: 'x' };
    await controller.askAbout(chip);
    const asked = await controller.active;
    assert.notStrictEqual(asked.id, conversation.id, 'a new conversation');
    assert.deepStrictEqual(asked.draft.context, [chip]);
    assert.ok(view.messages.at(-1)?.type === 'focusComposer', 'the caret goes to the composer');
    await controller.askAbout({ ...chip, id: 'sel-2' });
    assert.strictEqual((await controller.active).id, asked.id, 'nothing was asked in it yet: reused');
    assert.strictEqual((await controller.active).draft.context.length, 2);
  });

  test('send streams the answer to the view and saves it with usage and request id', async () => {
    const { controller, view, conversation } = await connected();
    await controller.handle({ type: 'send', text: 'hello gateway' });
    const turn = await finished(view, conversation);
    assert.strictEqual(turn.status, 'done');
    assert.strictEqual(turn.text, 'echo: hello gateway');
    assert.strictEqual(view.streamedText(turn.id), 'echo: hello gateway');
    assert.ok(!JSON.stringify(view.messages).includes(emulator.apiKey), 'the key never reaches the view');
    assert.ok(turn.usage && turn.usage.total_tokens > 0, 'usage recorded');
    assert.ok(turn.requestId, 'request id recorded');
    assert.strictEqual(conversation.title, 'hello gateway');
    const sent = emulator.requests.find((r) => r.path.endsWith('/chat/completions'));
    assert.strictEqual((sent?.body as { user?: string }).user, 'integration-user');
    await controller.shutdown();
    const saved = fs.readFileSync(path.join(dir, `${conversation.id}.json`), 'utf8');
    assert.match(saved, /echo: hello gateway/);
  });

  test('stop mid-stream keeps the partial text, marked stopped', async () => {
    const { controller, view, conversation } = await connected();
    emulator.setOptions({ chunkDelayMs: 20 });
    await controller.handle({ type: 'send', text: 'length 400' });
    await until('some streamed text', () => (conversation.turns[1]?.text.length ?? 0) > 20 || undefined);
    await controller.handle({ type: 'stop' });
    const turn = await finished(view, conversation);
    assert.strictEqual(turn.status, 'stopped');
    assert.ok(turn.text.length > 0, 'the partial text is kept');
    assert.ok(turn.text.split(' ').length < 400, 'the answer was cut short');
    assert.strictEqual(turn.error, undefined);
    await controller.shutdown();
    const saved = JSON.parse(fs.readFileSync(path.join(dir, `${conversation.id}.json`), 'utf8'));
    assert.strictEqual(saved.conversation.turns[1].status, 'stopped');
    assert.strictEqual(saved.conversation.turns[1].text, turn.text);
  });

  test('invalid parameters are refused with the validator message before anything is sent', async () => {
    const { controller, view, conversation } = await connected();
    await controller.handle({ type: 'setParams', params: { systemPrompt: '', stop: [], temperature: 9 } });
    const before = emulator.requests.length;
    await controller.handle({ type: 'send', text: 'hot take' });
    const problem = [...view.messages].reverse().find((m) => m.type === 'problem');
    assert.ok(problem && problem.type === 'problem' && /temperature/.test(problem.message ?? ''), JSON.stringify(problem));
    assert.strictEqual(conversation.turns.length, 0);
    assert.strictEqual(conversation.draft.text, 'hot take');
    assert.strictEqual(emulator.requests.length, before);
  });

  test('content_filter and max_tokens end the answer with their finish reason; Continue goes on', async () => {
    const { controller, view, conversation } = await connected();
    await controller.handle({ type: 'send', text: 'say something forbidden now' });
    assert.strictEqual((await finished(view, conversation)).finishReason, 'content_filter');
    await controller.handle({ type: 'setParams', params: { systemPrompt: '', stop: [], maxTokens: 3 } });
    await controller.handle({ type: 'send', text: 'length 10' });
    const cut = await finished(view, conversation);
    assert.strictEqual(cut.finishReason, 'length');
    assert.strictEqual(cut.text, 'lorem ipsum dolor');
    view.messages.length = 0;
    await controller.handle({ type: 'continue' });
    const continued = await finished(view, conversation);
    assert.strictEqual(continued.id, cut.id);
    assert.ok(continued.text.startsWith('lorem ipsum dolor') && continued.text.length > 'lorem ipsum dolor'.length, continued.text);
  });

  test('a failed request shows the server message and request id inline; Retry answers it', async () => {
    const { controller, view, conversation } = await connected();
    emulator.setFaults({ statusBurst: { status: 503, count: 1 }, pathPrefix: '/chat' });
    await controller.handle({ type: 'send', text: 'try me' });
    const failed = await finished(view, conversation);
    assert.strictEqual(failed.status, 'error');
    assert.ok(failed.error?.message, 'an error message');
    assert.ok(failed.error?.requestId, 'the request id');
    emulator.setFaults(undefined);
    view.messages.length = 0;
    await controller.handle({ type: 'regenerate' });
    const retried = await finished(view, conversation);
    assert.strictEqual(retried.status, 'done');
    assert.strictEqual(retried.text, 'echo: try me');
    assert.strictEqual(conversation.turns.length, 2);
  });

  test('after a reload mid-stream the history, the interrupted answer and the draft with its chips are back', async () => {
    const first = await connected();
    emulator.setOptions({ chunkDelayMs: 20 });
    await first.controller.handle({ type: 'send', text: 'length 400' });
    await until('some streamed text', () => (first.conversation.turns[1]?.text.length ?? 0) > 20 || undefined);
    await first.controller.handle({ type: 'draftChanged', text: 'half-typed question' });
    await first.controller.addContext(
      { id: 'chip-1', file: 'hello.txt', uri: 'file:///w/hello.txt', languageId: 'plaintext', startLine: 1, endLine: 2, text: 'Hello' },
      false,
    );
    const partial = first.conversation.turns[1]?.text ?? '';
    // what a window reload does: the view and the store go away, new ones read the disk
    await first.controller.shutdown();
    first.controller.dispose();

    const { controller, view } = open();
    await controller.connect(view);
    const restored = view.lastState();
    assert.strictEqual(restored.id, first.conversation.id);
    assert.deepStrictEqual(
      restored.turns.map((t) => t.kind),
      ['user', 'assistant'],
    );
    assert.strictEqual(restored.turns[0]?.text, 'length 400');
    const answer = restored.turns[1];
    assert.ok(answer && answer.kind === 'assistant');
    assert.strictEqual(answer.status, 'interrupted');
    assert.ok(answer.text.startsWith(partial) && answer.text.length > 0, 'the partial answer is kept');
    assert.strictEqual(restored.draft.text, 'half-typed question');
    assert.deepStrictEqual(
      restored.draft.context.map((c) => `${c.file}:${c.startLine}-${c.endLine}`),
      ['hello.txt:1-2'],
    );
  });

  test('conversations can be added and switched; the list names them', async () => {
    const { controller, view, conversation } = await connected();
    await controller.handle({ type: 'send', text: 'first topic' });
    await finished(view, conversation);
    await controller.handle({ type: 'newConversation' });
    const second = await controller.active;
    assert.notStrictEqual(second.id, conversation.id);
    assert.strictEqual(second.model, conversation.model, 'a new conversation gets the chat model');
    const list = [...view.messages].reverse().find((m) => m.type === 'conversations');
    assert.ok(list && list.type === 'conversations');
    assert.deepStrictEqual(
      list.conversations.map((c) => c.title),
      ['New conversation', 'first topic'],
    );
    await controller.handle({ type: 'switchConversation', conversationId: conversation.id });
    assert.strictEqual((await controller.active).id, conversation.id);
  });
});

suite('Chat view contributions', () => {
  test('the chat view opens through its command', async () => {
    await vscode.extensions.getExtension('genai-gateway.genai-gateway')?.activate();
    await vscode.commands.executeCommand('genaiGateway.openChat');
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'genaiGateway.chat.askAboutSelection',
      'genaiGateway.chat.addSelection',
      'genaiGateway.chat.stop',
      'genaiGateway.chat.exportConversation',
      'genaiGateway.chat.newConversation',
    ]) {
      assert.ok(commands.includes(id), `${id} is registered`);
    }
  });
});
