/**
 * The model's reasoning above its answer: a collapsible block, open while
 * only reasoning arrives ("Thinking…"), collapsed when the answer starts
 * ("Thought for 12 s"). Streamed reasoning goes through the same renderer
 * as answers (painted at most once a frame, only its tail repainted); a
 * finished one is rendered when the block is first opened.
 */
import { reasoningLabel, type TurnReasoning } from '../../chat/conversation';
import { el } from './dom';
import { renderStaticMarkdown, StreamingMessageView } from './markdown';
import { t } from '../../l10n/localize';

const THINKING = t('Thinking…');

export class ThinkingBlock {
  readonly element: HTMLDetailsElement;
  private readonly icon = el('span', { 'aria-hidden': 'true' });
  private readonly label = el('span', { class: 'reasoning-label' });
  private readonly body = el('div', { class: 'reasoning-text markdown-body' });
  private stream: StreamingMessageView | undefined;
  /** The reasoning as the turn last had it. */
  private reasoning: TurnReasoning | undefined;
  /** Whether the body shows all of the reasoning (rendered once when first opened). */
  private rendered = false;

  constructor(reasoning: TurnReasoning | undefined, streaming: boolean) {
    this.reasoning = reasoning;
    const chevron = el('span', { class: 'codicon codicon-chevron-right reasoning-chevron', 'aria-hidden': 'true' });
    this.element = el('details', { class: 'reasoning' }, el('summary', { class: 'reasoning-summary' }, chevron, this.icon, this.label), this.body);
    this.element.addEventListener('toggle', () => {
      if (this.element.open && !this.rendered && !this.stream) this.renderWhole();
    });
    if (reasoning && streaming && reasoning.durationMs === undefined) this.startThinking();
    else this.showDone();
  }

  /** Reasoning arrived; true when it began the thinking (or began it again, in a continued answer). */
  append(text: string): boolean {
    const began = !this.stream;
    if (began) this.startThinking();
    this.stream?.append(text);
    return began;
  }

  /** The turn changed; returns the block's label when this ended the thinking. */
  update(reasoning: TurnReasoning | undefined, streaming: boolean): string | undefined {
    this.reasoning = reasoning;
    const stream = this.stream;
    if (!stream) {
      this.showDone();
      return undefined;
    }
    if (streaming && reasoning?.durationMs === undefined) return undefined;
    this.stream = undefined;
    stream.finish();
    this.rendered = true;
    this.element.open = false;
    this.showDone();
    return reasoning ? reasoningLabel(reasoning) : undefined;
  }

  /** Open, with a stream renderer holding the reasoning known so far. */
  private startThinking(): void {
    this.element.hidden = false;
    this.element.open = true;
    this.icon.className = 'codicon codicon-loading codicon-modifier-spin';
    this.label.textContent = THINKING;
    this.body.replaceChildren();
    this.stream = new StreamingMessageView(this.body);
    this.stream.append(this.reasoning?.text ?? '');
  }

  private showDone(): void {
    const reasoning = this.reasoning;
    this.element.hidden = !reasoning;
    if (!reasoning) return;
    this.icon.className = 'codicon codicon-lightbulb';
    this.label.textContent = reasoningLabel(reasoning);
  }

  private renderWhole(): void {
    renderStaticMarkdown(this.body, this.reasoning?.text ?? '');
    this.rendered = true;
  }
}
