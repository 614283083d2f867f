/**
 * "Using instructions from AGENTS.md": which instructions the system prompt
 * carries (above the composer: for the message being written; in an answer:
 * those its request carried), each a link that opens the file, or the
 * settings for the user's own.
 */
import { USER_INSTRUCTIONS } from '../../chat/workspaceInstructions';
import { el, withElements } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';
import { pageLanguage } from '../shared/pageLanguage';

export class InstructionsNotice {
  readonly element = el('div', { class: 'instructions-notice', role: 'note', hidden: '' });

  constructor(private readonly host: HostConnection) {}

  show(files: readonly string[]): void {
    this.element.hidden = files.length === 0;
    this.element.replaceChildren(...instructionsLine(this.host, files, t('Using instructions from {0}')));
  }
}

/** The used-instructions line of an answer; undefined when its request carried none. */
export function usedInstructions(host: HostConnection, files: readonly string[] | undefined): HTMLElement | undefined {
  if (!files?.length) return undefined;
  return el('div', { class: 'instructions-used', role: 'note' }, ...instructionsLine(host, files, t('Used instructions from {0}')));
}

/** The book icon and the template with the files, "A and B" as the page's language writes a list, each a link. */
function instructionsLine(host: HostConnection, files: readonly string[], template: string): Node[] {
  const names = files.map((file) => (file === USER_INSTRUCTIONS ? t('your instructions') : file));
  const links = files.map((file, i) => {
    const title = file === USER_INSTRUCTIONS ? t('Open your instructions in the settings') : t('Open {0}', file);
    const link = el('a', { href: '#', class: 'instructions-link', title }, names[i]!);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      host.post({ type: 'openInstructions', file });
    });
    return link;
  });
  const list = document.createDocumentFragment();
  let next = 0;
  for (const part of new Intl.ListFormat(pageLanguage(), { type: 'conjunction' }).formatToParts(names))
    list.append(part.type === 'element' ? links[next++]! : part.value);
  return [el('span', { class: 'codicon codicon-book', 'aria-hidden': 'true' }), el('span', {}, ...withElements(template, list))];
}
