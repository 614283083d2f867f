/**
 * Puts streamed markdown on screen. Text is buffered and applied once per
 * animation frame. Final blocks are appended as new nodes and never touched
 * again; only the tail nodes are replaced ("repainted").
 *
 * Repainting the tail costs the size of the last block, so it is rationed:
 * a growing code block just gets its new text appended; other text within
 * a line is shown as plain text at the end of the tail until the next
 * repaint, which comes with each new line or block and at least every
 * FORMAT_INTERVAL_MS; and repaints are spaced so they take at most about a
 * third of the main thread.
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

/** How long text may stay unformatted at the end of the tail. */
const FORMAT_INTERVAL_MS = 100;
/** After a repaint that took t ms, the next one waits this many times t. */
const REPAINT_SPACING = 2;

export class StreamingMessageView {
  readonly element: HTMLElement;
  private readonly markdown = new IncrementalMarkdown();
  private readonly toFragment: (html: string) => DocumentFragment;
  private pendingText = '';
  private frame: number | undefined;
  private tailNodes: ChildNode[] = [];
  /** Where growing code is appended (the tail ends with an open code block). */
  private tailCode: Element | undefined;
  /** Where plain text stands in for a repaint. */
  private textHolder: Element | undefined;
  /** The latest update whose tail is not fully on screen. */
  private unpainted: MarkdownUpdate | undefined;
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
    this.requestFrame();
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    if (this.pendingText) this.insertFrozen(this.markdown.append(this.takePendingText()));
    const last = this.markdown.finish();
    this.insertFrozen(last);
    this.repaint(last.tail);
  }

  private requestFrame(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
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
    // New final blocks repeat what the old tail showed: the tail must follow at once.
    if (this.insertFrozen(update)) return this.repaint(update.tail);
    if (update.tailCodeAppend !== undefined && this.tailCode && !this.unpainted) {
      this.tailCode.append(update.tailCodeAppend);
      return;
    }
    const now = performance.now();
    const due = !this.textHolder || text.includes('\n') || now - this.lastRepaintAt >= FORMAT_INTERVAL_MS;
    if (due && now >= this.nextRepaintAt) return this.repaint(update.tail);
    this.textHolder?.append(text);
    this.unpainted = update;
    this.requestFrame();
  }

  /** Adds the update's final blocks above the tail; true when there were any (or a reset). */
  private insertFrozen(update: MarkdownUpdate): boolean {
    if (update.reset) {
      this.element.replaceChildren();
      this.tailNodes = [];
    }
    if (update.frozen.length) this.element.insertBefore(this.toFragment(update.frozen.join('')), this.tailNodes[0] ?? null);
    return update.reset === true || update.frozen.length > 0;
  }

  private repaint(html: string): void {
    const started = performance.now();
    for (const node of this.tailNodes) node.remove();
    const fragment = this.toFragment(html);
    this.tailNodes = Array.from(fragment.childNodes);
    this.element.append(fragment);
    this.textHolder = provisionalTextHolder(this.tailNodes);
    this.tailCode = this.textHolder?.tagName === 'CODE' ? this.textHolder : undefined;
    this.unpainted = undefined;
    const finished = performance.now();
    this.lastRepaintAt = finished;
    this.nextRepaintAt = finished + REPAINT_SPACING * (finished - started);
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
