/** Attached context as chips: what it is (icon), where (label), what reading it found (note); a click opens it. */
import { chipLabel, type ContextChip } from '../../chat/conversation';
import { el, iconButton } from './dom';
import { t } from '../../l10n/localize';

const ICONS: Readonly<Record<NonNullable<ContextChip['kind']>, string>> = {
  selection: 'file-code',
  file: 'file',
  folder: 'folder',
  symbol: 'symbol-method',
  problems: 'warning',
};

export interface ChipActions {
  /** Opens what the chip refers to. */
  open?(chip: ContextChip): void;
  remove?(chip: ContextChip): void;
}

export function chipElement(chip: ContextChip, actions: ChipActions = {}): HTMLElement {
  const label = chipLabel(chip);
  const tooltip = [label, chip.note, chip.text.slice(0, 400)].filter(Boolean).join('\n');
  const content = [
    el('span', { class: `codicon codicon-${ICONS[chip.kind ?? 'selection']}`, 'aria-hidden': 'true' }),
    el('span', { class: 'chip-label' }, label),
    chip.note ? el('span', { class: 'codicon codicon-info chip-note', 'aria-hidden': 'true' }) : undefined,
  ];
  const open = actions.open;
  const body = open
    ? el(
        'button',
        { type: 'button', class: 'chip-open', title: tooltip, 'aria-label': chip.note ? t('Open {0} ({1})', label, chip.note) : t('Open {0}', label) },
        ...content,
      )
    : el('span', { class: 'chip-open', title: tooltip }, ...content);
  if (open) body.addEventListener('click', () => open(chip));
  return el(
    'li',
    { class: `chip${chip.note ? ' chip-noted' : ''}`, 'data-chip-kind': chip.kind ?? 'selection' },
    body,
    actions.remove && iconButton('close', t('Remove {0}', label), () => actions.remove!(chip), { class: 'icon-button chip-remove' }),
  );
}

export function chipList(chips: readonly ContextChip[], label: string, actions: ChipActions = {}): HTMLElement {
  return el('ul', { class: 'chips', 'aria-label': label }, ...chips.map((chip) => chipElement(chip, actions)));
}
