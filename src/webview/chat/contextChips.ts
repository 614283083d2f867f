/** Attached editor excerpts, shown as chips with the file and the line range. */
import { chipLabel, type ContextChip } from '../../chat/conversation';
import { el, iconButton } from './dom';

/** A chip; with `onRemove` it has a remove button. */
export function chipElement(chip: ContextChip, onRemove?: (chip: ContextChip) => void): HTMLElement {
  const label = chipLabel(chip);
  return el(
    'li',
    { class: 'chip', title: `${label}\n${chip.text.slice(0, 400)}` },
    el('span', { class: 'codicon codicon-file-code', 'aria-hidden': 'true' }),
    el('span', { class: 'chip-label' }, label),
    onRemove && iconButton('close', `Remove ${label}`, () => onRemove(chip), { class: 'icon-button chip-remove' }),
  );
}

export function chipList(chips: readonly ContextChip[], label: string, onRemove?: (chip: ContextChip) => void): HTMLElement {
  return el('ul', { class: 'chips', 'aria-label': label }, ...chips.map((chip) => chipElement(chip, onRemove)));
}
