/** "Using instructions from AGENTS.md": which workspace files the system prompt carries, each a link that opens it. */
import { el } from './dom';
import type { HostConnection } from './hostConnection';

export class InstructionsNotice {
  readonly element = el('div', { class: 'instructions-notice', role: 'note', hidden: '' });

  constructor(private readonly host: HostConnection) {}

  show(files: readonly string[]): void {
    this.element.hidden = files.length === 0;
    const links = files.map((file) => {
      const link = el('a', { href: '#', class: 'instructions-link', title: `Open ${file}` }, file);
      link.addEventListener('click', (event) => {
        event.preventDefault();
        this.host.post({ type: 'openInstructions', file });
      });
      return link;
    });
    const joined = links.flatMap((link, i) => (i === 0 ? [link] : [i === links.length - 1 ? ' and ' : ', ', link]));
    this.element.replaceChildren(el('span', { class: 'codicon codicon-book', 'aria-hidden': 'true' }), el('span', {}, 'Using instructions from ', ...joined));
  }
}
