/** Where the user writes: attached context (# or dropped files), the message, Send or Stop, and why a send was refused. */
import type { Draft } from '../../chat/conversation';
import type { ContextItem, PromptCommand } from '../../protocol/chatProtocol';
import { slashCommand } from '../../chat/slashCommand';
import { SlashPicker } from './slashPicker';
import { chipList } from './contextChips';
import { ContextPicker } from './contextPicker';
import { addressText } from './addressText';
import { el, iconButton } from './dom';
import { installFileDrop } from './fileDrop';
import type { HostConnection } from './hostConnection';
import { InstructionsNotice } from './instructionsNotice';
import { t } from '../../l10n/localize';

/** Typing is saved after this pause, so a reload keeps the draft without a message per key. */
const DRAFT_SAVE_DELAY_MS = 300;

export class Composer {
  readonly element: HTMLElement;
  private readonly input = el('textarea', {
    class: 'composer-input',
    rows: '3',
    'aria-label': t('Message'),
    placeholder: t('Ask a question (# to attach files, / for prompt files, Enter to send, Shift+Enter for a new line)'),
  });
  private readonly chips = el('div', { class: 'composer-chips' });
  private readonly problem = el('div', { class: 'composer-problem', role: 'alert', hidden: '' });
  private readonly sendButton = iconButton('send', t('Send (Enter)'), () => this.send(), { class: 'icon-button send-button' });
  private readonly stopButton = iconButton('debug-stop', t('Stop (Escape)'), () => this.host.post({ type: 'stop' }), {
    class: 'icon-button stop-button',
    hidden: '',
  });
  private readonly picker: ContextPicker;
  private readonly slash: SlashPicker;
  private readonly instructions: InstructionsNotice;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private busy = false;

  constructor(
    private readonly host: HostConnection,
    modelPicker: HTMLElement,
    usageGauge: HTMLElement,
  ) {
    // Before the keydown handler below: the picker's Enter attaches instead of sending.
    this.picker = new ContextPicker(host, this.input);
    this.slash = new SlashPicker(this.input);
    this.instructions = new InstructionsNotice(host);
    this.element = el(
      'form',
      { class: 'composer', 'aria-label': t('New message') },
      this.instructions.element,
      this.chips,
      el('div', { class: 'composer-input-box' }, this.picker.element, this.slash.element, this.input),
      this.problem,
      el(
        'div',
        { class: 'composer-row' },
        iconButton('attach', t('Attach context (#)'), () => this.picker.start()),
        modelPicker,
        el('span', { class: 'spacer' }),
        this.stopButton,
        this.sendButton,
      ),
      usageGauge,
    );
    installFileDrop(document.body, host);
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      this.send();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.send();
      }
    });
    this.input.addEventListener('input', () => this.scheduleDraftSave());
  }

  /** Shows a draft; the text is only replaced when asked (the host's copy may be behind the typing). */
  showDraft(draft: Draft, replaceText: boolean): void {
    if (replaceText) this.input.value = draft.text;
    this.chips.replaceChildren(
      draft.context.length
        ? chipList(draft.context, t('Attached context'), {
            open: (chip) => this.host.post({ type: 'openContext', chipId: chip.id }),
            remove: (chip) => this.host.post({ type: 'removeContext', chipId: chip.id }),
          })
        : '',
    );
  }

  setBusy(busy: boolean): void {
    const hadFocus = this.element.contains(document.activeElement);
    this.busy = busy;
    this.sendButton.hidden = busy;
    this.stopButton.hidden = !busy;
    if (hadFocus && document.activeElement === document.body) (busy ? this.stopButton : this.input).focus();
  }

  showProblem(message: string | undefined): void {
    this.problem.replaceChildren(...addressText(message ?? ''));
    this.problem.hidden = !message;
  }

  showContextItems(requestId: number, items: ContextItem[]): void {
    this.picker.show(requestId, items);
  }

  showInstructions(files: readonly string[]): void {
    this.instructions.show(files);
  }

  showPromptCommands(commands: readonly PromptCommand[]): void {
    this.slash.setCommands(commands);
  }

  focus(): void {
    this.input.focus();
  }

  private send(): void {
    const text = this.input.value;
    if (this.busy || (!text.trim() && !this.chips.querySelector('.chip'))) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    const command = slashCommand(text, this.slash.names());
    this.host.post(command ? { type: 'runPrompt', ...command } : { type: 'send', text });
  }

  private scheduleDraftSave(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.host.post({ type: 'draftChanged', text: this.input.value }), DRAFT_SAVE_DELAY_MS);
  }
}
