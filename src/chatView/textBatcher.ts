/**
 * Folds streamed text into one message per turn, part (answer, reasoning,
 * refusal) and interval, so a fast stream costs the webview a few messages
 * per second, not one per token.
 */
import type { AnswerPart } from '../chat/conversation';

interface Pending {
  conversationId: string;
  turnId: string;
  part: AnswerPart;
  text: string;
}

export class TextBatcher {
  private pending: Pending | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly post: (conversationId: string, turnId: string, text: string, part: AnswerPart) => void,
    private readonly intervalMs = 30,
  ) {}

  append(conversationId: string, turnId: string, text: string, part: AnswerPart = 'answer'): void {
    const pending = this.pending;
    if (pending && (pending.turnId !== turnId || pending.conversationId !== conversationId || pending.part !== part)) this.flush();
    if (this.pending) this.pending.text += text;
    else this.pending = { conversationId, turnId, part, text };
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Posts what is pending now: called before any other message, so the order stays right. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.post(pending.conversationId, pending.turnId, pending.text, pending.part);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
