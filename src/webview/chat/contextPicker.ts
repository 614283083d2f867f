/**
 * The # picker: typing `#` in the composer (at the start or after a space)
 * opens a list of what can be attached; what follows the `#` filters it
 * (the host matches). Arrows move, Enter or Tab attaches, Escape closes; the
 * `#word` typed is removed from the message when an item is chosen.
 */
import type { ContextItem } from '../../protocol/chatProtocol';
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';
import { onPickerKey, wrapIndex } from './pickerKeys';

const ICONS: Readonly<Record<ContextItem['kind'], string>> = {
  selection: 'selection',
  problems: 'warning',
  editor: 'file-text',
  file: 'file',
  folder: 'folder',
  symbol: 'symbol-method',
};
const KIND_NAMES: Readonly<Record<ContextItem['kind'], string>> = {
  selection: t('selection'),
  problems: t('problems'),
  editor: t('open editor'),
  file: t('file'),
  folder: t('folder'),
  symbol: t('symbol'),
};
/** Asked after this pause in typing, so a fast typist sends one query. */
const QUERY_DELAY_MS = 60;

export class ContextPicker {
  readonly element = el('ul', { class: 'context-picker', id: 'context-picker', role: 'listbox', 'aria-label': t('Attach context'), hidden: '' });
  private items: ContextItem[] = [];
  private active = 0;
  private requestId = 0;
  /** Where the `#` is in the input while the picker is open. */
  private hashAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the host answered since the picker opened. */
  private answered = false;

  constructor(
    private readonly host: HostConnection,
    private readonly input: HTMLTextAreaElement,
  ) {
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', this.element.id);
    input.setAttribute('aria-expanded', 'false');
    // Registered before the composer's own keydown handler, so Enter attaches instead of sending.
    input.addEventListener('keydown', (event) => this.onKey(event));
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => setTimeout(() => document.activeElement !== input && this.close(), 150));
  }

  /** Opens the picker as if `#` had been typed at the cursor (the attach button). */
  start(): void {
    const at = this.input.selectionStart;
    const before = this.input.value.slice(0, at);
    const hash = before === '' || /\s$/.test(before) ? '#' : ' #';
    this.input.setRangeText(hash, at, this.input.selectionEnd, 'end');
    this.input.focus();
    this.update();
  }

  /** The host's items for a query; only the latest query's are shown. */
  show(requestId: number, items: ContextItem[]): void {
    if (requestId !== this.requestId || this.hashAt === undefined) return;
    this.items = items;
    this.answered = true;
    this.active = 0;
    this.render();
  }

  get isOpen(): boolean {
    return this.hashAt !== undefined;
  }

  private update(): void {
    const caret = this.input.selectionStart;
    const match = /(^|\s)#([^\s#]*)$/.exec(this.input.value.slice(0, caret));
    if (!match) return this.close();
    const opening = this.hashAt === undefined;
    this.hashAt = caret - match[2]!.length - 1;
    if (opening) {
      this.items = [];
      this.answered = false;
      this.render();
    }
    if (this.timer) clearTimeout(this.timer);
    const query = match[2]!;
    this.timer = setTimeout(() => this.host.post({ type: 'findContext', query, requestId: ++this.requestId }), opening ? 0 : QUERY_DELAY_MS);
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.isOpen) return;
    onPickerKey(event, {
      count: this.items.length,
      move: (by) => this.move(by),
      chooseActive: () => this.choose(this.items[this.active]!),
      close: () => this.close(),
    });
  }

  private move(by: number): void {
    if (!this.items.length) return;
    this.active = wrapIndex(this.active, by, this.items.length);
    this.render();
  }

  private choose(item: ContextItem): void {
    const start = this.hashAt ?? this.input.selectionStart;
    this.input.setRangeText('', start, this.input.selectionStart, 'end');
    this.close();
    this.input.dispatchEvent(new Event('input'));
    this.host.post({ type: 'attachContext', itemId: item.id });
    this.input.focus();
  }

  private close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.hashAt = undefined;
    this.items = [];
    const wasOpen = !this.element.hidden;
    this.element.hidden = true;
    // The composer's list attributes are the open picker's: a closed one leaves them to the / picker.
    if (!wasOpen) return;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  private render(): void {
    this.element.hidden = false;
    this.input.setAttribute('aria-controls', this.element.id);
    this.input.setAttribute('aria-expanded', 'true');
    if (!this.items.length) {
      this.element.replaceChildren(el('li', { class: 'context-picker-empty', role: 'presentation' }, this.answered ? t('Nothing matches') : t('Searching…')));
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    this.element.replaceChildren(
      ...this.items.map((item, index) => {
        const option = el(
          'li',
          {
            id: `context-option-${index}`,
            class: 'context-option',
            role: 'option',
            'aria-selected': String(index === this.active),
            'aria-label': `${item.label}, ${KIND_NAMES[item.kind]}, ${item.description}`,
          },
          el('span', { class: `codicon codicon-${ICONS[item.kind]}`, 'aria-hidden': 'true' }),
          el('span', { class: 'context-option-label' }, item.label),
          el('span', { class: 'context-option-description' }, item.description),
        );
        // mousedown, not click: the input keeps the focus (and the picker stays open until then).
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          this.choose(item);
        });
        return option;
      }),
    );
    this.input.setAttribute('aria-activedescendant', `context-option-${this.active}`);
    this.element.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }
}
