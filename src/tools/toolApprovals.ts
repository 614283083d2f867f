/**
 * Whether a tool call may run: pre-approved by the settings or by an earlier
 * "Always in this workspace" (kept in workspaceState), or else the user is
 * asked: in the chat view's card when it is visible, in a modal otherwise.
 * "Always" is remembered for the call's approval scope: the tool and, for
 * command tools, the command it runs and the definition it has now.
 */
import * as vscode from 'vscode';
import { toolArgumentsText, type ToolCallRecord } from '../chat/conversation';
import type { ApprovalDecision, ToolApprover, ViewAsker } from '../chat/toolLoop';
import { APPROVAL_LABELS } from '../protocol/chatProtocol';
import { t } from '../l10n/localize';

const ALWAYS_ALLOWED_KEY = 'genaiGateway.tools.alwaysAllowed';

export class ToolApprovals implements ToolApprover {
  private viewAsker: ViewAsker | undefined;

  constructor(
    private readonly workspaceState: Pick<vscode.Memento, 'get' | 'update'>,
    private readonly autoApprove: () => readonly string[],
    private readonly scopeOf: (call: ToolCallRecord) => Promise<string>,
    /** A tool's own verdict (its rules), which then alone decides; undefined: none. */
    private readonly ownVerdict: (call: ToolCallRecord) => Promise<boolean | undefined> = async () => undefined,
  ) {}

  /** The chat view attaches itself while it can ask. */
  setViewAsker(asker: ViewAsker | undefined): void {
    this.viewAsker = asker;
  }

  async isPreApproved(call: ToolCallRecord): Promise<boolean> {
    const own = await this.ownVerdict(call);
    if (own !== undefined) return own;
    return this.autoApprove().includes(call.name) || this.alwaysAllowed().includes(await this.scopeOf(call));
  }

  async ask(call: ToolCallRecord, signal: AbortSignal): Promise<ApprovalDecision> {
    // The scope as the call is asked about; the question is up (and its card can be answered) before the scope is known.
    const scope = this.scopeOf(call);
    scope.catch(() => undefined); // read only after "Always"; its failure then fails the call
    const decision = await (this.viewAsker?.(call, signal) ?? askInModal(call, signal));
    if (decision === 'always' && !signal.aborted) await this.workspaceState.update(ALWAYS_ALLOWED_KEY, [...new Set([...this.alwaysAllowed(), await scope])]);
    return decision;
  }

  /** Forgets every "Always in this workspace"; returns the approval scopes that were allowed. */
  async forgetAlways(): Promise<string[]> {
    const names = this.alwaysAllowed();
    await this.workspaceState.update(ALWAYS_ALLOWED_KEY, undefined);
    return names;
  }

  private alwaysAllowed(): string[] {
    const stored = this.workspaceState.get<unknown>(ALWAYS_ALLOWED_KEY);
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
  }
}

/** The modal's Cancel, or a stopped answer, deny. */
async function askInModal(call: ToolCallRecord, signal: AbortSignal): Promise<ApprovalDecision> {
  const { once, always, deny } = APPROVAL_LABELS;
  const choices = call.approvalChoices ?? [{ id: '', label: always }];
  const question = vscode.window.showWarningMessage(
    t('Let the model run {0}?', call.name),
    { modal: true, detail: `${call.approvalNote ? `${call.approvalNote}\n\n` : ''}${t('Arguments:\n{0}', toolArgumentsText(call.arguments))}` },
    once,
    ...choices.map((c) => c.label),
    deny,
  );
  const aborted = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
  const answer = await Promise.race([question, aborted]);
  if (answer === once) return 'once';
  const choice = choices.find((c) => c.label === answer);
  if (!choice) return 'deny';
  return choice.id ? { choiceId: choice.id } : 'always';
}
