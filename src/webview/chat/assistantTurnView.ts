/** An answer: the model's reasoning, its markdown (streamed or finished) or refusal, the tools it called, how it ended, its cost, and what can be done next. */
import { unexplainedFinishReason, usageLine, type AssistantTurn, type ToolCallRecord } from '../../chat/conversation';
import type { ToolCallProgress } from '../../protocol/chatProtocol';
import { decorateCodeBlocks } from './codeBlockActions';
import { addressText } from './addressText';
import { el, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import type { MediaView } from '../../protocol/chatMediaProtocol';
import { ToolMediaPanel, type MediaState } from './mediaGallery';
import { renderStaticMarkdown, StreamingMessageView } from './markdown';
import { ThinkingBlock } from './thinkingBlock';
import { usedInstructions } from './instructionsNotice';
import { t } from '../../l10n/localize';
import { ToolCallCard } from './toolCallCard';

const MARKDOWN_OPTIONS = { decorate: decorateCodeBlocks };

export class AssistantTurnView {
  readonly element: HTMLElement;
  private readonly body = el('div', { class: 'assistant-text markdown-body' });
  private readonly thinking: ThinkingBlock;
  private readonly refusalText = el('span', { class: 'refusal-text' });
  private readonly refusal = el(
    'div',
    { class: 'refusal', role: 'note' },
    el('span', { class: 'codicon codicon-circle-slash', 'aria-hidden': 'true' }),
    el('div', {}, el('span', { class: 'refusal-label' }, t('The model refused: ')), this.refusalText),
  );
  private readonly footer = el('footer', { class: 'turn-footer' });
  private readonly toolCalls = el('div', { class: 'tool-calls', role: 'list', 'aria-label': t('Tool calls') });
  /** In the turn's order of calls (which is their order on screen), each with its list item. */
  private readonly cards: ToolCallCard[] = [];
  private readonly items: HTMLElement[] = [];
  private readonly mediaPanels = new Map<string, ToolMediaPanel>();
  private stream: StreamingMessageView | undefined;
  /** Characters of the answer streamed into `stream`. */
  private streamedLength = 0;
  private canAct: boolean;

  /**
   * `continued`: the answer goes on after its tool calls; it is shown as part of the answer before it.
   * `newInstructions`: its request carried other instructions than the answer before it (they are then named).
   */
  constructor(
    private turn: AssistantTurn,
    canAct: boolean,
    private readonly host: HostConnection,
    private readonly media: MediaState,
    continued = false,
    newInstructions = true,
  ) {
    this.canAct = canAct;
    this.thinking = new ThinkingBlock(turn.reasoning, turn.status === 'streaming');
    this.element = el(
      'article',
      { class: `turn turn-assistant${continued ? ' turn-continued' : ''}`, 'aria-label': t('Answer from {0}', turn.model), 'data-turn-id': turn.id },
      el('header', { class: 'turn-header' }, el('span', { class: 'turn-role' }, t('Assistant')), el('span', { class: 'turn-model' }, turn.model)),
      (newInstructions && usedInstructions(host, turn.instructions)) || '',
      this.thinking.element,
      this.body,
      this.refusal,
      this.toolCalls,
      this.footer,
    );
    if (turn.status === 'streaming') this.startStream(turn.text);
    else {
      renderStaticMarkdown(this.body, turn.text, MARKDOWN_OPTIONS);
    }
    this.showRefusal();
    this.showToolCalls();
    this.renderFooter(canAct);
  }

  append(text: string): void {
    this.stream?.append(text);
    this.streamedLength += text.length;
  }

  /** True when this reasoning began the thinking. */
  appendReasoning(text: string): boolean {
    return this.thinking.append(text);
  }

  appendRefusal(text: string): void {
    this.refusal.hidden = false;
    this.refusalText.append(text);
  }

  /**
   * The turn's status, usage, error or reasoning time changed; its text is
   * already on screen. Returns the reasoning's label ("Thought for 12 s")
   * when this ended the thinking.
   */
  update(turn: AssistantTurn, canAct: boolean): string | undefined {
    this.turn = turn;
    // The answer so far turned out to be reasoning (a `</think>` without its opening tag): shown again from the turn.
    if (this.stream && turn.text.length < this.streamedLength) this.startStream(turn.text);
    const stream = this.stream;
    if (turn.status !== 'streaming' && stream) {
      this.stream = undefined;
      stream.finish();
    }
    const thought = this.thinking.update(turn.reasoning, turn.status === 'streaming');
    this.showRefusal();
    this.showToolCalls();
    this.renderFooter(canAct);
    return thought;
  }

  private startStream(text: string): void {
    this.body.replaceChildren();
    this.stream = new StreamingMessageView(this.body, MARKDOWN_OPTIONS);
    this.streamedLength = 0;
    if (text) this.append(text);
  }

  private showRefusal(): void {
    this.refusal.hidden = this.turn.refusal === undefined;
    this.refusalText.textContent = this.turn.refusal ?? '';
  }

  /** One call changed; returns its card when the call now waits for the user's approval. */
  updateToolCall(call: ToolCallRecord): ToolCallCard | undefined {
    const card = this.cardOf(call.id);
    return card?.update(call) ? card : undefined;
  }

  /** Calls whose arguments are streaming began or grew; returns the names of calls whose card just appeared. */
  streamToolCalls(calls: readonly ToolCallProgress[]): string[] {
    const started: string[] = [];
    for (const progress of calls) {
      let card = this.cardOf(progress.id);
      if (!card) {
        card = this.addCard({ id: progress.id, name: progress.name, arguments: '', status: 'streaming' }, progress.position);
        started.push(progress.name);
      }
      card.grow(progress);
    }
    return started;
  }

  /** Cards for calls not shown yet; the shown ones keep their state (open, result unfolded, arguments streamed); cards of calls the turn no longer has go. */
  private showToolCalls(): void {
    const calls = this.turn.toolCalls ?? [];
    for (let at = this.cards.length - 1; at >= 0; at--) {
      if (calls.some((call) => call.id === this.cards[at]!.id)) continue;
      this.items[at]!.remove();
      this.mediaPanels.delete(this.cards[at]!.id);
      this.cards.splice(at, 1);
      this.items.splice(at, 1);
    }
    calls.forEach((call, position) => {
      const shown = this.cardOf(call.id);
      if (shown) {
        shown.update(call);
        return;
      }
      this.addCard(call, position);
      const media = this.media.views.get(call.id);
      if (media) this.showMedia(call.id, media);
    });
    this.toolCalls.hidden = this.cards.length === 0;
  }

  /** The card of the call with this id (the extension's own, unique: never the card of another call). */
  private cardOf(id: string): ToolCallCard | undefined {
    return this.cards.find((card) => card.id === id);
  }

  private addCard(call: ToolCallRecord, position: number): ToolCallCard {
    const card = new ToolCallCard(call, this.host);
    const at = Math.min(position, this.cards.length);
    const item = el('div', { role: 'listitem', class: 'tool-call-item' }, card.element);
    this.toolCalls.insertBefore(item, this.items[at] ?? null);
    this.cards.splice(at, 0, card);
    this.items.splice(at, 0, item);
    this.toolCalls.hidden = false;
    return card;
  }

  /** Shows what a call of this answer made; false when the call is not in this answer. */
  showMedia(callId: string, view: MediaView): boolean {
    const item = this.items[this.cards.findIndex((card) => card.id === callId)];
    if (!item) return false;
    let panel = this.mediaPanels.get(callId);
    if (!panel) {
      panel = new ToolMediaPanel(callId, this.host);
      this.mediaPanels.set(callId, panel);
      item.classList.add('has-media');
      item.append(panel.element);
    }
    panel.show(view, this.media.readingId);
    return true;
  }

  /** What is being read aloud changed: this answer's button and its readings' controls follow. */
  showReading(): void {
    this.mediaPanels.forEach((panel) => panel.showReading(this.media.readingId));
    this.renderFooter(this.canAct);
  }

  private renderFooter(canAct: boolean): void {
    this.canAct = canAct;
    const turn = this.turn;
    const parts: Array<HTMLElement | undefined> = [];
    if (turn.status === 'streaming')
      parts.push(
        el('div', { class: 'turn-status' }, el('span', { class: 'codicon codicon-loading codicon-modifier-spin', 'aria-hidden': 'true' }), t('Answering…')),
      );
    if (turn.status === 'stopped') parts.push(badge('stop-circle', t('Stopped'), 'status-stopped'));
    if (turn.status === 'interrupted') parts.push(badge('debug-disconnect', t('Interrupted: the answer is incomplete'), 'status-interrupted'));
    if (turn.error) parts.push(this.errorBox(canAct));
    if (turn.finishReason === 'content_filter') parts.push(notice('shield', t('The content filter withheld the rest of this answer.')));
    if (turn.finishReason === 'length') {
      parts.push(
        notice(
          'fold-down',
          t('The answer reached the token limit.'),
          canAct ? textButton('debug-continue', t('Continue'), () => this.host.post({ type: 'continue' })) : undefined,
        ),
      );
    }
    const row = el('div', { class: 'turn-meta' });
    const otherReason = unexplainedFinishReason(turn.finishReason);
    if (otherReason) row.append(el('span', { class: 'finish-reason' }, otherReason));
    if (turn.usage) row.append(el('span', { class: 'usage' }, usageLine(turn.usage)));
    if (turn.status !== 'streaming' && turn.text.trim()) row.append(this.readAloudButton());
    if (canAct && turn.status !== 'streaming' && turn.status !== 'error')
      row.append(textButton('refresh', t('Regenerate'), () => this.host.post({ type: 'regenerate' }), { class: 'text-button subtle' }));
    if (row.childElementCount) parts.push(row);
    this.footer.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  }

  private readAloudButton(): HTMLButtonElement {
    if (this.media.readingId === this.turn.id)
      return textButton('debug-stop', t('Stop Reading'), () => this.host.post({ type: 'stopReading' }), { class: 'text-button subtle read-aloud' });
    return textButton('unmute', t('Read Aloud'), () => this.host.post({ type: 'readAloud', turnId: this.turn.id }), { class: 'text-button subtle read-aloud' });
  }

  private errorBox(canRetry: boolean): HTMLElement {
    const error = this.turn.error!;
    return el(
      'div',
      { class: 'error-box', role: 'alert' },
      el('span', { class: 'codicon codicon-error', 'aria-hidden': 'true' }),
      el(
        'div',
        { class: 'error-text' },
        el('p', {}, ...addressText(error.message)),
        error.requestId ? el('p', { class: 'request-id' }, t('Request ID: {0}', error.requestId)) : undefined,
      ),
      canRetry ? textButton('refresh', t('Retry'), () => this.host.post({ type: 'regenerate' })) : undefined,
    );
  }
}

function badge(icon: string, text: string, className: string): HTMLElement {
  return el('div', { class: `badge ${className}` }, el('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }), text);
}

function notice(icon: string, text: string, action?: HTMLElement): HTMLElement {
  return el('div', { class: 'notice', role: 'note' }, el('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }), el('span', {}, text), action);
}
