/**
 * The conversation's turns. Streamed text goes straight to the renderer,
 * which paints once per animation frame; the view follows the new text
 * while the reader stays at the bottom. Nothing here reads the layout while
 * the DOM has unrendered changes (that would force a layout per chunk or
 * frame): whether to follow is decided when a turn's new size is known,
 * after the browser's own layout (a ResizeObserver).
 */
import { unexplainedFinishReason, type AssistantTurn, type Conversation, type ToolCallRecord } from '../../chat/conversation';
import type { ToolCallProgress } from '../../protocol/chatProtocol';
import { AssistantTurnView } from './assistantTurnView';
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import type { LiveAnnouncer } from './liveAnnouncer';
import { MediaState } from './mediaGallery';
import type { CallMedia } from '../../protocol/chatMediaProtocol';
import { userTurnView } from './userTurnView';
import { t } from '../../l10n/localize';

/** How near the bottom (px) the reader must be for new text to keep the view scrolled down. */
const FOLLOW_THRESHOLD = 48;

export class Transcript {
  readonly element = el('div', { class: 'transcript', role: 'region', 'aria-label': t('Messages') });
  private readonly answers = new Map<string, AssistantTurnView>();
  private readonly media = new MediaState();
  /** When a turn's size next changes, the view scrolls to the end: if the reader was at the bottom before, or always (a conversation was shown). */
  private followDue: 'no' | 'ifAtBottom' | 'always' = 'no';
  /** An answer is streaming: it grows (also between its messages, as the renderer catches up) and is followed while the reader is at the bottom. */
  private streaming = false;
  /** The scroll height when turns last changed size: the reader was at the bottom if they still see its end. */
  private seenHeight = 0;
  private readonly resizes = new ResizeObserver(() => this.follow());
  private conversationId = '';

  constructor(
    private readonly host: HostConnection,
    private readonly announcer: LiveAnnouncer,
  ) {}

  render(conversation: Conversation, busy: boolean): void {
    if (conversation.id !== this.conversationId) {
      this.announcer.reset();
      this.media.views.clear();
    }
    this.conversationId = conversation.id;
    this.answers.clear();
    const last = conversation.turns.length - 1;
    const views = conversation.turns.map((turn, i) => {
      if (turn.kind === 'user') return userTurnView(turn, busy, this.host);
      const before = conversation.turns[i - 1];
      const continued = before?.kind === 'assistant';
      const newInstructions = !continued || (before.instructions ?? []).join('\n') !== (turn.instructions ?? []).join('\n');
      const view = new AssistantTurnView(turn, !busy && i === last, this.host, this.media, continued, newInstructions);
      this.answers.set(turn.id, view);
      return view.element;
    });
    this.element.replaceChildren(...(views.length ? views : [emptyState()]));
    this.resizes.disconnect();
    for (const turn of this.element.children) this.resizes.observe(turn);
    this.followDue = 'always';
    this.streaming = false;
  }

  appendText(conversationId: string, turnId: string, text: string): void {
    const view = this.streamingView(conversationId, turnId);
    if (!view) return;
    view.append(text);
    this.announcer.streamed(text);
  }

  /** Reasoning is announced once as it begins (and when it ends), never read out as it streams. */
  appendReasoning(conversationId: string, turnId: string, text: string): void {
    if (this.streamingView(conversationId, turnId)?.appendReasoning(text)) this.announcer.status(t('Thinking…'));
  }

  /** A refusal is what the model says instead of an answer: read like one. */
  appendRefusal(conversationId: string, turnId: string, text: string): void {
    const view = this.streamingView(conversationId, turnId);
    if (!view) return;
    view.appendRefusal(text);
    this.announcer.streamed(text);
  }

  /** A call's card appearing is announced once; its arguments are never read out as they stream. */
  streamToolCalls(conversationId: string, turnId: string, calls: readonly ToolCallProgress[]): void {
    const started = this.streamingView(conversationId, turnId)?.streamToolCalls(calls) ?? [];
    for (const name of started) this.announcer.status(name ? t('Calling {0}…', name) : t('Calling a tool…'));
  }

