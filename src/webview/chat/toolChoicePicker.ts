/** Whether the model may call tools (auto), must not (none), must call one (required), or must call a given function; hidden when no tools are offered. */
import type { ToolChoice, ToolOption } from '../../protocol/chatProtocol';
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

const FORCED_PREFIX = 'function:';
const SIMPLE_CHOICES = ['auto', 'none', 'required'] as const;

export class ToolChoicePicker {
  readonly element = el('select', { class: 'tool-choice-select', 'aria-label': t('Tool use'), title: t('Whether the model may call tools') });
  private tools: ToolOption[] = [];
  private choice: ToolChoice = 'auto';

  constructor(host: HostConnection) {
    this.element.addEventListener('change', () => {
      const value = this.element.value;
      this.choice = value.startsWith(FORCED_PREFIX)
        ? { type: 'function', function: { name: value.slice(FORCED_PREFIX.length) } }
        : (SIMPLE_CHOICES.find((choice) => choice === value) ?? 'auto');
      host.post({ type: 'setToolChoice', choice: this.choice });
    });
    this.render();
  }

  showTools(tools: ToolOption[]): void {
    this.tools = tools;
    this.render();
  }

  showChoice(choice: ToolChoice | undefined): void {
    this.choice = choice ?? 'auto';
    this.render();
  }

  private render(): void {
    this.element.hidden = this.tools.length === 0;
    const forced = typeof this.choice === 'object' ? this.choice.function.name : undefined;
    // A forced function no longer offered stays visible, so the user sees why requests fall back to auto.
    const names = [...this.tools.map((tool) => tool.name), ...(forced && !this.tools.some((tool) => tool.name === forced) ? [forced] : [])];
    this.element.replaceChildren(
      el('option', { value: 'auto' }, t('Tools: auto')),
      el('option', { value: 'none' }, t('Tools: none')),
      el('option', { value: 'required', title: t('The model must call one of the tools (in the first request of an answer)') }, t('Tools: required')),
      el(
        'optgroup',
        { label: t('Must call') },
        ...names.map((name) =>
          el(
            'option',
            { value: FORCED_PREFIX + name, title: this.tools.find((tool) => tool.name === name)?.description ?? t('Not available now') },
            t('Tool: {0}', name),
          ),
        ),
      ),
    );
    this.element.value = forced ? FORCED_PREFIX + forced : typeof this.choice === 'string' ? this.choice : 'auto';
  }
}
