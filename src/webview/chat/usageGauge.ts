/**
 * Under the composer: how much of the model's context the conversation
 * filled at its latest answer ("12.3k / 128k tokens", with a bar, where the
 * context size is known), and what the whole conversation has cost.
 */
import { shortTokens } from '../../chat/conversationUsage';
import type { HostMessage } from '../../protocol/chatProtocol';
import { el } from './dom';

/** From this share of the context on, the bar warns; from the second, it is an error colour. */
const WARN_AT = 0.8;
const FULL_AT = 0.95;

export class UsageGauge {
  private readonly fill = el('div', { class: 'usage-gauge-fill' });
  private readonly bar = el('div', { class: 'usage-gauge-bar', 'aria-hidden': 'true' }, this.fill);
  private readonly context = el('span', { class: 'usage-gauge-context' });
  private readonly totals = el('span', { class: 'usage-gauge-totals' });
  readonly element = el('div', { class: 'usage-gauge', hidden: '' }, this.bar, this.context, this.totals);

  show({ usage, contextWindow }: Extract<HostMessage, { type: 'usage' }>): void {
    this.element.hidden = usage === undefined;
    if (!usage) return;
    const used = usage.contextTokens;
    const totals = `Total: ${shortTokens(usage.promptTokens)} in · ${shortTokens(usage.completionTokens)} out`;
    const totalsLong = `This conversation has used ${usage.promptTokens.toLocaleString('en')} prompt and ${usage.completionTokens.toLocaleString('en')} answer tokens in ${usage.requests} ${usage.requests === 1 ? 'request' : 'requests'}.`;
    this.totals.textContent = totals;
    this.bar.hidden = contextWindow === undefined;
    if (!contextWindow) {
      this.element.removeAttribute('role');
      this.context.textContent = `${shortTokens(used)} tokens`;
      this.element.title = `The latest answer used ${used.toLocaleString('en')} tokens of context; the model's context size is not known (genaiGateway.languageModels.tokenLimits sets it). ${totalsLong}`;
      return;
    }
    const share = Math.min(1, used / contextWindow.tokens);
    this.fill.style.width = `${(share * 100).toFixed(1)}%`;
    this.element.classList.toggle('usage-warn', share >= WARN_AT && share < FULL_AT);
    this.element.classList.toggle('usage-full', share >= FULL_AT);
    const text = `${shortTokens(used)} / ${shortTokens(contextWindow.tokens)} tokens`;
    this.context.textContent = text;
    const where =
      contextWindow.source === 'setting'
        ? 'as genaiGateway.languageModels.tokenLimits says'
        : 'as published for this model; genaiGateway.languageModels.tokenLimits can correct it';
    this.element.title = `The latest answer used ${used.toLocaleString('en')} of the ${contextWindow.tokens.toLocaleString('en')} tokens the model reads (${where}). ${totalsLong}`;
    this.element.setAttribute('role', 'meter');
    this.element.setAttribute('aria-valuemin', '0');
    this.element.setAttribute('aria-valuemax', String(contextWindow.tokens));
    this.element.setAttribute('aria-valuenow', String(Math.min(used, contextWindow.tokens)));
    this.element.setAttribute('aria-valuetext', `${text} of context used; ${totals}`);
    this.element.setAttribute('aria-label', 'Context used');
  }
}