  updateTurn(conversationId: string, turn: AssistantTurn, busy: boolean): void {
    if (conversationId !== this.conversationId) return;
    const view = this.answers.get(turn.id);
    if (!view) return;
    const thought = view.update(turn, !busy && this.isLastTurn(turn.id));
    if (thought) this.announcer.status(thought);
    if (this.followDue !== 'always') this.followDue = 'ifAtBottom';
    if (turn.status !== 'streaming') this.streaming = false;
    if (turn.status !== 'streaming') this.announcer.finished(outcomeOf(turn));
    this.element.querySelectorAll<HTMLButtonElement>('.turn-user .turn-action').forEach((button) => (button.disabled = busy));
  }

  updateToolCall(conversationId: string, turnId: string, call: ToolCallRecord): void {
    const view = conversationId === this.conversationId ? this.answers.get(turnId) : undefined;
    const asking = view?.updateToolCall(call);
    if (!asking) return;
    this.announcer.finished(t('{0} needs your approval.', call.name));
    // Not while the user types: the question waits in its card.
    const typing = document.activeElement instanceof HTMLTextAreaElement || document.activeElement instanceof HTMLInputElement;
    if (!typing) asking.focusApproval();
    asking.element.scrollIntoView({ block: 'nearest' });
  }

  /** What media tool calls made; kept for re-renders of this conversation. */
  showMedia(conversationId: string, items: CallMedia[]): void {
    if (conversationId !== this.conversationId) return;
    for (const { callId, media } of items) {
      this.media.views.set(callId, media);
      for (const view of this.answers.values()) if (view.showMedia(callId, media)) break;
    }
  }

  showReading(id: string | undefined): void {
    this.media.readingId = id;
    this.answers.forEach((view) => view.showReading());
  }

  /** The view of an answer on screen that streamed text is for; the transcript follows it as it grows. */
  private streamingView(conversationId: string, turnId: string): AssistantTurnView | undefined {
    const view = conversationId === this.conversationId ? this.answers.get(turnId) : undefined;
    if (view) this.streaming = true;
    return view;
  }

  private isLastTurn(turnId: string): boolean {
    return this.element.lastElementChild?.getAttribute('data-turn-id') === turnId;
  }

  /** A turn changed size; the layout is fresh. Growth does not move the scroll position, so the reader was at the bottom if they still see the end the transcript had before. */
  private follow(): void {
    const scroller = this.element;
    const wasAtBottom = this.seenHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_THRESHOLD;
    const follow = this.followDue === 'always' || ((this.followDue === 'ifAtBottom' || this.streaming) && wasAtBottom);
    if (follow) scroller.scrollTop = scroller.scrollHeight;
    this.followDue = 'no';
    this.seenHeight = scroller.scrollHeight;
  }
}

function outcomeOf(turn: AssistantTurn): string {
  if (turn.toolCalls?.length && !turn.error && turn.status === 'done') return t('Calling {0}.', turn.toolCalls.map((c) => c.name).join(', '));
  if (turn.status === 'stopped') return t('Answer stopped.');
  if (turn.status === 'interrupted') return t('The answer was interrupted.');
  if (turn.status === 'error') return t('Error: {0}', turn.error?.message ?? t('the request failed'));
  if (turn.finishReason === 'length') return t('The answer reached the token limit.');
  if (turn.finishReason === 'content_filter') return t('The content filter withheld the rest of the answer.');
  if (turn.refusal !== undefined) return t('The model refused to answer.');
  const otherReason = unexplainedFinishReason(turn.finishReason);
  return otherReason ? t('Answer ended. {0}.', otherReason) : t('Answer complete.');
}

function emptyState(): HTMLElement {
  return el(
    'div',
    { class: 'empty-state' },
    el('span', { class: 'codicon codicon-comment-discussion', 'aria-hidden': 'true' }),
    el('p', {}, t('Ask the gateway anything.')),
    el(
      'p',
      { class: 'hint' },
      t(
        'Enter sends, Shift+Enter adds a line, Esc stops an answer. Type # to attach files, folders, symbols or problems; select code in an editor and use "Add Selection to GenAI Gateway Chat" to attach it.',
      ),
    ),
  );
}
