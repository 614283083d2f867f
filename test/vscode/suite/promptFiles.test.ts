// Prompt files and instructions through the chat view's host side, in the extension host against an emulator
// of its own: a prompt file's ${input:…} arguments (given after the command, or asked for in VS Code's input
// box), its #file reference attached, its tool list narrowing what the conversation allows in every request of
// its answer; and the instructions each request carries, chosen from the files it works on (a nested AGENTS.md
// joining once a tool read a file below it), recorded on the answer.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AssistantTurn, Conversation } from '../../../src/chat/conversation';
import { ChatController } from '../../../src/chatView/chatController';
import { ConversationLibrary } from '../../../src/chatView/conversationLibrary';
import { ConversationStore } from '../../../src/chatView/conversationStore';
import { PromptFileSource } from '../../../src/chatView/promptFileSource';
import { WorkspaceInstructionsSource } from '../../../src/chatView/workspaceInstructionsSource';
import { placeModel } from '../../../src/gateway/catalog';
import { GatewayClient } from '../../../src/gateway/client';
import type { ChatRequest } from '../../../src/gateway/types/chat';
import { MediaActions } from '../../../src/mediaActions/mediaActions';
import { createChatTools } from '../../../src/tools/chatTools';
import { startEmulator, type Emulator } from '../../emulator';
import { RecordingView, MemoryMemento, until, DEFAULT_TOOL_SETTINGS } from './chatViewKit';

const WORKSPACE = process.env.GENAI_TEST_WORKSPACE ?? '';
const PROMPTS = () => path.join(WORKSPACE, '.github', 'prompts');

