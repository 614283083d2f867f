/**
 * The model's reasoning above its answer: a collapsible block, open while
 * only reasoning arrives ("Thinking…"), collapsed when the answer starts
 * ("Thought for 12 s"). Reasoning is shown as plain text while it streams
 * (appended to one text node: it is read in passing, and formatting it as
 * it grows would cost the page as much as the answer's own rendering); its
 * markdown is rendered when the block is opened after the thinking ended.
 */
import { reasoningLabel, type TurnReasoning } from '../../chat/conversation';
import { el } from './dom';
import { renderStaticMarkdown } from './markdown';
import { t } from '../../l10n/localize';

const THINKING = t('Thinking…');

export class ThinkingBlock {
  readonly element: HTMLDetailsElement;
  private readonly icon = el('span', { 'aria-hidden': 'true' });
  private readonly label = el('span', { class: 'reasoning-label' });
  private readonly body = el('div', { class: 'reasoning-text markdown-body' });
  /** The reasoning as it streams, while the model thinks. */
  private live: Text | undefined;
  /** The reasoning as the turn last had it. */
  private reasoning: TurnReasoning | undefined;
  /** Whether the body shows all of the reasoning (rendered once when first opened). */
  private rendered = false;

  constructor(reasoning: TurnReasoning | undefined, streaming: boolean) {
    this.reasoning = reasoning;
    const chevron = el('span', { class: 'codicon codicon-chevron-right reasoning-chevron', 'aria-hidden': 'true' });
    this.element = el('details', { class: 'reasoning' }, el('summary', { class: 'reasoning-summary' }, chevron, this.icon, this.label), this.body);
    this.element.addEventListener('toggle', () => {
      if (this.element.open && !this.rendered && !this.live) this.renderWhole();
    });
    if (reasoning && streaming && reasoning.durationMs === undefined) this.startThinking();
    else this.showDone();
  }

  /** Reasoning arrived; true when it began the thinking (or began it again, in a continued answer). */
  append(text: string): boolean {
    const began = !this.live;
    if (began) this.startThinking();
    this.live?.appendData(text);
    return began;
  }

  /** The turn changed; returns the block's label when this ended the thinking. */
  update(reasoning: TurnReasoning | undefined, streaming: boolean): string | undefined {
    this.reasoning = reasoning;
    if (!this.live) {
      this.showDone();
      return undefined;
    }
    if (streaming && reasoning?.durationMs === undefined) return undefined;
    this.live = undefined;
    this.rendered = false;
    this.element.open = false;
    this.showDone();
    return reasoning ? reasoningLabel(reasoning) : undefined;
  }

  /** Open, showing the reasoning known so far as plain text. */
  private startThinking(): void {
    this.element.hidden = false;
    this.element.open = true;
    this.icon.className = 'codicon codicon-loading codicon-modifier-spin';
    this.label.textContent = THINKING;
    this.live = document.createTextNode(this.reasoning?.text ?? '');
    this.body.classList.add('reasoning-live');
    this.body.replaceChildren(this.live);
  }

  private showDone(): void {
    const reasoning = this.reasoning;
    this.element.hidden = !reasoning;
    if (!reasoning) return;
    this.icon.className = 'codicon codicon-lightbulb';
    this.label.textContent = reasoningLabel(reasoning);
  }

  private renderWhole(): void {
    this.body.classList.remove('reasoning-live');
    renderStaticMarkdown(this.body, this.reasoning?.text ?? '');
    this.rendered = true;
  }
}
