/**
 * The tool calls of an answer while it streams: each call is on the turn
 * (status `streaming`) from its first fragment, its name as soon as it
 * arrives and its arguments growing, so its card can show at once. The
 * calls keep the stream assembler's order (by index), the order of the
 * finished message's calls too. Each call has an id of the extension's own
 * from its first fragment on, whatever id the server gives it (or gives
 * another call as well): the card, its approval and the finished record
 * all refer to that one.
 */
import { newId, type AssistantTurn, type ToolCallRecord } from './conversation';
import type { ToolCallFragment } from './streamAssembler';

/** What one batch of chunks added to one call. */
export interface ToolCallGrowth {
  /** The call as it stands (on the turn). */
  call: ToolCallRecord;
  /** The text the batch appended to its arguments ('' if only its id or name came). */
  appended: string;
}

export class LiveToolCalls {
  private readonly calls: ToolCallRecord[] = [];
  private readonly indexes: number[] = [];
  private latestIndex: number | undefined;

  constructor(private readonly turn: AssistantTurn) {}

  /** Applies a batch's fragments; one growth per call they touched, in the calls' order. */
  apply(fragments: readonly ToolCallFragment[]): ToolCallGrowth[] {
    const appended = new Map<ToolCallRecord, string>();
    for (const fragment of fragments) {
      const call = this.callAt(fragment.index);
      // Checked: a broken server's id may be a number, and the turn is saved.
      if (typeof fragment.id === 'string' && fragment.id) call.wireId = fragment.id;
      if (fragment.name) call.name = fragment.name;
      call.arguments += fragment.arguments;
      appended.set(call, (appended.get(call) ?? '') + fragment.arguments);
      this.latestIndex = fragment.index;
    }
    return this.calls.filter((call) => appended.has(call)).map((call) => ({ call, appended: appended.get(call)! }));
  }

  /** The extension's id of the call at this position (the finished message lists the calls in the same order). */
  idAt(position: number): string | undefined {
    return this.calls[position]?.id;
  }

  /** The position (among the calls) of the call the last fragment went to: the one whose arguments were arriving when the stream broke. */
  receivingPosition(): number | undefined {
    return this.latestIndex === undefined ? undefined : this.indexes.indexOf(this.latestIndex);
  }

  private callAt(index: number): ToolCallRecord {
    const at = this.indexes.indexOf(index);
    if (at >= 0) return this.calls[at]!;
    const call: ToolCallRecord = { id: newId(), name: '', arguments: '', status: 'streaming' };
    const position = this.indexes.filter((i) => i < index).length;
    this.indexes.splice(position, 0, index);
    this.calls.splice(position, 0, call);
    this.turn.toolCalls = this.calls;
    return call;
  }
}
