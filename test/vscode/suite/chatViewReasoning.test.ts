// The chat view's host side with servers the emulator does not imitate: a local HTTP server
// sends raw SSE as DeepSeek (reasoning_content), OpenAI (a refusal) and llama.cpp (its legacy
// error field) do; the webview replaced by a recorder of the protocol's messages.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AssistantTurn, Conversation } from '../../../src/chat/conversation';
import { ChatController, type ChatServices } from '../../../src/chatView/chatController';
import { ConversationLibrary } from '../../../src/chatView/conversationLibrary';
import { ConversationStore } from '../../../src/chatView/conversationStore';
import { placeModel } from '../../../src/gateway/catalog';
import { GatewayClient } from '../../../src/gateway/client';
import { startRecordingServer, type RecordingServer, type SeenRequest } from '../../support/recordingServer';
import type { ServerResponse } from 'http';
import { MemoryMemento, RecordingView, until } from './chatViewKit';

const MODEL = 'deepseek-reasoner';
const chunk = (delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;

/** What the server streams for a question: each entry is written after a pause, so reasoning and answer come in reads of their own. */
function transcript(question: string): string[] {
  if (question.includes('refuse'))
    return [chunk({ role: 'assistant', content: null, refusal: '' }), chunk({ refusal: "I can't help with that." }), chunk({}, 'stop'), 'data: [DONE]\n\n'];
  if (question.includes('too long')) {
    return [
      chunk({ role: 'assistant', content: null }),
      'error: {"code":500,"message":"the request exceeds the available context size, try increasing it","type":"server_error"}\n\n',
      'data: [DONE]\n',
    ];
  }
  return [
    chunk({ role: 'assistant', content: null, reasoning_content: '' }) + chunk({ reasoning_content: 'The user greets me.' }),
    chunk({ reasoning_content: ' I greet back.' }),
    chunk({ content: 'Hello', reasoning_content: null }) + chunk({ content: '!' }),
    chunk({ content: '' }, 'stop') +
      `data: ${JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 4, completion_tokens: 9, total_tokens: 13 } })}\n\n` +
      'data: [DONE]\n\n',
  ];
}

function answer(request: SeenRequest, response: ServerResponse): void {
  if (request.url.endsWith('/models')) {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', data: [{ id: MODEL, object: 'model', created: 1, owned_by: 'deepseek' }] }));
    return;
  }
  const body = JSON.parse(request.body) as { messages: Array<{ content: string }> };
  const writes = transcript(body.messages[body.messages.length - 1]?.content ?? '');
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const next = (): void => {
    const write = writes.shift();
    if (write === undefined) return void response.end();
    response.write(write);
    setTimeout(next, 120);
  };
  next();
}

suite('Chat view host: reasoning, refusals, stream errors', () => {
  let server: RecordingServer;
  let dir: string;
  const opened: ChatController[] = [];
  const connectionChanged = new vscode.EventEmitter<void>();

  async function connected(): Promise<{ controller: ChatController; view: RecordingView; conversation: Conversation }> {
    const client = new GatewayClient({
      baseUrl: `${server.origin}/v1`,
      userAgent: 'chat-view-test',
      getCredential: async () => 'k-12345678',
      retry: { maxAttempts: 1 },
    });
    const services: ChatServices = {
      clients: { get: () => client, onDidChangeConnection: connectionChanged.event },
      catalog: { list: (signal) => client.models.list(signal), placeOf: (model) => placeModel(model) },
      settings: { model: () => MODEL, chatUser: () => '', languageModelTokenLimits: () => ({}) },
      log: { warn: () => undefined },
    };
    const controller = new ChatController(services, new ConversationLibrary(new ConversationStore(dir, services.log), new MemoryMemento(), () => ''));
    opened.push(controller);
    const view = new RecordingView();
    await controller.connect(view);
    return { controller, view, conversation: await controller.active };
  }

  async function answered(controller: ChatController, view: RecordingView, c: Conversation, question: string): Promise<AssistantTurn> {
    await controller.handle({ type: 'send', text: question });
    return until('the answer to end', () => {
      const turn = c.turns[c.turns.length - 1];
      const ended = view.messages.some((m) => m.type === 'turnChanged' && m.turn.id === turn?.id && m.turn.status !== 'streaming');
      return ended && turn?.kind === 'assistant' ? turn : undefined;
    });
  }

  setup(async () => {
    server = await startRecordingServer(answer);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-reasoning-'));
  });

  teardown(async () => {
    for (const controller of opened.splice(0)) {
      await controller.shutdown();
      controller.dispose();
    }
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('reasoning streams to the view apart from the answer, ends (timed) before the answer starts, is saved, and is never sent back', async () => {
    const { controller, view, conversation } = await connected();
    const turn = await answered(controller, view, conversation, 'hi');
    assert.strictEqual(turn.status, 'done');
    assert.strictEqual(turn.text, 'Hello!');
    assert.strictEqual(turn.reasoning?.text, 'The user greets me. I greet back.');
    assert.ok((turn.reasoning?.durationMs ?? 0) >= 100, `timed: ${turn.reasoning?.durationMs} ms`);
    const reasoning = view.messages.flatMap((m) => (m.type === 'reasoningAppended' && m.turnId === turn.id ? [m.text] : [])).join('');
    assert.strictEqual(reasoning, turn.reasoning?.text);
    assert.strictEqual(view.streamedText(turn.id), 'Hello!');
    const types = view.messages.map((m) =>
      m.type === 'turnChanged' && m.turn.reasoning?.durationMs !== undefined && m.turn.status === 'streaming' ? 'reasoningEnded' : m.type,
    );
    assert.ok(types.lastIndexOf('reasoningAppended') < types.indexOf('reasoningEnded'), types.join(' '));
    assert.ok(types.indexOf('reasoningEnded') < types.indexOf('textAppended'), types.join(' '));
    await answered(controller, view, conversation, 'and again');
    const second = server.seen.filter((r) => r.url.endsWith('/chat/completions'))[1];
    assert.ok(second && second.body.includes('Hello!') && !/greets me|reasoning/.test(second.body), second?.body);
    await controller.shutdown();
    assert.match(fs.readFileSync(path.join(dir, `${conversation.id}.json`), 'utf8'), /I greet back/);
  });

  test('a refusal streams to the view and is kept on the turn', async () => {
    const { controller, view, conversation } = await connected();
    const turn = await answered(controller, view, conversation, 'please refuse');
    assert.strictEqual(turn.refusal, "I can't help with that.");
    assert.strictEqual(turn.text, '');
    assert.strictEqual(turn.status, 'done');
    assert.ok(view.messages.some((m) => m.type === 'refusalAppended' && m.text.includes("can't help")));
  });

  test("llama.cpp's legacy error field fails the answer with its message, not an empty success", async () => {
    const { controller, view, conversation } = await connected();
    const turn = await answered(controller, view, conversation, 'this is too long');
    assert.strictEqual(turn.status, 'error');
    assert.match(turn.error?.message ?? '', /exceeds the available context size.*longer than the model's context/);
  });
});
