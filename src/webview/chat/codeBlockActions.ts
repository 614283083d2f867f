/**
 * Copy, Insert at Cursor and Open in New Editor on every code block the
 * renderer makes: the markdown view hands each rendered fragment to
 * decorateCodeBlocks before it goes on screen, also while an answer
 * streams. One listener serves all buttons; each reads its block's code
 * when clicked.
 */
import { el } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

const ACTIONS = [
  { action: 'copy', icon: 'copy', label: t('Copy'), labelFor: (what: string) => t('Copy ({0})', what) },
  { action: 'insert', icon: 'insert', label: t('Insert at Cursor'), labelFor: (what: string) => t('Insert at Cursor ({0})', what) },
  { action: 'open', icon: 'go-to-file', label: t('Open in New Editor'), labelFor: (what: string) => t('Open in New Editor ({0})', what) },
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
  const what = language ? t('{0} code', language) : t('code');
  return el(
    'div',
    { class: 'code-actions', role: 'toolbar', 'aria-label': t('Actions for this {0}', what) },
    language ? el('span', { class: 'code-lang' }, language) : undefined,
    ...ACTIONS.map(({ action, icon, label, labelFor }) =>
      el(
        'button',
        { type: 'button', class: 'icon-button', 'data-action': action, title: label, 'aria-label': labelFor(what) },
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
