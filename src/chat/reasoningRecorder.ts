/** Puts the reasoning of one model request on its turn, timed. */
import type { AssistantTurn } from './conversation';

/**
 * Appends reasoning to the turn and times it from its first piece to the
 * first piece of the answer (or the end of the stream). A continued answer's
 * new reasoning follows the earlier one after a blank line, and its time is
 * added to the earlier time.
 */
export class ReasoningRecorder {
  private startedAt: number | undefined;
  private earlierMs = 0;
  private ended = false;

  constructor(
    private readonly turn: AssistantTurn,
    private readonly now: () => number,
  ) {}

  /** Returns the text as appended (after a separator, for a continued answer). */
  append(text: string): string {
    const reasoning = this.turn.reasoning;
    if (this.startedAt === undefined) {
      this.startedAt = this.now();
      if (reasoning) {
        this.earlierMs = reasoning.durationMs ?? 0;
        delete reasoning.durationMs;
        text = `\n\n${text}`;
      }
    }
    if (reasoning) reasoning.text += text;
    else this.turn.reasoning = { text };
    return text;
  }

  /** The answer began or the stream ended; true when this ended the reasoning (its duration is now on the turn). */
  end(): boolean {
    if (this.startedAt === undefined || this.ended || !this.turn.reasoning) return false;
    this.ended = true;
    this.turn.reasoning.durationMs = this.earlierMs + this.now() - this.startedAt;
    return true;
  }
}
