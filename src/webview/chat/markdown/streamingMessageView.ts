/**
 * Puts streamed markdown on screen. Arriving text is buffered and applied
 * in an animation frame, at most every UPDATE_INTERVAL_MS. Final blocks are
 * appended as new nodes and never touched again; only the tail nodes are
 * replaced ("repainted").
 *
 * A repaint parses the new text, renders, sanitises and replaces the last
 * block, so it is rationed: new text is shown as plain text at the end of
 * the tail (a new line in a new paragraph) until the next repaint, every
 * FORMAT_INTERVAL_MS at most, and blocks that became final wait for it too
 * (the tail on screen still shows them); repaints are also spaced so that
 * they take at most about a third of the main thread. A growing code block
 * needs no repaint: its text, appended as is, is already what a repaint
 * would show.
 */
import { IncrementalMarkdown, type MarkdownUpdate } from './incrementalMarkdown';
import { renderMarkdown } from './markdownEngine';
import { sanitizeToFragment } from './htmlSanitizer';
import { provisionalTextHolder } from './provisionalText';

export { installLinkHandler } from './linkHandler';

export interface StreamingMessageViewOptions {
  /** Replaces the built-in DOMPurify sanitiser. */
  sanitize?: (html: string) => string;
  /** Completes rendered (and sanitised) nodes before they go on screen, e.g. with toolbars. */
  decorate?: (fragment: DocumentFragment) => void;
}

/** Arriving text is put on screen at most this often (scheduling a frame has a cost of its own). */
const UPDATE_INTERVAL_MS = 80;
/**
 * How long text may stay unformatted at the end of the tail. Each repaint
 * has a cost of its own (parse, sanitiser call, DOM swap) whatever its
 * size: at 250 ms a 100 KB answer cost the page 4.4 times rendering it
 * once, at 600 ms under 3 times (bench #2), while the words still appear
 * as they arrive.
 */
const FORMAT_INTERVAL_MS = 600;
/** After a repaint that took t ms, the next one waits this many times t. */
const REPAINT_SPACING = 2;

export class StreamingMessageView {
  readonly element: HTMLElement;
  private readonly markdown = new IncrementalMarkdown();
  private readonly toFragment: (html: string) => DocumentFragment;
  private pendingText = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private frame: number | undefined;
  private lastUpdateAt = -Infinity;
  private tailNodes: ChildNode[] = [];
  /** Where growing code is appended (the tail ends with an open code block). */
  private tailCode: Element | undefined;
  /** Where plain text stands in for a repaint. */
  private textHolder: Element | undefined;
  /** Text shown unformatted and not given to the parser yet. */
  private unparsedText = '';
  /** Final blocks not on screen yet: the tail on screen still shows them. */
  private unpaintedFrozen: string[] = [];
  private lastRepaintAt = 0;
  private nextRepaintAt = 0;
  private finished = false;

  constructor(container: HTMLElement, options: StreamingMessageViewOptions = {}) {
    this.element = container;
    this.toFragment = fragmentMaker(options);
  }

  append(text: string): void {
    if (this.finished || !text) return;
    this.pendingText += text;
    this.schedule();
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    const text = this.unparsedText + this.takePendingText();
    this.unparsedText = '';
    if (text) this.takeFrozen(this.markdown.append(text));
    const last = this.markdown.finish();
    this.takeFrozen(last);
    this.repaint(last.tail);
  }

