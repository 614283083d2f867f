/**
 * The host's side of the streaming render benchmark, bundled into the outer
 * page: it posts an answer into the contestant's cross-origin iframe as VS
 * Code posts to a webview, one message per chunk (the model's reasoning
 * first, when there is any, then the answer), a fixed number of chunks per
 * animation frame, then the turn's end. Its own work runs in the outer
 * page's process, which is not measured.
 */
import { newConversation, type AnswerPart, type AssistantTurn, type Turn } from '../../../src/chat/conversation';
import type { CallMedia } from '../../../src/protocol/chatMediaProtocol';
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

/**
 * Shows a conversation whose answer is streaming, as the host's `state`
 * message does; with `media`, after `media.images` generated images (sets of
 * five) and `media.videos` video tasks (the last one still running, its
 * elapsed time ticking), as the host's `toolMedia` message shows them.
 */
function startChatAnswer(media?: { images: number; videos: number }): void {
  const conversation = { ...newConversation('gpt-4o-mini', '', 0), id: CONVERSATION_ID };
  const { turns, items } = media ? mediaTurns(media.images, media.videos) : { turns: [], items: [] };
  conversation.turns.push(
    ...turns,
    { kind: 'user', id: 'bench-question', text: 'Explain the retry policy, with code.', context: [], createdAt: 0 },
    answerTurn('streaming'),
  );
  post({ type: 'state', state: { conversations: [], conversation, busy: true, models: { models: [] }, tools: [] } });
  if (items.length) post({ type: 'toolMedia', conversationId: CONVERSATION_ID, items });
}

/** Earlier turns: each asks for media and gets a tool card; images are the served /img-N.png (PNGs of 2048x2048, as the emulator makes them). */
function mediaTurns(images: number, videos: number): { turns: Turn[]; items: CallMedia[] } {
  const turns: Turn[] = [];
  const items: CallMedia[] = [];
  const ask = (id: string, name: string, media: CallMedia['media']): void => {
    turns.push({ kind: 'user', id: `q-${id}`, text: `make ${name}`, context: [], createdAt: 0 });
    turns.push({
      kind: 'assistant',
      id: `a-${id}`,
      model: 'gpt-4o-mini',
      text: 'Here it is.',
      status: 'done',
      createdAt: 0,
      toolCalls: [{ id, name, arguments: '{"prompt":"a kite"}', status: 'succeeded', result: 'Saved.', durationMs: 900 }],
    });
    items.push({ callId: id, media });
  };
  for (let set = 0; set * 5 < images; set++) {
    const files = Array.from({ length: Math.min(5, images - set * 5) }, (_, i) => set * 5 + i);
    ask(`img-${set}`, 'generate_image', { kind: 'images', images: files.map((n) => ({ name: `kite-${n}.png`, src: `/img-${n}.png` })) });
  }
  for (let v = 0; v < videos; v++) {
    const running = v === videos - 1;
    const task = running
      ? { taskId: `cgt-${v}`, state: 'running' as const, label: 'a kite over the sea', startedAt: Date.now() - 30_000 }
      : {
          taskId: `cgt-${v}`,
          state: 'succeeded' as const,
          label: 'a kite over the sea',
          tookMs: 95_000,
          poster: `/img-${images + v}.png`,
          video: `kite-${v}.mp4`,
        };
    ask(`video-${v}`, 'create_video_task', { kind: 'videoTask', task });
  }
  return { turns, items };
}

/**
 * Streams the chunks, `perFrame` per animation frame, then the finished
 * turn; resolves once all are posted. `batched`: through the extension's
 * TextBatcher, as the chat view's controller posts them; else one message
 * per chunk.
 */
function stream(perFrame: number, batched: boolean): Promise<void> {
  const postText = (conversationId: string, turnId: string, text: string, part: AnswerPart): void =>
    post({ type: APPENDED_MESSAGE[part], conversationId, turnId, text });
  const batcher = new TextBatcher(postText);
  const append = batched
    ? (text: string, part: AnswerPart) => batcher.append(CONVERSATION_ID, TURN_ID, text, part)
    : (text: string, part: AnswerPart) => postText(CONVERSATION_ID, TURN_ID, text, part);
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
