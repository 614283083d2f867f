/** "Using instructions from AGENTS.md": which workspace files the system prompt carries, each a link that opens it. */
import { el, withElements } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';
import { pageLanguage } from '../shared/pageLanguage';

export class InstructionsNotice {
  readonly element = el('div', { class: 'instructions-notice', role: 'note', hidden: '' });

  constructor(private readonly host: HostConnection) {}

  show(files: readonly string[]): void {
    this.element.hidden = files.length === 0;
    const links = files.map((file) => {
      const link = el('a', { href: '#', class: 'instructions-link', title: t('Open {0}', file) }, file);
      link.addEventListener('click', (event) => {
        event.preventDefault();
        this.host.post({ type: 'openInstructions', file });
      });
      return link;
    });
    // "A and B" as the page's language writes a list, each file name a link.
    const list = document.createDocumentFragment();
    let next = 0;
    for (const part of new Intl.ListFormat(pageLanguage(), { type: 'conjunction' }).formatToParts(files))
      list.append(part.type === 'element' ? links[next++]! : part.value);
    this.element.replaceChildren(
      el('span', { class: 'codicon codicon-book', 'aria-hidden': 'true' }),
      el('span', {}, ...withElements(t('Using instructions from {0}'), list)),
    );
  }
}
