/** The conversation's model: the gateway's chat models, then under "Other" those whose kind nothing says (image, video and speech models are not offered). */
import type { ModelList } from '../../protocol/chatProtocol';
import { el, iconButton } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

export class ModelPicker {
  private readonly select = el('select', { class: 'model-select', 'aria-label': t('Model'), title: t('Model') });
  readonly element: HTMLElement;
  private models: ModelList = { models: [] };
  private current = '';

  constructor(host: HostConnection) {
    this.element = el(
      'div',
      { class: 'model-picker' },
      this.select,
      iconButton('refresh', t('Refresh the model list'), () => host.post({ type: 'refreshModels' })),
    );
    this.select.addEventListener('change', () => {
      this.current = this.select.value;
      host.post({ type: 'setModel', model: this.select.value });
    });
  }

  showModels(models: ModelList): void {
    this.models = models;
    this.render();
  }

  showModel(model: string): void {
    this.current = model;
    this.render();
  }

  private render(): void {
    const chat = this.models.models.filter((m) => m.group === 'chat');
    const unknown = this.models.models.filter((m) => m.group === 'unknown');
    const groups: HTMLElement[] = [];
    // The conversation's model stays choosable even when the gateway no longer lists it.
    if (this.current && !this.models.models.some((m) => m.id === this.current)) groups.push(option(this.current, this.current));
    if (!this.current) groups.push(option('', this.models.error ? t('No models: see the tooltip') : t('Choose a model…')));
    if (chat.length) groups.push(el('optgroup', { label: t('Chat models') }, ...chat.map((m) => option(m.id, m.id))));
    const hint = t('Nothing says what kind of model this is: it is tried as a chat model. Set its kind in the setting genaiGateway.modelCapabilities.');
    if (unknown.length) groups.push(el('optgroup', { label: t('Other (kind not recognised)') }, ...unknown.map((m) => option(m.id, m.id, hint))));
    this.select.replaceChildren(...groups);
    this.select.value = this.current;
    this.select.title = this.models.error
      ? t('The model list could not be fetched: {0}', this.models.error)
      : t('Model: {0}', this.current || t('none chosen'));
  }
}

function option(value: string, label: string, title?: string): HTMLOptionElement {
  return el('option', { value, title }, label);
}
