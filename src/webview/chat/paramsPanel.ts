/** The conversation's parameters: system prompt, sampling, length, stop sequences and penalties. */
import { DEFAULT_PARAMS, NUMERIC_PARAMS, type ChatParams, type NumericParam } from '../../chat/chatParams';
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

const STOP_SLOTS = 4;

const NUMBER_FIELDS: Record<NumericParam, { label: string; step: string; placeholder: string }> = {
  temperature: { label: t('Temperature'), step: '0.1', placeholder: t('default') },
  topP: { label: t('Top P'), step: '0.05', placeholder: t('default') },
  maxTokens: { label: t('Max tokens'), step: '1', placeholder: t('no limit') },
  presencePenalty: { label: t('Presence penalty'), step: '0.1', placeholder: '0' },
  frequencyPenalty: { label: t('Frequency penalty'), step: '0.1', placeholder: '0' },
};

export class ParamsPanel {
  readonly element: HTMLElement;
  private readonly systemPrompt = el('textarea', { id: 'param-system', rows: '3', placeholder: t('Optional instructions for the whole conversation') });
  private readonly numbers = new Map<NumericParam, HTMLInputElement>();
  private readonly stops: HTMLInputElement[] = [];

  constructor(private readonly host: HostConnection) {
    const numberRows = NUMERIC_PARAMS.map((key) => {
      const { label, step, placeholder } = NUMBER_FIELDS[key];
      const input = el('input', { id: `param-${key}`, type: 'number', step, placeholder, inputmode: 'decimal' });
      this.numbers.set(key, input);
      return el('div', { class: 'field' }, el('label', { for: input.id }, label), input);
    });
    for (let i = 0; i < STOP_SLOTS; i++)
      this.stops.push(el('input', { type: 'text', 'aria-label': t('Stop sequence {0}', i + 1), placeholder: t('Stop {0}', i + 1) }));
    this.element = el(
      'section',
      { class: 'panel params-panel', 'aria-label': t('Conversation parameters'), hidden: '' },
      el('h2', {}, t('Parameters')),
      el('div', { class: 'field' }, el('label', { for: this.systemPrompt.id }, t('System prompt')), this.systemPrompt),
      el('div', { class: 'field-grid' }, ...numberRows),
      el('fieldset', { class: 'stops' }, el('legend', {}, t('Stop sequences (up to {0})', STOP_SLOTS)), ...this.stops),
    );
    this.element.addEventListener('change', () => this.host.post({ type: 'setParams', params: this.read() }));
  }

  show(params: ChatParams): void {
    if (this.element.contains(document.activeElement)) return;
    this.systemPrompt.value = params.systemPrompt;
    for (const [key, input] of this.numbers) input.value = params[key] === undefined ? '' : String(params[key]);
    this.stops.forEach((input, i) => (input.value = params.stop[i] ?? ''));
  }

  toggle(): boolean {
    this.element.hidden = !this.element.hidden;
    if (!this.element.hidden) this.systemPrompt.focus();
    return !this.element.hidden;
  }

  /** An empty or unreadable number means "not set": the gateway's default applies. */
  private read(): ChatParams {
    const params: ChatParams = { ...DEFAULT_PARAMS, systemPrompt: this.systemPrompt.value, stop: this.stops.map((s) => s.value).filter((s) => s !== '') };
    for (const [key, input] of this.numbers) {
      const value = input.value.trim() === '' ? Number.NaN : Number(input.value);
      if (Number.isFinite(value)) params[key] = value;
    }
    return params;
  }
}
