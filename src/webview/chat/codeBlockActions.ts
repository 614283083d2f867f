/**
 * Copy, Insert at Cursor and Open in New Editor on every code block the
 * renderer makes: the markdown view hands each rendered fragment to
 * decorateCodeBlocks before it goes on screen, also while an answer
 * streams. One listener serves all buttons; each reads its block's code
 * when clicked.
 */
import { el } from './dom';
import type { HostConnection } from './hostConnection';

const ACTIONS = [
  { action: 'copy', icon: 'copy', label: 'Copy' },
  { action: 'insert', icon: 'insert', label: 'Insert at Cursor' },
  { action: 'open', icon: 'go-to-file', label: 'Open in New Editor' },
] as const;

/** Adds the toolbar to each code block in `within` that has none. */
export function decorateCodeBlocks(within: ParentNode): void {
  for (const block of within.querySelectorAll<HTMLElement>('.code-block')) {
    if (!block.querySelector(':scope > .code-actions')) block.prepend(toolbar(block.dataset.lang ?? ''));
  }
}

export function installCodeBlockActions(root: HTMLElement, host: HostConnection): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('.code-actions button');
    const block = button?.closest<HTMLElement>('.code-block');
    const action = ACTIONS.find((a) => a.action === button?.dataset.action)?.action;
    if (!button || !block || !action) return;
    const code = block.querySelector('code')?.textContent ?? '';
    const language = block.dataset.lang ?? '';
    switch (action) {
      case 'copy':
        host.post({ type: 'copyCode', code });
        flashCopied(button);
        return;
      case 'insert':
        return host.post({ type: 'insertCode', code });
      case 'open':
        return host.post({ type: 'openCode', code, language });
    }
  });
}

function toolbar(language: string): HTMLElement {
  const what = language ? `${language} code` : 'code';
  return el(
    'div',
    { class: 'code-actions', role: 'toolbar', 'aria-label': `Actions for this ${what}` },
    language ? el('span', { class: 'code-lang' }, language) : undefined,
    ...ACTIONS.map(({ action, icon, label }) =>
      el(
        'button',
        { type: 'button', class: 'icon-button', 'data-action': action, title: label, 'aria-label': `${label} (${what})` },
        el('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }),
      ),
    ),
  );
}

function flashCopied(button: HTMLButtonElement): void {
  const icon = button.querySelector('.codicon');
  icon?.classList.replace('codicon-copy', 'codicon-check');
  setTimeout(() => icon?.classList.replace('codicon-check', 'codicon-copy'), 1500);
}
