/**
 * Under the composer: how much of the model's context the conversation
 * filled at its latest answer ("12.3k / 128k tokens", with a bar, where the
 * context size is known), and what the whole conversation has cost.
 */
import { shortTokens } from '../../chat/conversationUsage';
import type { HostMessage } from '../../protocol/chatProtocol';
import { el } from './dom';
import { t } from '../../l10n/localize';
import { formatNumber } from '../shared/pageLanguage';

/** From this share of the context on, the bar warns; from the second, it is an error colour. */
const WARN_AT = 0.8;
const FULL_AT = 0.95;
const TOKEN_LIMITS_SETTING = 'genaiGateway.languageModels.tokenLimits';

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
    const totals = t('Total: {0} in · {1} out', shortTokens(usage.promptTokens), shortTokens(usage.completionTokens));
    const [prompt, answer] = [formatNumber(usage.promptTokens), formatNumber(usage.completionTokens)];
    const totalsLong =
      usage.requests === 1
        ? t('This conversation has used {0} prompt and {1} answer tokens in 1 request.', prompt, answer)
        : t('This conversation has used {0} prompt and {1} answer tokens in {2} requests.', prompt, answer, usage.requests);
    this.totals.textContent = totals;
    this.bar.hidden = contextWindow === undefined;
    if (!contextWindow) {
      this.element.removeAttribute('role');
      this.context.textContent = t('{0} tokens', shortTokens(used));
      this.element.title = t(
        "The latest answer used {0} tokens of context; the model's context size is not known ({1} sets it). {2}",
        formatNumber(used),
        TOKEN_LIMITS_SETTING,
        totalsLong,
      );
      return;
    }
    const share = Math.min(1, used / contextWindow.tokens);
    this.fill.style.width = `${(share * 100).toFixed(1)}%`;
    this.element.classList.toggle('usage-warn', share >= WARN_AT && share < FULL_AT);
    this.element.classList.toggle('usage-full', share >= FULL_AT);
    const text = t('{0} / {1} tokens', shortTokens(used), shortTokens(contextWindow.tokens));
    this.context.textContent = text;
    const where =
      contextWindow.source === 'setting' ? t('as {0} says', TOKEN_LIMITS_SETTING) : t('as published for this model; {0} can correct it', TOKEN_LIMITS_SETTING);
    this.element.title = t(
      'The latest answer used {0} of the {1} tokens the model reads ({2}). {3}',
      formatNumber(used),
      formatNumber(contextWindow.tokens),
      where,
      totalsLong,
    );
    this.element.setAttribute('role', 'meter');
    this.element.setAttribute('aria-valuemin', '0');
    this.element.setAttribute('aria-valuemax', String(contextWindow.tokens));
    this.element.setAttribute('aria-valuenow', String(Math.min(used, contextWindow.tokens)));
    this.element.setAttribute('aria-valuetext', t('{0} of context used; {1}', text, totals));
    this.element.setAttribute('aria-label', t('Context used'));
  }
}
