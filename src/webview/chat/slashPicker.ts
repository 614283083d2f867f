/**
 * The `/` picker: typing `/` at the start of the message lists the prompt
 * files (`/name`, their description); what follows the `/` filters them.
 * Arrows move, Enter or Tab puts `/name ` in the message, Escape closes.
 * The list is the host's (a few dozen at most), filtered here.
 */
import type { PromptCommand } from '../../chat/slashCommand';
import { el } from './dom';
import { t } from '../../l10n/localize';
import { onPickerKey, wrapIndex } from './pickerKeys';

export class SlashPicker {
  readonly element = el('ul', { class: 'slash-picker', id: 'slash-picker', role: 'listbox', 'aria-label': t('Prompt files'), hidden: '' });
  private commands: readonly PromptCommand[] = [];
  private shown: PromptCommand[] = [];
  private active = 0;

  constructor(private readonly input: HTMLTextAreaElement) {
    // Registered before the composer's own keydown handler, so Enter completes instead of sending.
    input.addEventListener('keydown', (event) => this.onKey(event));
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => setTimeout(() => document.activeElement !== input && this.close(), 150));
  }

  /** The prompt files the host offers now. */
  setCommands(commands: readonly PromptCommand[]): void {
    this.commands = commands;
    if (!this.element.hidden) this.update();
  }

  /** The names of the prompt files, to tell `/name` messages from others. */
  names(): ReadonlySet<string> {
    return new Set(this.commands.map((c) => c.name));
  }

  private update(): void {
    const match = /^\/([\w.-]*)$/.exec(this.input.value.slice(0, this.input.selectionStart));
    if (!match || this.commands.length === 0) return this.close();
    const typed = match[1]!.toLowerCase();
    this.shown = this.commands.filter((c) => c.name.toLowerCase().startsWith(typed));
    this.active = Math.min(this.active, Math.max(0, this.shown.length - 1));
    this.render();
  }

  private onKey(event: KeyboardEvent): void {
    if (this.element.hidden) return;
    onPickerKey(event, {
      count: this.shown.length,
      move: (by) => this.move(by),
      chooseActive: () => this.choose(this.shown[this.active]!),
      close: () => this.close(),
    });
  }

  private move(by: number): void {
    if (!this.shown.length) return;
    this.active = wrapIndex(this.active, by, this.shown.length);
    this.render();
  }

  private choose(command: PromptCommand): void {
    this.input.setRangeText(`/${command.name} `, 0, this.input.selectionStart, 'end');
    this.close();
    this.input.dispatchEvent(new Event('input'));
    this.input.focus();
  }

  /** The composer's list attributes are the open picker's: a closed one leaves them to the # picker. */
  private close(): void {
    const wasOpen = !this.element.hidden;
    this.element.hidden = true;
    this.active = 0;
    if (!wasOpen) return;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  private render(): void {
    this.element.hidden = false;
    this.input.setAttribute('aria-controls', this.element.id);
    this.input.setAttribute('aria-expanded', 'true');
    if (!this.shown.length) {
      this.element.replaceChildren(el('li', { class: 'context-picker-empty', role: 'presentation' }, t('No prompt file matches')));
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    this.element.replaceChildren(
      ...this.shown.map((command, index) => {
        const description = [command.description, command.argumentHint].filter(Boolean).join(' · ');
        const option = el(
          'li',
          {
            id: `slash-option-${index}`,
            class: 'slash-option',
            role: 'option',
            'aria-selected': String(index === this.active),
            'aria-label': description ? `/${command.name}, ${description}` : `/${command.name}`,
          },
          el('span', { class: `codicon codicon-${command.source === 'user' ? 'account' : 'symbol-file'}`, 'aria-hidden': 'true' }),
          el('span', { class: 'context-option-label' }, `/${command.name}`),
          el('span', { class: 'context-option-description' }, description),
        );
        // mousedown, not click: the input keeps the focus.
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          this.choose(command);
        });
        return option;
      }),
    );
    this.input.setAttribute('aria-activedescendant', `slash-option-${this.active}`);
    this.element.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }
}
