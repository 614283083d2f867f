/**
 * Puts streamed markdown on screen. Text is buffered and applied once per
 * animation frame; final blocks are appended as new nodes and never touched
 * again; only the tail nodes are replaced. A growing code block at the end
 * gets its new text appended, and tail repaints are spaced out so they take
 * at most about a third of the main thread (a long list or table at the end
 * would otherwise be re-rendered every frame).
 */
import { IncrementalMarkdown, type MarkdownUpdate } from './incrementalMarkdown';
import { renderMarkdown } from './markdownEngine';
import { sanitizeToFragment } from './htmlSanitizer';

export { installLinkHandler } from './linkHandler';

export interface StreamingMessageViewOptions {
  /** Replaces the built-in DOMPurify sanitiser. */
  sanitize?: (html: string) => string;
}

/** After a tail repaint that took t ms, the next one waits 2t ms. */
const TAIL_REPAINT_SPACING = 2;

export class StreamingMessageView {
  readonly element: HTMLElement;
  private readonly markdown = new IncrementalMarkdown();
  private readonly toFragment: (html: string) => DocumentFragment;
  private pendingText = '';
  private frame: number | undefined;
  private tailNodes: ChildNode[] = [];
  private tailCode: Element | undefined;
  /** The latest update whose tail is not on screen yet (its repaint was spaced out). */
  private unpaintedTail: MarkdownUpdate | undefined;
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
    this.frame = undefined;
    if (this.pendingText) this.markdown.append(this.takePendingText());
    this.apply(this.markdown.finish(), true);
  }

  private requestFrame(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      if (this.pendingText) this.apply(this.markdown.append(this.takePendingText()), false);
      else if (this.unpaintedTail) this.apply(this.unpaintedTail, false);
    });
  }

  private takePendingText(): string {
    const text = this.pendingText;
    this.pendingText = '';
    return text;
  }

  private apply(update: MarkdownUpdate, final: boolean): void {
    if (update.reset) {
      this.element.replaceChildren();
      this.tailNodes = [];
    }
    if (update.frozen.length) this.element.insertBefore(this.toFragment(update.frozen.join('')), this.tailNodes[0] ?? null);
    const changedAbove = update.reset || update.frozen.length > 0;
    if (update.tailCodeAppend !== undefined && !changedAbove && !this.unpaintedTail && this.tailCode) {
      this.tailCode.append(update.tailCodeAppend);
    } else if (final || changedAbove || performance.now() >= this.nextRepaintAt) {
      this.paintTail(update.tail);
    } else {
      this.unpaintedTail = update;
      this.requestFrame();
    }
  }

  private paintTail(html: string): void {
    const started = performance.now();
    for (const node of this.tailNodes) node.remove();
    const fragment = this.toFragment(html);
    this.tailNodes = Array.from(fragment.childNodes);
    this.tailCode = trailingCode(this.tailNodes);
    this.element.append(fragment);
    this.unpaintedTail = undefined;
    const finished = performance.now();
    this.nextRepaintAt = finished + TAIL_REPAINT_SPACING * (finished - started);
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

/** The `<code>` of a code block that ends the tail, where growing code is appended. */
function trailingCode(nodes: readonly ChildNode[]): Element | undefined {
  const last = nodes.filter((node): node is Element => node instanceof Element).at(-1);
  return last?.matches('.code-block') ? (last.querySelector('code') ?? undefined) : undefined;
}
