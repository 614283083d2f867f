/**
 * The host's side of the streaming render benchmark, bundled into the outer
 * page: it posts an answer into the contestant's cross-origin iframe as VS
 * Code posts to a webview, one message per chunk (the model's reasoning
 * first, when there is any, then the answer), a fixed number of chunks per
 * animation frame, then the turn's end. Its own work runs in the outer
 * page's process, which is not measured.
 */
import { newConversation, type AnswerPart, type AssistantTurn } from '../../../src/chat/conversation';
import { TextBatcher } from '../../../src/chatView/textBatcher';
import { APPENDED_MESSAGE, type HostMessage } from '../../../src/protocol/chatProtocol';

const CONVERSATION_ID = 'bench-conversation';
const TURN_ID = 'bench-answer';

let chunks: string[] = [];
let reasoningChunks: string[] = [];

function setChunks(answer: string[], reasoning: string[] = []): void {
  chunks = answer;
  reasoningChunks = reasoning;
}

/** Shows a conversation whose answer is streaming, as the host's `state` message does. */
function startChatAnswer(): void {
  const conversation = { ...newConversation('gpt-4o-mini', '', 0), id: CONVERSATION_ID };
  conversation.turns.push({ kind: 'user', id: 'bench-question', text: 'Explain the retry policy, with code.', context: [], createdAt: 0 }, answerTurn('streaming'));
  post({ type: 'state', state: { conversations: [], conversation, busy: true, models: { models: [] }, tools: [] } });
}

/**
 * Streams the chunks, `perFrame` per animation frame, then the finished
 * turn; resolves once all are posted. `batched`: through the extension's
 * TextBatcher, as the chat view's controller posts them; else one message
 * per chunk.
 */
function stream(perFrame: number, batched: boolean): Promise<void> {
  const postText = (conversationId: string, turnId: string, text: string, part: AnswerPart): void => post({ type: APPENDED_MESSAGE[part], conversationId, turnId, text });
  const batcher = new TextBatcher(postText);
  const append = batched ? (text: string, part: AnswerPart) => batcher.append(CONVERSATION_ID, TURN_ID, text, part) : (text: string, part: AnswerPart) => postText(CONVERSATION_ID, TURN_ID, text, part);
  const pieces = [...reasoningChunks.map((text) => ({ text, part: 'reasoning' as const })), ...chunks.map((text) => ({ text, part: 'answer' as const }))];
  return new Promise((resolve) => {
    let next = 0;
    const step = (): void => {
      for (const end = Math.min(next + perFrame, pieces.length); next < end; next++) append(pieces[next]!.text, pieces[next]!.part);
      if (next < pieces.length) return void requestAnimationFrame(step);
      batcher.flush();
      post({ type: 'turnChanged', conversationId: CONVERSATION_ID, turn: answerTurn('done'), busy: false });
      resolve();
    };
    requestAnimationFrame(step);
  });
}

function answerTurn(status: AssistantTurn['status']): AssistantTurn {
  const reasoning = reasoningChunks.length && status === 'done' ? { reasoning: { text: reasoningChunks.join(''), durationMs: 12_000 } } : {};
  return { kind: 'assistant', id: TURN_ID, model: 'gpt-4o-mini', text: status === 'done' ? chunks.join('') : '', status, createdAt: 0, ...reasoning };
}

function post(message: HostMessage): void {
  const frame = document.querySelector('iframe')?.contentWindow;
  if (!frame) throw new Error('the contestant frame is missing');
  frame.postMessage(message, '*');
}

// Called by the benchmark through page.evaluate (see streamingRender.ts, RenderFeederApi).
const api = { setChunks, startChatAnswer, stream };
(window as unknown as { renderFeeder: typeof api }).renderFeeder = api;
