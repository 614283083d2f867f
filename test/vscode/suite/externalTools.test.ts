// VS Code's registered tools in the sidebar chat: the tools of a real MCP server (test/vscode/mcp/testMcpServer.ts,
// official SDK) that VS Code starts from the workspace's .vscode/mcp.json, and of a second extension the harness
// loads (test/vscode/fixtures/toolExtension), read from the real vscode.lm.tools and run through vscode.lm.invokeTool.
// Workspace trust is decided by the trust function the tools are built with (the harness runs without trust prompts).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AssistantTurn, Conversation } from '../../../src/chat/conversation';
import type { ApprovalDecision } from '../../../src/chat/toolLoop';
import { ChatController } from '../../../src/chatView/chatController';
import { ConversationLibrary } from '../../../src/chatView/conversationLibrary';
import { ConversationStore } from '../../../src/chatView/conversationStore';
import { placeModel } from '../../../src/gateway/catalog';
import { GatewayClient } from '../../../src/gateway/client';
import type { ChatRequest } from '../../../src/gateway/types/chat';
import { validateTools } from '../../../src/gateway/validation/chatTools';
import { MediaActions } from '../../../src/mediaActions/mediaActions';
import type { ToolSettings } from '../../../src/platform/settings';
import type { HostMessage } from '../../../src/protocol/chatProtocol';
import { createChatTools, type ChatTools } from '../../../src/tools/chatTools';
import { START_MCP_SERVERS_COMMAND } from '../../../src/tools/mcpServers';
import { vscodeLmTools } from '../../../src/tools/vscodeLmTools';
import { startEmulator, type Emulator } from '../../emulator';
import { ORDER_LABEL_PNG_BASE64 } from '../mcp/testMcpServer';
import { ApprovingView, MemoryMemento, until, DEFAULT_TOOL_SETTINGS } from './chatViewKit';

const WORKSPACE = process.env.GENAI_TEST_WORKSPACE ?? '';
const OWN_ID = 'genai-gateway.genai-gateway';
const TEST_EXTENSION = 'genai-gateway-tests.gateway-test-tools';
const MCP_SERVER = path.resolve(__dirname, '..', 'mcp', 'testMcpServer.js');

