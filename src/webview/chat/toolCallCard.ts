/**
 * One function the model called: a collapsible card with its name, status,
 * duration, arguments (growing while they stream) and result (long results
 * folded), and the approval buttons while it waits for the user.
 */
import type { ToolCallRecord, ToolCallStatus } from '../../chat/conversation';
import type { ApprovalDecision } from '../../chat/toolLoop';
import { APPROVAL_LABELS, SHOWN_ARGUMENT_CHARS, type ToolCallProgress } from '../../protocol/chatProtocol';
import { el, textButton } from './dom';
import type { HostConnection } from './hostConnection';
import { ToolArgumentsView } from './toolArgumentsView';
import { t } from '../../l10n/localize';

/** Longer results show this much until "Show all". */
const FOLDED_RESULT_CHARS = 600;
/** Output longer than this many lines shows its last ones until "Show all". */
const FOLDED_OUTPUT_LINES = 12;

const STATUS: Record<ToolCallStatus, { label: string; icon: string }> = {
  streaming: { label: t('Receiving arguments…'), icon: 'loading codicon-modifier-spin' },
  pending: { label: t('Waiting'), icon: 'circle-outline' },
  awaitingApproval: { label: t('Needs your approval'), icon: 'shield' },
  running: { label: t('Running…'), icon: 'loading codicon-modifier-spin' },
  succeeded: { label: t('Done'), icon: 'check' },
  failed: { label: t('Failed'), icon: 'error' },
  denied: { label: t('Denied'), icon: 'circle-slash' },
  invalid: { label: t('Invalid arguments: not run'), icon: 'warning' },
  incomplete: { label: t('Incomplete: the answer broke off, not run'), icon: 'debug-disconnect' },
  skipped: { label: t('Not run'), icon: 'debug-step-over' },
  cancelled: { label: t('Cancelled'), icon: 'stop-circle' },
};

export class ToolCallCard {
  readonly element: HTMLDetailsElement;
  private readonly summary = el('summary', { class: 'tool-call-summary' });
  private readonly approval = el('div', { class: 'tool-approval', role: 'group' });
  private readonly result = el('div', { class: 'tool-section tool-result' });
  private readonly output = el('div', { class: 'tool-section tool-output' });
  private readonly stop = el('div', { class: 'tool-stop' });
  private outputExpanded = false;
  private readonly args = new ToolArgumentsView();
  private readonly source = el('div', { class: 'tool-source' });
  private resultExpanded = false;
  private call: ToolCallRecord;

  constructor(
    call: ToolCallRecord,
    private readonly host: HostConnection,
  ) {
    this.call = call;
    this.element = el(
      'details',
      { class: 'tool-call', 'data-call-id': call.id },
      this.summary,
      el('div', { class: 'tool-body' }, this.source, this.args.element, this.approval, this.stop, this.output, this.result),
    );
    // Open while the arguments arrive, so they are seen growing.
    if (call.status === 'streaming') this.element.open = true;
    this.showArguments();
    this.render();
  }

  get id(): string {
    return this.call.id;
  }

  /**
   * True when the call now waits for the user (and did not before). The card
   * shows the call it is given whole, every time: name, arguments, approval.
   */
  update(call: ToolCallRecord): boolean {
    const before = this.call;
    const nowAsks = call.status === 'awaitingApproval' && (before.status !== 'awaitingApproval' || before.approvalKey !== call.approvalKey);
    this.call = call;
    if (before.status === 'streaming' && call.status !== 'streaming') this.element.open = false;
    if (call.status !== 'streaming' && (before.status === 'streaming' || before.arguments !== call.arguments)) this.showArguments();
    this.render();
    return nowAsks;
  }

  /** More of the arguments streamed in (the call's status is `streaming`). */
  grow(progress: ToolCallProgress): void {
    const renamed = progress.name !== this.call.name;
    this.call = { ...this.call, name: progress.name };
    this.args.append(progress.argumentsAppended, progress.argumentsLength);
    if (renamed) this.render();
  }

  /** Moves the keyboard to the first approval button. */
  focusApproval(): void {
    this.approval.querySelector('button')?.focus();
  }

  private showArguments(): void {
    if (this.call.status === 'streaming') this.args.append(this.call.arguments.slice(0, SHOWN_ARGUMENT_CHARS), this.call.arguments.length);
    else this.args.show(this.call.arguments);
  }

  private render(): void {
    const { call } = this;
    const status = STATUS[call.status];
    this.element.className = `tool-call status-${call.status}`;
    this.element.setAttribute('aria-busy', String(call.status === 'streaming'));
    if (call.status === 'awaitingApproval') this.element.open = true;
    this.summary.replaceChildren(
      el('span', { class: `codicon codicon-${status.icon}`, 'aria-hidden': 'true' }),
      el('span', { class: 'tool-name' }, call.name || '…'),
      el('span', { class: 'tool-status' }, status.label),
      call.durationMs === undefined ? '' : el('span', { class: 'tool-duration' }, formatDuration(call.durationMs)),
    );
    this.source.hidden = !call.source;
    this.source.textContent = call.source ? t('From: {0}', call.source.label) : '';
    this.renderApproval();
    this.renderStop();
    this.renderOutput();
    this.renderResult();
  }