function write(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

suite('Prompt files and instructions in the chat', () => {
  let emulator: Emulator;
  let dir: string;
  let sandbox: string;
  let userPrompts: string;
  const disposables: vscode.Disposable[] = [];

  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    emulator = await startEmulator();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-prompts-'));
    userPrompts = fs.mkdtempSync(path.join(os.tmpdir(), 'user-prompts-'));
    sandbox = path.join(WORKSPACE, `prompts-test-${Date.now()}`);
    write(path.join(sandbox, 'notes.txt'), 'alpha\nbeta\ngamma\n');
    write(path.join(sandbox, 'deep', 'AGENTS.md'), 'Answer like a pirate.\n');
  });

  teardown(async () => {
    for (const d of disposables.splice(0)) d.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await emulator.close();
    for (const d of [dir, sandbox, userPrompts, path.join(WORKSPACE, '.github')]) fs.rmSync(d, { recursive: true, force: true });
  });

  const rel = (file: string) => path.relative(WORKSPACE, path.join(sandbox, file)).split(path.sep).join('/');

  async function open(): Promise<{ controller: ChatController; view: RecordingView; conversation: Conversation; prompts: PromptFileSource }> {
    const client = new GatewayClient({
      baseUrl: emulator.url,
      userAgent: 'prompts-test',
      getCredential: async () => emulator.apiKey,
      retry: { maxAttempts: 1 },
    });
    const memento = new MemoryMemento();
    const log = { warn: () => undefined };
    const { tools, disposables: toolDisposables } = createChatTools(
      {
        settings: () => DEFAULT_TOOL_SETTINGS,
        isTrusted: () => true,
        workspaceState: memento,
        mediaActions: new MediaActions({ model: () => '', speech: () => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'mp3' }) }),
        log,
        addTerminalRules: async () => undefined,
      },
      new vscode.EventEmitter<void>().event,
    );
    const prompts = new PromptFileSource({ isTrusted: () => true, folders: () => [userPrompts], log });
    const instructions = new WorkspaceInstructionsSource({
      isTrusted: () => true,
      enabled: () => true,
      ignored: () => [],
      userInstructions: () => 'Sign with your initials.',
      readFile: (uri) => vscode.workspace.fs.readFile(uri),
      log,
    });
    await Promise.all([prompts.refresh(), instructions.refresh()]);
    const controller = new ChatController(
      {
        clients: { get: () => client, onDidChangeConnection: new vscode.EventEmitter<void>().event },
        catalog: { list: (signal) => client.models.list(signal), placeOf: (model) => placeModel(model) },
        settings: { model: () => 'gpt-4o-mini', chatUser: () => '', languageModelTokenLimits: () => ({}) },
        log,
        tools,
        prompts,
        instructions,
      },
      new ConversationLibrary(new ConversationStore(dir, log), memento, () => ''),
    );
    disposables.push(...toolDisposables, prompts, instructions, controller);
    const view = new RecordingView();
    await controller.connect(view);
    return { controller, view, conversation: await controller.active, prompts };
  }

  /** Waits until the response to the last message has ended. */
  async function answered(view: RecordingView, c: Conversation, before: number): Promise<AssistantTurn[]> {
    await until(
      'the response to end',
      () => {
        const last = c.turns[c.turns.length - 1];
        return (
          c.turns.length > before + 1 &&
          view.messages.some((m) => m.type === 'turnChanged' && m.turn.id === last?.id && !m.busy && m.turn.status !== 'streaming')
        );
      },
      20000,
    );
    return c.turns.slice(before + 1).filter((t): t is AssistantTurn => t.kind === 'assistant');
  }

  const chatRequests = () => emulator.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as ChatRequest);
  const offered = (r: ChatRequest | undefined) => (r?.tools ?? []).map((t) => t.function.name).sort();

  test('a prompt file runs as /name: an argument given, one asked in an input box, its #file attached, its tools narrowing every request', async () => {
    write(
      path.join(PROMPTS(), 'readnote.prompt.md'),
      [
        '---',
        'description: Read a note with a tool',
        "tools: ['read_file', 'create_file', 'no_such_tool']",
        '---',
        'call read_file {"path":"${input:file}"} and also edit_file, then say ${input:word:a word to end with}.',
        `Context: #file:../../${rel('notes.txt')}`,
      ].join('\n'),
    );
    write(path.join(userPrompts, 'mine.prompt.md'), '---\ndescription: From my folder\n---\nHello from me.\n');
    const { controller, view, conversation } = await open();
    const commands = [...view.messages].reverse().find((m) => m.type === 'promptCommands');
    assert.deepStrictEqual(commands?.type === 'promptCommands' && commands.commands, [
      { name: 'mine', description: 'From my folder', source: 'user' },
      { name: 'readnote', description: 'Read a note with a tool', source: 'workspace' },
    ]);
    // The user allowed everything but create_file in this conversation: the prompt's list cannot switch it back on.
    conversation.toolSwitches = { create_file: false };

    let asked = false;
    const run = controller.handle({ type: 'runPrompt', name: 'readnote', args: `file=${rel('notes.txt')}` }).then(() => (asked = true));
    // VS Code's input box for ${input:word}: accepted as it is (empty), as Enter does.
    while (!asked) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((r) => setTimeout(r, 200));
    }
    await run;
    const [calling, final] = await answered(view, conversation, 0);

    const user = conversation.turns[0];
    assert.ok(user?.kind === 'user');
    assert.strictEqual(user.text, `call read_file {"path":"${rel('notes.txt')}"} and also edit_file, then say .\nContext: #file:../../${rel('notes.txt')}`);
    assert.deepStrictEqual(user.prompt, { name: 'readnote', tools: ['read_file', 'create_file', 'no_such_tool'] });
    assert.deepStrictEqual(
      user.context.map((chip) => [chip.kind, chip.file, chip.text.includes('beta')]),
      [['file', rel('notes.txt'), true]],
      'the #file reference is attached and read',
    );
    const [first, second] = chatRequests();
    assert.deepStrictEqual(offered(first), ['read_file'], "narrowed to the prompt's tools the user allows");
    assert.deepStrictEqual(offered(second), ['read_file'], 'also after the tool results');
    assert.deepStrictEqual(
      calling?.toolCalls?.map((c) => [c.name, c.status]),
      [['read_file', 'succeeded']],
      'edit_file was not offered, so not called',
    );
    assert.match(final?.text ?? '', /^Tool results: read_file=/);

    // The next plain message is not narrowed.
    const before = conversation.turns.length;
    await controller.handle({ type: 'send', text: 'hello' });
    await answered(view, conversation, before);
    const plain = offered(chatRequests().at(-1));
    assert.ok(plain.includes('edit_file') && !plain.includes('create_file'), plain.join());
  });

  test('all arguments after the command: no input box; cancelling an input box sends nothing', async () => {
    write(path.join(PROMPTS(), 'echo.prompt.md'), 'Say ${input:a} and ${input:b}.');
    const { controller, view, conversation } = await open();
    await controller.handle({ type: 'runPrompt', name: 'echo', args: 'a=one b="two words" and more' });
    await answered(view, conversation, 0);
    assert.strictEqual(conversation.turns[0]?.text, 'Say one and two words.\n\nand more');

    let settled = false;
    const run = controller.handle({ type: 'runPrompt', name: 'echo', args: 'a=x' }).then(() => (settled = true));
    while (!settled) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await new Promise((r) => setTimeout(r, 200));
    }
    await run;
    assert.strictEqual(conversation.turns.length, 2, 'nothing sent');
    assert.strictEqual(chatRequests().length, 1);
  });

  test('each request carries the instructions of the files it works on: a nested AGENTS.md joins once a tool read a file below it', async () => {
    write(path.join(sandbox, 'deep', 'inner.txt'), 'inner\n');
    const { controller, view, conversation } = await open();
    await controller.handle({ type: 'send', text: `call read_file {"path":"${rel('deep/inner.txt')}"}` });
    const [calling, final] = await answered(view, conversation, 0);
    assert.deepStrictEqual(calling?.instructions, ['genaiGateway.chat.userInstructions']);
    assert.deepStrictEqual(final?.instructions, ['genaiGateway.chat.userInstructions', rel('deep/AGENTS.md')]);
    const [first, second] = chatRequests();
    assert.doesNotMatch(String(first?.messages[0]?.content), /pirate/);
    assert.match(
      String(second?.messages[0]?.content),
      /Sign with your initials\.[\s\S]*\(they apply to the folder [^)]*deep\):\n<instructions file="[^"]*deep\/AGENTS\.md">\nAnswer like a pirate\./,
    );
  });
});
