/** Tool calls waiting for the user's answer in the chat view's cards. */
import type { ToolCallRecord } from '../chat/conversation';
import type { ApprovalDecision } from '../chat/toolLoop';

export class PendingApprovals {
  private readonly waiting = new Map<string, (decision: ApprovalDecision) => void>();

  /** Resolves with the user's answer; a stopped answer (aborted signal) denies. */
  wait(call: ToolCallRecord, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.resolve('deny');
    return new Promise((resolve) => {
      const settle = (decision: ApprovalDecision) => {
        this.waiting.delete(call.id);
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      };
      const onAbort = () => settle('deny');
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(call.id, settle);
    });
  }

  /** The user answered in a card; an answer for a call no longer waiting is ignored. */
  decide(callId: string, decision: ApprovalDecision): void {
    this.waiting.get(callId)?.(decision);
  }
}
