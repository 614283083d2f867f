/**
 * The contestants' side of the streaming render benchmark, bundled by
 * esbuild into the pages that run in the cross-origin iframe (beside the
 * real chat.js for ours). The answer's messages come from the feeder in the
 * outer page (renderFeeder.ts), as a webview's come from VS Code; the peers
 * render with the chat view's own markdown engine and sanitiser.
 */
import { sanitizeToFragment } from '../../../src/webview/chat/markdown/htmlSanitizer';
import { renderMarkdown } from '../../../src/webview/chat/markdown/markdownEngine';
import type { HostMessage } from '../../../src/protocol/chatProtocol';

let chunks: string[] = [];
let ended: Promise<void> | undefined;

/** Receives the answer's chunks before anything is measured (the peers render them; delivery checks against them). */
function setChunks(answer: string[]): void {
  chunks = answer;
}

/** Ours: the answer has ended once the chat page's footer no longer says it is answering; then its last frames paint. */
function watchChatAnswer(): void {
  // The last answer: with media above, earlier answers hold the tool calls.
  const footer = [...document.querySelectorAll('.turn-assistant .turn-footer')].at(-1);
  if (!footer) throw new Error('the chat page shows no answer');
  ended = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (footer.querySelector('.turn-status')) return;
      observer.disconnect();
      resolve(frames(5));
    });
    observer.observe(footer, { childList: true });
  });
}

/** Delivery only: the page receives the messages and keeps their text, nothing rendered. */
function deliverOnly(): void {
  let text = '';
  ended = new Promise<void>((resolve, reject) => {
    const listener = (event: MessageEvent<HostMessage>): void => {
      const message = event.data;
      if (message.type === 'textAppended') text += message.text;
      if (message.type !== 'turnChanged') return;
      window.removeEventListener('message', listener);
      if (text.length !== chunks.join('').length) reject(new Error('messages were lost'));
      else resolve(frames(2));
    };
    window.addEventListener('message', listener);
  });
}

/** Resolves once the feeder's last message was handled (watchChatAnswer or deliverOnly must come first). */
function answerEnded(): Promise<void> {
  if (!ended) throw new Error('nothing watches for the end of the answer');
  return ended;
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

/** Runs `work` in a task of the page, as the page's own code runs (not inside the DevTools protocol's evaluation). */
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
  const answer = [...document.querySelectorAll('.assistant-text')].at(-1)?.cloneNode(true);
  if (!(answer instanceof HTMLElement)) return '';
  answer.querySelectorAll('.code-actions').forEach((toolbar) => toolbar.remove());
  return answer.textContent ?? '';
}

/** Scrolls the transcript from the top to the end, a screen at a time, as a reader would: each screen's lazy thumbnails load and paint before the next. */
async function scrollThrough(): Promise<void> {
  const scroller = document.querySelector<HTMLElement>('.transcript');
  if (!scroller) throw new Error('the chat page shows no transcript');
  for (let top = 0; top < scroller.scrollHeight; top += scroller.clientHeight) {
    scroller.scrollTop = top;
    await frames(2);
    for (
      let wait = 0;
      wait < 100 && [...document.querySelectorAll<HTMLImageElement>('img.thumbnail')].some((image) => !image.complete && onScreen(image));
      wait++
    )
      await frames(1);
    await frames(2);
  }
}

function onScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

/** Thumbnails loaded so far. */
function loadedImages(): number {
  return [...document.querySelectorAll<HTMLImageElement>('img.thumbnail')].filter((image) => image.complete && image.naturalWidth > 0).length;
}

/** Whether the page can reach its parent's document (it must not: it is to be a cross-origin frame). */
function seesParent(): boolean {
  try {
    return window.parent !== window && window.parent.document !== undefined;
  } catch {
    return false;
  }
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

// Called by the benchmark through frame.evaluate (see streamingRender.ts, RenderBenchApi).
const api = { setChunks, watchChatAnswer, deliverOnly, answerEnded, renderPrefixes, renderOnce, shownText, seesParent, scrollThrough, loadedImages };
(window as unknown as { renderBench: typeof api }).renderBench = api;
