/** A message the user sent, with Edit (change it and send again, dropping what followed). */
import type { UserTurn } from '../../chat/conversation';
import { chipList } from './contextChips';
import { el, iconButton, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import { t } from '../../l10n/localize';

/** `busy`: an answer is arriving, so Edit is disabled until it ends. */
export function userTurnView(turn: UserTurn, busy: boolean, host: HostConnection): HTMLElement {
  const article = el('article', { class: 'turn turn-user', 'aria-label': t('Your message'), 'data-turn-id': turn.id });
  const body = el('div', { class: 'user-text' }, turn.text);
  const header = el('header', { class: 'turn-header' }, el('span', { class: 'turn-role' }, t('You')));
  const edit = iconButton('edit', t('Edit and resend'), () => startEditing(), { class: 'icon-button turn-action' });
  edit.disabled = busy;
  const restore = iconButton(
    'discard',
    t('Restore checkpoint: undo what the agent changed since this message'),
    () => host.post({ type: 'restoreCheckpoint', turnId: turn.id }),
    {
      class: 'icon-button turn-action',
    },
  );
  restore.disabled = busy;
  header.append(restore, edit);
  article.append(header);
  if (turn.context.length)
    article.append(chipList(turn.context, t('Attached context'), { open: (chip) => host.post({ type: 'openContext', chipId: chip.id, turnId: turn.id }) }));
  article.append(body);

  function startEditing(): void {
    const input = el('textarea', { class: 'edit-input', 'aria-label': t('Edit your message'), rows: '3' });
    input.value = turn.text;
    const send = (): void => {
      if (input.value.trim()) host.post({ type: 'editAndResend', turnId: turn.id, text: input.value });
    };
    const cancel = (): void => editor.replaceWith(body);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        send();
      } else if (event.key === 'Escape') {
        event.stopPropagation();
        cancel();
      }
    });
    const editor = el(
      'div',
      { class: 'edit-box' },
      input,
      el('div', { class: 'button-row' }, textButton('send', t('Send'), send, { class: 'text-button primary' }), textButton('close', t('Cancel'), cancel)),
    );
    body.replaceWith(editor);
    input.focus();
  }
  return article;
}