  private renderStop(): void {
    const running = this.call.status === 'running';
    this.stop.hidden = !running;
    if (!running) return this.stop.replaceChildren();
    if (this.stop.firstChild) return;
    const callId = this.call.id;
    const button = textButton('debug-stop', t('Stop'), () => {
      button.disabled = true;
      this.host.post({ type: 'stopToolCall', callId });
    });
    button.setAttribute('aria-label', t('Stop {0}', this.call.name));
    this.stop.replaceChildren(button);
  }

  /** What the call printed: monospace, its last lines while long (the end is where a command's news is), copyable. */
  private renderOutput(): void {
    const text = this.call.output;
    this.output.hidden = text === undefined;
    if (text === undefined) return this.output.replaceChildren();
    const lines = text.replace(/\n$/, '').split('\n');
    const folded = lines.length > FOLDED_OUTPUT_LINES && !this.outputExpanded;
    const shown = folded ? lines.slice(-FOLDED_OUTPUT_LINES).join('\n') : text;
    const pre = el('pre', { class: 'tool-output-text', tabindex: '0', 'aria-label': t('Output of {0}', this.call.name) }, shown || t('(no output yet)'));
    const toggle =
      lines.length > FOLDED_OUTPUT_LINES
        ? foldToggle(folded, t('Show all ({0} lines)', lines.length), () => {
            this.outputExpanded = !this.outputExpanded;
            this.renderOutput();
          })
        : '';
    const copy = textButton('copy', t('Copy'), () => this.host.post({ type: 'copyCode', code: text }), { class: 'text-button subtle' });
    this.output.replaceChildren(el('div', { class: 'tool-section-title' }, t('Output')), pre, el('div', { class: 'tool-output-actions' }, toggle, copy));
    pre.scrollTop = pre.scrollHeight;
  }

  private renderApproval(): void {
    const asking = this.call.status === 'awaitingApproval';
    this.approval.hidden = !asking;
    if (!asking) return this.approval.replaceChildren();
    this.approval.setAttribute('aria-label', t('Run {0}?', this.call.name));
    const { id: callId, approvalKey = '' } = this.call;
    const decide = (decision: ApprovalDecision) => () => {
      this.approval.querySelectorAll('button').forEach((b) => (b.disabled = true));
      this.host.post({ type: 'decideToolCall', callId, approvalKey, decision });
    };
    const always = this.call.approvalChoices
      ? this.call.approvalChoices.map((choice) => textButton('check-all', choice.label, decide({ choiceId: choice.id })))
      : [textButton('check-all', APPROVAL_LABELS.always, decide('always'))];
    this.approval.replaceChildren(
      el('p', { class: 'tool-approval-question' }, approvalQuestion(this.call)),
      el(
        'div',
        { class: 'tool-approval-buttons' },
        textButton('check', APPROVAL_LABELS.once, decide('once'), { class: 'text-button primary' }),
        ...always,
        textButton('circle-slash', APPROVAL_LABELS.deny, decide('deny')),
      ),
    );
  }

  private renderResult(): void {
    const text = this.call.result;
    this.result.hidden = text === undefined;
    if (text === undefined) return this.result.replaceChildren();
    const folded = text.length > FOLDED_RESULT_CHARS && !this.resultExpanded;
    const toggle =
      text.length > FOLDED_RESULT_CHARS
        ? foldToggle(folded, t('Show all ({0} characters)', text.length), () => {
            this.resultExpanded = !this.resultExpanded;
            this.renderResult();
          })
        : '';
    this.result.replaceChildren(
      el('div', { class: 'tool-section-title' }, t('Result')),
      el('pre', { class: 'tool-result-text' }, folded ? `${text.slice(0, FOLDED_RESULT_CHARS)}…` : text),
      toggle,
    );
  }
}

function approvalQuestion(call: ToolCallRecord): string {
  if (call.approvalNote) return t('{0} Run it with the arguments above?', call.approvalNote);
  if (!call.source || call.source.kind === 'builtin') return t('This tool changes files or runs something. Run it with the arguments above?');
  return t('This tool comes from {0}; VS Code does not say what it may change. Run it with the arguments above?', call.source.label);
}

/** "Show all (…)" while folded, "Show less" while not. */
function foldToggle(folded: boolean, showAll: string, toggle: () => void): HTMLButtonElement {
  return textButton(folded ? 'unfold' : 'fold', folded ? showAll : t('Show less'), toggle, { class: 'text-button subtle', 'aria-expanded': String(!folded) });
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
