/** The list of conversations: open, rename, delete; plus new and export. */
import type { ConversationSummary } from '../../protocol/chatProtocol';
import { el, iconButton, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly list = el('ul', { class: 'history-list', 'aria-label': t('Conversations') });
  private summaries: ConversationSummary[] = [];
  private activeId = '';

  constructor(private readonly host: HostConnection) {
    this.element = el(
      'section',
      { class: 'panel history-panel', 'aria-label': t('Conversation history'), hidden: '' },
      el(
        'div',
        { class: 'panel-heading' },
        el('h2', {}, t('Conversations')),
        textButton('export', t('Export…'), () => host.post({ type: 'exportConversation' }), {
          class: 'text-button subtle',
          title: t('Export the open conversation as Markdown'),
        }),
      ),
      this.list,
    );
  }

  show(summaries: ConversationSummary[], activeId: string): void {
    this.summaries = summaries;
    this.activeId = activeId;
    this.list.replaceChildren(...this.summaries.map((s) => this.item(s)));
  }

  toggle(): void {
    this.element.hidden = !this.element.hidden;
    if (!this.element.hidden) this.list.querySelector<HTMLElement>('[aria-current="true"], .history-open')?.focus();
  }

  private item(summary: ConversationSummary): HTMLElement {
    const current = summary.id === this.activeId;
    const open = el(
      'button',
      { type: 'button', class: 'history-open', 'aria-current': current ? 'true' : undefined },
      el('span', { class: 'history-title' }, summary.title),
      el('span', { class: 'history-date' }, new Date(summary.updatedAt).toLocaleString()),
    );
    open.addEventListener('click', () => this.host.post({ type: 'switchConversation', conversationId: summary.id }));
    return el(
      'li',
      { class: current ? 'history-item current' : 'history-item' },
      open,
      iconButton('edit', t('Rename "{0}"', summary.title), () => this.host.post({ type: 'renameConversation', conversationId: summary.id })),
      iconButton('trash', t('Delete "{0}"', summary.title), () => this.host.post({ type: 'deleteConversation', conversationId: summary.id })),
    );
  }
}
