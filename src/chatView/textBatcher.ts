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

export class TextBatcher extends IntervalBatch<Pending> {
  constructor(
    private readonly post: (conversationId: string, turnId: string, text: string, part: AnswerPart) => void,
    intervalMs = 30,
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
