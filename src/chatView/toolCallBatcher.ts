/**
 * Folds what the stream adds to tool calls into one message per turn and
 * interval, as TextBatcher does for text, and posts only the part of the
 * arguments a card shows: a call with megabytes of arguments costs the
 * webview a few kilobytes.
 */
import type { AssistantTurn, ToolCallRecord } from '../chat/conversation';
import type { ToolCallGrowth } from '../chat/liveToolCalls';
import { SHOWN_ARGUMENT_CHARS, type ToolCallProgress } from '../protocol/chatProtocol';
import { IntervalBatch } from './intervalBatch';

interface Pending {
  conversationId: string;
  turn: AssistantTurn;
  calls: Map<ToolCallRecord, { shown: string; length: number }>;
}

export class ToolCallBatcher extends IntervalBatch<Pending> {
  constructor(
    private readonly post: (conversationId: string, turnId: string, calls: ToolCallProgress[]) => void,
    intervalMs = 30,
  ) {
    super(intervalMs);
  }

  append(conversationId: string, turn: AssistantTurn, growth: readonly ToolCallGrowth[]): void {
    if (this.pending && (this.pending.turn !== turn || this.pending.conversationId !== conversationId)) this.flush();
    const pending = (this.pending ??= { conversationId, turn, calls: new Map() });
    for (const { call, appended } of growth) {
      const length = call.arguments.length;
      const entry = pending.calls.get(call);
      const shown = shownPart(appended, length);
      if (entry) {
        entry.shown += shown;
        entry.length = length;
      } else {
        pending.calls.set(call, { shown, length });
      }
    }
    this.schedule();
  }

  protected emit(pending: Pending): void {
    const calls = pending.turn.toolCalls ?? [];
    // A call the turn no longer has was replaced by its finished record, which the webview gets whole.
    const progress = [...pending.calls]
      .map(([call, { shown, length }]): ToolCallProgress => ({
        position: calls.indexOf(call),
        id: call.id,
        name: call.name,
        argumentsAppended: shown,
        argumentsLength: length,
      }))
      .filter((p) => p.position >= 0);
    if (progress.length) this.post(pending.conversationId, pending.turn.id, progress);
  }
}

/** The part of `appended` (which made the arguments `length` long) that falls within what a card shows. */
function shownPart(appended: string, length: number): string {
  const start = length - appended.length;
  return start >= SHOWN_ARGUMENT_CHARS ? '' : appended.slice(0, SHOWN_ARGUMENT_CHARS - start);
}
