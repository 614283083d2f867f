/** The keys of a picker list under the composer (the # picker, the / picker): arrows move, Enter or Tab choose, Escape closes. */
export interface PickerList {
  readonly count: number;
  move(by: number): void;
  chooseActive(): void;
  close(): void;
}

/** Handles the key when it is one of the list's (the composer then does not see it). */
export function onPickerKey(event: KeyboardEvent, list: PickerList): void {
  if (event.isComposing) return;
  const handled = (action: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    action();
  };
  switch (event.key) {
    case 'ArrowDown':
      return handled(() => list.move(1));
    case 'ArrowUp':
      return handled(() => list.move(-1));
    case 'Enter':
    case 'Tab':
      if (list.count) handled(() => list.chooseActive());
      return;
    case 'Escape':
      return handled(() => list.close());
  }
}

/** The index `by` steps from `active`, wrapping around a list of `count`. */
export function wrapIndex(active: number, by: number, count: number): number {
  return (active + by + count) % count;
}
