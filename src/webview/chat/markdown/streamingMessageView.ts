/**
 * Puts streamed markdown on screen. Arriving text is buffered and applied
 * in an animation frame, at most every UPDATE_INTERVAL_MS. Final blocks are
 * appended as new nodes and never touched again; only the tail nodes are
 * replaced ("repainted").
 *
 * A repaint renders, sanitises and replaces the last block, so it is
 * rationed: a growing code block just gets its new text appended; other
 * text is shown as plain text at the end of the tail (a new line in a new
 * paragraph) until the next repaint, every FORMAT_INTERVAL_MS at most, and
 * blocks that became final wait for it too (the tail on screen still shows
 * them); repaints are also spaced so that they take at most about a third
 * of the main thread.
 */
import { IncrementalMarkdown, type MarkdownUpdate } from './incrementalMarkdown';
import { renderMarkdown } from './markdownEngine';
import { sanitizeToFragment } from './htmlSanitizer';
import { provisionalTextHolder } from './provisionalText';

export { installLinkHandler } from './linkHandler';

export interface StreamingMessageViewOptions {
  /** Replaces the built-in DOMPurify sanitiser. */
  sanitize?: (html: string) => string;
}

/** Arriving text is put on screen at most this often (scheduling a frame has a cost of its own). */
const UPDATE_INTERVAL_MS = 50;
/** How long text may stay unformatted at the end of the tail. */
const FORMAT_INTERVAL_MS = 100;
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
  /** The latest update whose tail is not fully on screen. */
  private unpainted: MarkdownUpdate | undefined;
  /** Final blocks not on screen yet: the tail on screen still shows them. */
  private unpaintedFrozen: string[] = [];
  private lastRepaintAt = 0;
  private nextRepaintAt = 0;
  private finished = false;

  constructor(container: HTMLElement, options: StreamingMessageViewOptions = {}) {
    this.element = container;
    this.toFragment = fragmentMaker(options.sanitize);
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
    if (this.pendingText) this.takeFrozen(this.markdown.append(this.takePendingText()));
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
      this.lastUpdateAt = performance.now();
      const text = this.takePendingText();
      const update = text ? this.markdown.append(text) : this.unpainted;
      if (update) this.apply(update, text);
    });
  }

  private takePendingText(): string {
    const text = this.pendingText;
    this.pendingText = '';
    return text;
  }

  private apply(update: MarkdownUpdate, text: string): void {
    this.takeFrozen(update);
    if (update.tailCodeAppend !== undefined && this.tailCode && !this.unpainted) {
      this.tailCode.append(update.tailCodeAppend);
      return;
    }
    const now = performance.now();
    const due = !this.textHolder || now - this.lastRepaintAt >= FORMAT_INTERVAL_MS;
    if (update.reset || (due && now >= this.nextRepaintAt)) return this.repaint(update.tail);
    this.showUnformatted(text);
    this.unpainted = update;
    this.schedule();
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
    if (this.unpaintedFrozen.length) this.element.insertBefore(this.toFragment(this.unpaintedFrozen.join('')), this.tailNodes[0] ?? null);
    this.unpaintedFrozen = [];
    for (const node of this.tailNodes) node.remove();
    const fragment = this.toFragment(tail);
    this.tailNodes = Array.from(fragment.childNodes);
    this.element.append(fragment);
    this.textHolder = provisionalTextHolder(this.tailNodes);
    this.tailCode = this.textHolder?.tagName === 'CODE' ? this.textHolder : undefined;
    this.unpainted = undefined;
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
  container.replaceChildren(fragmentMaker(options.sanitize)(renderMarkdown(text)));
}

function fragmentMaker(sanitize: ((html: string) => string) | undefined): (html: string) => DocumentFragment {
  if (!sanitize) return sanitizeToFragment;
  return (html) => {
    const template = document.createElement('template');
    template.innerHTML = sanitize(html);
    return template.content;
  };
}
