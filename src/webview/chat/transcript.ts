/**
 * The conversation's turns. Streamed text goes straight to the renderer,
 * which paints once per animation frame; the view follows the new text
 * when the reader was at the bottom.
 */
import type { AssistantTurn, Conversation, ToolCallRecord } from '../../chat/conversation';
import { AssistantTurnView } from './assistantTurnView';
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import type { LiveAnnouncer } from './liveAnnouncer';
import { userTurnView } from './userTurnView';

/** How near the bottom (px) the reader must be for new text to keep the view scrolled down. */
const FOLLOW_THRESHOLD = 48;

export class Transcript {
  readonly element = el('div', { class: 'transcript', role: 'region', 'aria-label': 'Messages' });
  private readonly answers = new Map<string, AssistantTurnView>();
  /** A scroll to the end is due after the renderer's next paint. */
  private followFrame: number | undefined;
  private conversationId = '';

  constructor(
    private readonly host: HostConnection,
    private readonly announcer: LiveAnnouncer,
  ) {}

  render(conversation: Conversation, busy: boolean): void {
    if (conversation.id !== this.conversationId) this.announcer.reset();
    this.conversationId = conversation.id;
    this.answers.clear();
    const last = conversation.turns.length - 1;
    const views = conversation.turns.map((turn, i) => {
      if (turn.kind === 'user') return userTurnView(turn, busy, this.host);
      const view = new AssistantTurnView(turn, !busy && i === last, this.host, conversation.turns[i - 1]?.kind === 'assistant');
      this.answers.set(turn.id, view);
      return view.element;
    });
    this.element.replaceChildren(...(views.length ? views : [emptyState()]));
    // In a frame: code block toolbars are added after this, making the content taller.
    this.followFrame ??= requestAnimationFrame(() => this.scrollToEnd());
  }

  appendText(conversationId: string, turnId: string, text: string): void {
    const view = conversationId === this.conversationId ? this.answers.get(turnId) : undefined;
    if (!view) return;
    const follow = this.isNearBottom();
    // After append: the renderer's frame callback, which paints, is then asked for before this one.
    view.append(text);
    if (follow) this.followFrame ??= requestAnimationFrame(() => this.scrollToEnd());
    this.announcer.streamed(text);
  }

  updateTurn(conversationId: string, turn: AssistantTurn, busy: boolean): void {
    if (conversationId !== this.conversationId) return;
    const view = this.answers.get(turn.id);
    if (!view) return;
    const follow = this.isNearBottom();
    view.update(turn, !busy && this.isLastTurn(turn.id));
    if (follow) this.scrollToEnd();
    if (turn.status !== 'streaming') this.announcer.finished(outcomeOf(turn));
    this.element.querySelectorAll<HTMLButtonElement>('.turn-user .turn-action').forEach((button) => (button.disabled = busy));
  }

  updateToolCall(conversationId: string, turnId: string, call: ToolCallRecord): void {
    const view = conversationId === this.conversationId ? this.answers.get(turnId) : undefined;
    const asking = view?.updateToolCall(call);
    if (!asking) return;
    this.announcer.finished(`${call.name} needs your approval.`);
    // Not while the user types: the question waits in its card.
    const typing = document.activeElement instanceof HTMLTextAreaElement || document.activeElement instanceof HTMLInputElement;
    if (!typing) asking.focusApproval();
    asking.element.scrollIntoView({ block: 'nearest' });
  }

  private isLastTurn(turnId: string): boolean {
    return this.element.lastElementChild?.getAttribute('data-turn-id') === turnId;
  }

  private isNearBottom(): boolean {
    const scroller = this.element;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_THRESHOLD;
  }

  private scrollToEnd(): void {
    this.followFrame = undefined;
    this.element.scrollTop = this.element.scrollHeight;
  }
}

function outcomeOf(turn: AssistantTurn): string {
  if (turn.toolCalls?.length && !turn.error && turn.status === 'done') return `Calling ${turn.toolCalls.map((c) => c.name).join(', ')}.`;
  if (turn.status === 'stopped') return 'Answer stopped.';
  if (turn.status === 'interrupted') return 'The answer was interrupted.';
  if (turn.status === 'error') return `Error: ${turn.error?.message ?? 'the request failed'}`;
  if (turn.finishReason === 'length') return 'The answer reached the token limit.';
  if (turn.finishReason === 'content_filter') return 'The content filter withheld the rest of the answer.';
  return 'Answer complete.';
}

function emptyState(): HTMLElement {
  return el(
    'div',
    { class: 'empty-state' },
    el('span', { class: 'codicon codicon-comment-discussion', 'aria-hidden': 'true' }),
    el('p', {}, 'Ask the gateway anything.'),
    el('p', { class: 'hint' }, 'Enter sends, Shift+Enter adds a line, Esc stops an answer. Select code in an editor and use "Add Selection to Chat" to attach it.'),
  );
}
