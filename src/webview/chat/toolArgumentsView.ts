/**
 * A tool call's arguments in its card: the raw text growing while it
 * streams, then indented when it is JSON. At most SHOWN_ARGUMENT_CHARS are
 * in the page until "Show all" (a call can carry megabytes on one line).
 */
import { toolArgumentsText } from '../../chat/conversation';
import { SHOWN_ARGUMENT_CHARS } from '../../protocol/chatProtocol';
import { el, textButton } from './dom';
import { t } from '../../l10n/localize';
import { formatNumber } from '../shared/pageLanguage';

export class ToolArgumentsView {
  private readonly text = el('pre', { class: 'tool-arguments' });
  private readonly note = el('div', { class: 'tool-arguments-note' });
  readonly element = el('div', { class: 'tool-section' }, el('div', { class: 'tool-section-title' }, t('Arguments')), this.text, this.note);
  /** The streamed text: one node appended to, so a long stream does not leave thousands of nodes. */
  private streamed: Text | undefined;
  private expanded = false;

  /** Appends what the stream added; `length` is the whole arguments' length so far. */
  append(shown: string, length: number): void {
    if (!this.streamed) {
      this.streamed = document.createTextNode('');
      this.text.replaceChildren(this.streamed);
    }
    if (shown) this.streamed.appendData(shown);
    const cut = length - this.streamed.length;
    this.note.textContent =
      cut > 0 ? t('Receiving: {0} characters so far, the first {1} shown.', formatNumber(length), formatNumber(this.streamed.length)) : '';
  }

  /** The whole arguments, once they have all arrived (or the stream broke off). */
  show(args: string): void {
    this.streamed = undefined;
    const full = toolArgumentsText(args) || '{}';
    const folded = full.length > SHOWN_ARGUMENT_CHARS && !this.expanded;
    this.text.textContent = folded ? `${full.slice(0, SHOWN_ARGUMENT_CHARS)}…` : full;
    const toggle =
      full.length > SHOWN_ARGUMENT_CHARS
        ? textButton(
            folded ? 'unfold' : 'fold',
            folded ? t('Show all ({0} characters)', formatNumber(full.length)) : t('Show less'),
            () => {
              this.expanded = !this.expanded;
              this.show(args);
            },
            { class: 'text-button subtle', 'aria-expanded': String(!folded) },
          )
        : '';
    this.note.replaceChildren(toggle);
  }
}
