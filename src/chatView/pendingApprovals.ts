/**
 * Tool calls waiting for the user's answer in the chat view's cards. An
 * answer names the call by the extension's own id and carries the key the
 * card was shown with: a digest of that id, the tool's name and its
 * arguments, so it approves only the call exactly as the card showed it.
 */
import { createHash } from 'node:crypto';
import type { ToolCallRecord } from '../chat/conversation';
import type { ApprovalDecision } from '../chat/toolLoop';

/** The key a card's answer must carry to decide this call as it is now. */
export function approvalKeyOf(call: Pick<ToolCallRecord, 'id' | 'name' | 'arguments'>): string {
  return createHash('sha256')
    .update(JSON.stringify([call.id, call.name, call.arguments]))
    .digest('base64url');
}

interface Waiting {
  call: ToolCallRecord;
  settle(decision: ApprovalDecision): void;
}

export class PendingApprovals {
  private readonly waiting = new Map<string, Waiting>();

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
      this.waiting.set(call.id, { call, settle });
    });
  }

  /**
   * The user answered in a card. An answer for a call no longer waiting is
   * ignored; so is one whose key does not match the call as it is now (the
   * card showed something else): that call is returned, to be shown again.
   */
  decide(callId: string, key: string, decision: ApprovalDecision): ToolCallRecord | undefined {
    const waiting = this.waiting.get(callId);
    if (!waiting) return undefined;
    if (key !== approvalKeyOf(waiting.call)) return waiting.call;
    waiting.settle(decision);
    return undefined;
  }
}