  private schedule(): void {
    if (this.frame !== undefined || this.timer !== undefined) return;
    const wait = this.lastUpdateAt + UPDATE_INTERVAL_MS - performance.now();
    if (wait <= 0) this.requestFrame();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.requestFrame();
      }, wait);
  }

  private requestFrame(): void {
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      const now = performance.now();
      this.lastUpdateAt = now;
      const text = this.takePendingText();
      const due = (!this.textHolder || now - this.lastRepaintAt >= FORMAT_INTERVAL_MS) && now >= this.nextRepaintAt;
      if (due) return this.format(text);
      this.showUnformatted(text);
      this.unparsedText += text;
      if (this.unparsedText) this.schedule();
    });
  }

  private takePendingText(): string {
    const text = this.pendingText;
    this.pendingText = '';
    return text;
  }

  /** Parses the text shown unformatted since the last repaint and `text`, then repaints unless only code was added to a growing code block. */
  private format(text: string): void {
    const shown = this.unparsedText;
    this.unparsedText = '';
    if (!shown && !text) return;
    const update = this.markdown.append(shown + text);
    this.takeFrozen(update);
    // The block's `code` element shows the shown text as is (see showUnformatted); the parser may have normalised line breaks.
    if (this.tailCode && update.tailCodeAppend === shown + text) {
      this.tailCode.append(text);
      return;
    }
    this.repaint(update.tail);
  }

  private takeFrozen(update: MarkdownUpdate): void {
    if (update.reset) {
      this.element.replaceChildren();
      this.tailNodes = [];
      this.unpaintedFrozen = [];
    }
    this.unpaintedFrozen.push(...update.frozen);
  }

  private repaint(tail: string): void {
    const started = performance.now();
    for (const node of this.tailNodes) node.remove();
    const [frozen, fresh] = fragmentsOf(this.toFragment, [this.unpaintedFrozen.join(''), tail]);
    this.unpaintedFrozen = [];
    this.tailNodes = Array.from(fresh.childNodes);
    this.element.append(frozen, fresh);
    this.textHolder = provisionalTextHolder(this.tailNodes);
    this.tailCode = this.textHolder?.tagName === 'CODE' ? this.textHolder : undefined;
    const finished = performance.now();
    this.lastRepaintAt = finished;
    this.nextRepaintAt = finished + REPAINT_SPACING * (finished - started);
  }

  /** Text until the next repaint: at the end of the tail, and each further line in a paragraph of its own (code keeps its lines). */
  private showUnformatted(text: string): void {
    if (!text || !this.textHolder) return;
    const [first, ...lines] = this.textHolder.tagName === 'CODE' ? [text] : text.split('\n');
    this.textHolder.append(first!);
    for (const line of lines) {
      const paragraph = document.createElement('p');
      paragraph.append(line);
      this.element.append(paragraph);
      this.tailNodes.push(paragraph);
      this.textHolder = paragraph;
    }
  }
}

/** Renders a finished message (history) into `container`, replacing its content. */
export function renderStaticMarkdown(container: HTMLElement, text: string, options: StreamingMessageViewOptions = {}): void {
  container.replaceChildren(fragmentMaker(options)(renderMarkdown(text)));
}

/**
 * The fragments of several pieces of HTML, made in one call of `toFragment`:
 * each call of the sanitiser has a cost of its own, besides the nodes it
 * goes through. Each piece is parsed in a wrapper `div` of its own, which is
 * then dropped.
 */
function fragmentsOf(toFragment: (html: string) => DocumentFragment, pieces: readonly string[]): DocumentFragment[] {
  const wrappers = toFragment(pieces.map((html) => `<div>${html}</div>`).join('')).children;
  // Markdown-it's HTML is balanced; should a piece close its wrapper early all the same, each is made on its own.
  if (wrappers.length !== pieces.length) return pieces.map(toFragment);
  return Array.from(wrappers, (wrapper) => {
    const fragment = document.createDocumentFragment();
    fragment.append(...wrapper.childNodes);
    return fragment;
  });
}

function fragmentMaker({ sanitize, decorate }: StreamingMessageViewOptions): (html: string) => DocumentFragment {
  const make = sanitize
    ? (html: string) => {
        const template = document.createElement('template');
        template.innerHTML = sanitize(html);
        return template.content;
      }
    : sanitizeToFragment;
  if (!decorate) return make;
  return (html) => {
    const fragment = make(html);
    decorate(fragment);
    return fragment;
  };
}
