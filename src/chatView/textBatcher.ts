/**
 * Folds streamed text into one message per turn, part (answer, reasoning,
 * refusal) and interval, so a fast stream costs the webview a few messages
 * per second, not one per token.
 */
import type { AnswerPart } from '../chat/conversation';
import { IntervalBatch } from './intervalBatch';

interface Pending {
  conversationId: string;
  turnId: string;
  part: AnswerPart;
  text: string;
}

/**
 * One message per this interval at most: each message costs the page its
 * delivery and handling, whatever its length (bench #2: 30 ms cost the
 * page about a third more than 50 ms; 80 ms gained nothing more).
 */
export const TEXT_BATCH_INTERVAL_MS = 50;

export class TextBatcher extends IntervalBatch<Pending> {
  constructor(
    private readonly post: (conversationId: string, turnId: string, text: string, part: AnswerPart) => void,
    intervalMs = TEXT_BATCH_INTERVAL_MS,
  ) {
    super(intervalMs);
  }

  append(conversationId: string, turnId: string, text: string, part: AnswerPart = 'answer'): void {
    const pending = this.pending;
    if (pending && (pending.turnId !== turnId || pending.conversationId !== conversationId || pending.part !== part)) this.flush();
    if (this.pending) this.pending.text += text;
    else this.pending = { conversationId, turnId, part, text };
    this.schedule();
  }

  protected emit(pending: Pending): void {
    this.post(pending.conversationId, pending.turnId, pending.text, pending.part);
  }
}