/** The name VS Code gives an MCP tool (a prefix from the server's name, then the tool's). */
function mcpTool(tool: string): string {
  const found = vscode.lm.tools.find((t) => t.tags.includes('mcp') && t.name.endsWith(`_${tool}`));
  assert.ok(found, `VS Code lists no MCP tool ${tool}: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
  return found.name;
}

suite('External tools (MCP, other extensions)', () => {
  let emulator: Emulator;
  let dir: string;
  let settings: ToolSettings;
  let trusted: boolean;
  const controllers: ChatController[] = [];
  const disposables: vscode.Disposable[] = [];

  suiteSetup(async function () {
    this.timeout(90000);
    fs.mkdirSync(path.join(WORKSPACE, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(WORKSPACE, '.vscode', 'mcp.json'),
      JSON.stringify({ servers: { testShop: { type: 'stdio', command: process.execPath, args: [MCP_SERVER] } } }, null, 2),
    );
    // VS Code starts MCP servers by itself only for its own chat's requests; nothing here signs in to a chat.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    console.log(`[external-tools] MCP tools before starting the servers: ${vscode.lm.tools.filter((t) => t.tags.includes('mcp')).length}`);
    // What the "Start" code lens of mcp.json runs: the user starting the server they configured.
    await vscode.commands.executeCommand(START_MCP_SERVERS_COMMAND, '*', { autoTrustChanges: true, waitForLiveTools: true });
    await until("the MCP server's tools in vscode.lm.tools", () => vscode.lm.tools.filter((t) => t.tags.includes('mcp')).length >= 6, 60000);
    await until("the test extension's tools in vscode.lm.tools", () => vscode.lm.tools.some((t) => t.name === 'gatewayTest_wordCount'), 30000);
  });

  setup(async () => {
    emulator = await startEmulator();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'external-tools-'));
    settings = { ...DEFAULT_TOOL_SETTINGS };
    trusted = true;
  });

  teardown(async () => {
    for (const controller of controllers.splice(0)) {
      await controller.shutdown();
      controller.dispose();
    }
    disposables.splice(0).forEach((d) => d.dispose());
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function chatTools(): ChatTools {
    const { tools, disposables: more } = createChatTools(
      {
        settings: () => settings,
        isTrusted: () => trusted,
        workspaceState: new MemoryMemento(),
        mediaActions: new MediaActions({ model: () => '', speech: () => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'mp3' }) }),
        log: { warn: () => undefined },
        addTerminalRules: async () => undefined,
        external: () => vscodeLmTools(OWN_ID),
      },
      new vscode.EventEmitter<void>().event,
    );
    disposables.push(...more);
    return tools;
  }

  async function open(
    decide: () => ApprovalDecision | undefined = () => 'once',
  ): Promise<{ controller: ChatController; view: ApprovingView; conversation: Conversation }> {
    const client = new GatewayClient({
      baseUrl: emulator.url,
      userAgent: 'external-tools-test',
      getCredential: async () => emulator.apiKey,
      retry: { maxAttempts: 1 },
    });
    const controller = new ChatController(
      {
        clients: { get: () => client, onDidChangeConnection: new vscode.EventEmitter<void>().event },
        catalog: { list: (signal) => client.models.list(signal), placeOf: (model) => placeModel(model) },
        settings: { model: () => 'gpt-4o-mini', chatUser: () => '', languageModelTokenLimits: () => ({}) },
        log: { warn: () => undefined },
        tools: chatTools(),
      },
      new ConversationLibrary(new ConversationStore(dir, { warn: () => undefined }), new MemoryMemento(), () => ''),
    );
    controllers.push(controller);
    const view = new ApprovingView(decide, () => controller);
    await controller.connect(view);
    return { controller, view, conversation: await controller.active };
  }

  async function ask(controller: ChatController, view: ApprovingView, c: Conversation, text: string): Promise<AssistantTurn[]> {
    const before = c.turns.length;
    await controller.handle({ type: 'send', text });
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
  const lastTools = (view: ApprovingView) => [...view.messages].reverse().find((m): m is Extract<HostMessage, { type: 'tools' }> => m.type === 'tools');

  test("the MCP server's and the second extension's tools are offered next to the built-in ones, with their sources", () => {
    const { tools } = chatTools().catalog();
    const byName = new Map(tools.map((t) => [t.name, t]));
    const lookup = byName.get(mcpTool('lookup_order'));
    assert.strictEqual(lookup?.source.kind, 'mcp');
    // code-server enables proposed APIs for every extension, so VS Code names the server here (desktop: "MCP server").
    assert.strictEqual(lookup?.source.label, 'MCP server testShop');
    assert.strictEqual(lookup?.state, 'on');
    assert.strictEqual(lookup?.description, 'Looks up an order of the test shop by its number.');
    assert.deepStrictEqual(byName.get('gatewayTest_wordCount')?.source, { kind: 'extension', label: `Gateway Test Tools (${TEST_EXTENSION})` });
    assert.deepStrictEqual(byName.get('read_file')?.source, { kind: 'builtin', label: 'Built-in' });
    // VS Code's own tools are listed, off; a name a built-in tool has (run_task, run_in_terminal: VS Code has its own) stays the built-in one.
    const vscodeOwn = tools.filter((t) => t.source.kind === 'vscode');
    assert.ok(vscodeOwn.length > 0 && vscodeOwn.every((t) => t.state === 'off'), JSON.stringify(vscodeOwn.map((t) => [t.name, t.state])));
    assert.ok(
      vscode.lm.tools.some((t) => t.name === 'run_in_terminal'),
      'VS Code has a tool of that name too',
    );
    for (const name of ['run_task', 'run_in_terminal']) {
      assert.strictEqual(byName.get(name)?.source.kind, 'builtin');
      assert.strictEqual(tools.filter((t) => t.name === name).length, 1);
    }
    // This extension's own agent-mode tools are the built-in media tools already.
    assert.ok(
      vscode.lm.tools.some((t) => t.name === 'genaiGateway_generateImage'),
      'VS Code lists them',
    );
    assert.ok(!byName.has('genaiGateway_generateImage'));
    // Built-in tools first, then the others.
    assert.strictEqual(
      tools.findIndex((t) => t.source.kind !== 'builtin'),
      tools.filter((t) => t.source.kind === 'builtin').length,
    );
    const offered = chatTools()
      .runtime.executor.offered()
      .map((t) => t.definition);
    assert.deepStrictEqual(validateTools(offered)?.length, tools.filter((t) => t.state === 'on').length);
  });

  test('the model calls an MCP tool that declares no confirmation: the card asks, naming the server, and the result goes back', async () => {
    const { controller, view, conversation } = await open(() => 'once');
    const name = mcpTool('lookup_order');
    const [calling, final] = await ask(controller, view, conversation, `call ${name} {"id":"42"}`);
    const call = calling?.toolCalls?.[0];
    assert.strictEqual(view.asked.length, 1, 'asked once');
    assert.deepStrictEqual(view.asked[0]?.source, { kind: 'mcp', label: 'MCP server testShop' });
    assert.strictEqual(call?.status, 'succeeded');
    assert.strictEqual(call?.result, 'Order 42: 3 blue widgets, shipped');
    assert.strictEqual(final?.text, `Tool results: ${name}=Order 42: 3 blue widgets, shipped`);
    const [first, second] = chatRequests();
    assert.ok(
      first?.tools?.some((t) => t.function.name === name && t.function.parameters.required?.[0] === 'id'),
      'the MCP tool and its schema go with the request',
    );
    assert.deepStrictEqual(
      second?.messages.filter((m) => m.role === 'tool'),
      [{ role: 'tool', tool_call_id: call?.wireId, name, content: 'Order 42: 3 blue widgets, shipped' }],
    );
  });

  test('a denied MCP call does not run; "Always in this workspace" lets the next one run without asking', async () => {
    const decisions: ApprovalDecision[] = ['deny', 'always'];
    const { controller, view, conversation } = await open(() => decisions.shift());
    const name = mcpTool('cancel_order');
    const [denied] = await ask(controller, view, conversation, `call ${name} {"id":"1"}`);
    assert.strictEqual(denied?.toolCalls?.[0]?.status, 'denied');
    const [always] = await ask(controller, view, conversation, `call ${name} {"id":"2"}`);
    assert.strictEqual(always?.toolCalls?.[0]?.result, 'Order 2 cancelled');
    const [again] = await ask(controller, view, conversation, `call ${name} {"id":"3"}`);
    assert.strictEqual(again?.toolCalls?.[0]?.result, 'Order 3 cancelled');
    assert.strictEqual(view.asked.length, 2, 'the third call ran without asking');
  });

  test("results: text and JSON data as text, an image named but not sent, an error result and a thrown error as the model's tool result", async () => {
    const [label, json, broken] = ['order_label', 'order_json', 'broken_tool'].map(mcpTool);
    settings = { ...DEFAULT_TOOL_SETTINGS, autoApprove: [label!, json!, broken!, 'gatewayTest_wordCount', 'gatewayTest_explode'] };
    const { controller, view, conversation } = await open(() => undefined);
    const [calling, final] = await ask(
      controller,
      view,
      conversation,
      `call ${label} {"id":"42"} and ${json} {"id":"7"} and ${broken} and gatewayTest_wordCount {"text":"one two three"} and gatewayTest_explode`,
    );
    const results = Object.fromEntries((calling?.toolCalls ?? []).map((c) => [c.name, [c.status, c.result]]));
    const pngBytes = Buffer.from(ORDER_LABEL_PNG_BASE64, 'base64').length;
    assert.deepStrictEqual(results[label!], [
      'succeeded',
      `Label of order 42\n[Image (image/png, ${pngBytes} bytes) returned by the tool: not sent, the chat format carries only text in tool results.]`,
    ]);
    assert.deepStrictEqual(JSON.parse(results[json!]?.[1] ?? ''), { id: '7', items: 3, color: 'blue', shipped: true });
    assert.deepStrictEqual(results[broken!], ['succeeded', 'The order database is offline']);
    assert.strictEqual(results.gatewayTest_wordCount?.[1]?.split('\n')[0], '3 words');
    assert.deepStrictEqual(JSON.parse(results.gatewayTest_wordCount?.[1]?.split('\n').slice(1).join('\n') ?? ''), { words: 3 });
    assert.strictEqual(results.gatewayTest_explode?.[0], 'failed');
    assert.match(results.gatewayTest_explode?.[1] ?? '', /^Error: .*The test tool exploded on purpose/);
    assert.strictEqual(view.asked.length, 0, 'listed in autoApprove: no question');
    assert.strictEqual(chatRequests()[1]?.messages.filter((m) => m.role === 'tool').length, 5);
    assert.match(final?.text ?? '', /gatewayTest_explode=Error: /);
  });

  test('Stop cancels an MCP call that never answers; the extension host stays responsive meanwhile', async () => {
    const name = mcpTool('wait_forever');
    settings = { ...DEFAULT_TOOL_SETTINGS, autoApprove: [name] };
    const { controller, view, conversation } = await open(() => undefined);
    await controller.handle({ type: 'send', text: `call ${name}` });
    await until('the call to run', () => view.messages.some((m) => m.type === 'toolCallChanged' && m.call.name === name && m.call.status === 'running'), 10000);
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      lags.push(Date.now() - start - 20);
    }
    // A blocked extension host would hold every timer for as long as the tool runs (forever).
    assert.ok(Math.max(...lags) < 1000, `timers late by ${lags.join(', ')} ms while the tool runs`);
    const stopped = Date.now();
    await controller.handle({ type: 'stop' });
    await until(
      'the call to be cancelled',
      () => view.messages.some((m) => m.type === 'toolCallChanged' && m.call.name === name && m.call.status === 'cancelled'),
      5000,
    );
    assert.ok(Date.now() - stopped < 3000, 'cancelled at once');
    const turn = conversation.turns.find((t): t is AssistantTurn => t.kind === 'assistant' && !!t.toolCalls?.length);
    assert.strictEqual(turn?.status, 'stopped');
  });

  test('untrusted workspace: no external tool is offered, and a call of one does not run', async () => {
    trusted = false;
    const { tools, note } = chatTools().catalog();
    assert.deepStrictEqual([...new Set(tools.map((t) => t.source.kind))], ['builtin']);
    assert.match(note ?? '', /not offered in Restricted Mode/);
    const { controller, view, conversation } = await open(() => 'once');
    const [answer] = await ask(controller, view, conversation, `call ${mcpTool('lookup_order')} {"id":"42"}`);
    // The model is not offered the tool, so the scripted model answers without calling it.
    assert.strictEqual(answer?.toolCalls, undefined);
    assert.ok(!chatRequests()[0]?.tools?.some((t) => t.function.name.startsWith('mcp_')));
    assert.strictEqual(view.asked.length, 0);
  });

  test("a conversation's switch turns a tool off for it alone; the cap leaves tools out with a note, never a refused request", async () => {
    const { controller, view, conversation } = await open(() => 'once');
    const name = mcpTool('lookup_order');
    await controller.handle({ type: 'setToolEnabled', name, enabled: false });
    assert.deepStrictEqual(conversation.toolSwitches, { [name]: false });
    assert.strictEqual(lastTools(view)?.tools.find((t) => t.name === name)?.state, 'off');
    await ask(controller, view, conversation, 'hello');
    assert.ok(!chatRequests()[0]?.tools?.some((t) => t.function.name === name), 'switched off: not offered');
    await controller.newConversation();
    assert.strictEqual(lastTools(view)?.tools.find((t) => t.name === name)?.state, 'on', 'another conversation keeps it');

    settings = { ...DEFAULT_TOOL_SETTINGS, maxTools: 16 };
    await controller.handle({ type: 'refreshTools' });
    const listed = lastTools(view);
    const on = listed?.tools.filter((t) => t.state === 'on').length;
    const over = listed?.tools.filter((t) => t.state === 'overLimit').length ?? 0;
    assert.strictEqual(on, 16);
    assert.ok(over > 0 && over === (listed?.tools.filter((t) => t.state !== 'off').length ?? 0) - 16, `${over} over the limit`);
    assert.match(listed?.note ?? '', new RegExp(`^${over} tools are switched on but not offered: a request carries at most 16 tools`));
    const second = await controller.active;
    await ask(controller, view, second, 'hello again');
    assert.strictEqual(chatRequests().at(-1)?.tools?.length, 16);
  });
});
