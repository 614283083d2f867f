/**
 * The browser side of the streaming render benchmark, bundled by esbuild
 * into the benchmark's pages (beside the real chat.js for ours). It feeds
 * an answer to the page as the host does, one `textAppended` message per
 * chunk, a fixed number of chunks per animation frame; and it renders the
 * peers with the chat view's own markdown engine and sanitiser.
 */
import { newConversation, type AssistantTurn } from '../../../src/chat/conversation';
import { sanitizeToFragment } from '../../../src/webview/chat/markdown/htmlSanitizer';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import type { HostMessage } from '../../../src/protocol/chatProtocol';

const CONVERSATION_ID = 'bench-conversation';
const TURN_ID = 'bench-answer';

let chunks: string[] = [];

/** Receives the answer's chunks before anything is measured. */
function setChunks(answer: string[]): void {
  chunks = answer;
}

/** Shows a conversation whose answer is streaming, as the host's `state` message does. */
function startChatAnswer(): void {
  const conversation = { ...newConversation('gpt-4o-mini', '', 0), id: CONVERSATION_ID };
  conversation.turns.push({ kind: 'user', id: 'bench-question', text: 'Explain the retry policy, with code.', context: [], createdAt: 0 }, answerTurn('streaming'));
  post({ type: 'state', state: { conversations: [], conversation, busy: true, models: { models: [] }, tools: [] } });
}

/** Streams the chunks to the chat page, ends the answer and resolves once its last frame painted. */
async function streamToChatPage(perFrame: number): Promise<void> {
  await feed(perFrame);
  post({ type: 'turnChanged', conversationId: CONVERSATION_ID, turn: answerTurn('done'), busy: false });
  await frames(5);
}

/** Streams the chunks with no renderer at all: what delivering the messages costs. */
async function deliverOnly(perFrame: number): Promise<void> {
  let text = '';
  const listener = (event: MessageEvent<HostMessage>): void => {
    if (event.data.type === 'textAppended') text += event.data.text;
  };
  window.addEventListener('message', listener);
  await feed(perFrame);
  await frames(2);
  window.removeEventListener('message', listener);
  if (text.length !== chunks.join('').length) throw new Error('messages were lost');
}

/** What typical chat panels do, on every `every`-th chunk only: the whole message so far rendered again, each render a task of its own. */
async function renderPrefixes(every: number): Promise<number> {
  const container = answerContainer();
  let text = '';
  let renders = 0;
  for (const [i, chunk] of chunks.entries()) {
    text += chunk;
    if ((i + 1) % every !== 0) continue;
    const prefix = text;
    await inTask(() => container.replaceChildren(sanitizeToFragment(renderMarkdown(prefix))));
    renders++;
  }
  return renders;
}

/** The final text rendered once. */
function renderOnce(): Promise<void> {
  return inTask(() => answerContainer().replaceChildren(sanitizeToFragment(renderMarkdown(chunks.join('')))));
}

/**
 * Runs `work` in a task of the page: the time of code that the benchmark
 * runs directly through the DevTools protocol is not counted as the page's
 * script time.
 */
function inTask(work: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      try {
        work();
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The text of the answer's markdown (ours: the chat view's, without its code block toolbars; peers: their container). */
function shownText(): string {
  const answer = document.querySelector('.assistant-text')?.cloneNode(true);
  if (!(answer instanceof HTMLElement)) return '';
  answer.querySelectorAll('.code-actions').forEach((toolbar) => toolbar.remove());
  return answer.textContent ?? '';
}

function answerTurn(status: AssistantTurn['status']): AssistantTurn {
  return { kind: 'assistant', id: TURN_ID, model: 'gpt-4o-mini', text: status === 'done' ? chunks.join('') : '', status, createdAt: 0 };
}

function feed(perFrame: number): Promise<void> {
  return new Promise((resolve) => {
    let next = 0;
    const step = (): void => {
      for (const end = Math.min(next + perFrame, chunks.length); next < end; next++) {
        post({ type: 'textAppended', conversationId: CONVERSATION_ID, turnId: TURN_ID, text: chunks[next]! });
      }
      if (next < chunks.length) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

function post(message: HostMessage): void {
  window.postMessage(message, '*');
}

function frames(count: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number): void => {
      if (left === 0) resolve();
      else requestAnimationFrame(() => step(left - 1));
    };
    step(count);
  });
}

function answerContainer(): HTMLElement {
  let container = document.querySelector<HTMLElement>('.assistant-text');
  if (!container) {
    container = document.createElement('div');
    container.className = 'assistant-text markdown-body';
    document.getElementById('app')!.append(container);
  }
  return container;
}

// Called by the benchmark through page.evaluate (see streamingRender.ts, RenderBenchApi).
const api = { setChunks, startChatAnswer, streamToChatPage, deliverOnly, renderPrefixes, renderOnce, shownText };
(window as unknown as { renderBench: typeof api }).renderBench = api;
