/**
 * Folds streamed text into one message per turn and interval, so a fast
 * stream costs the webview a few messages per second, not one per token.
 */
export class TextBatcher {
  private pending: { conversationId: string; turnId: string; text: string } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly post: (conversationId: string, turnId: string, text: string) => void,
    private readonly intervalMs = 30,
  ) {}

  append(conversationId: string, turnId: string, text: string): void {
    if (this.pending && (this.pending.turnId !== turnId || this.pending.conversationId !== conversationId)) this.flush();
    if (this.pending) this.pending.text += text;
    else this.pending = { conversationId, turnId, text };
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Posts what is pending now: called before any other message, so the order stays right. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.post(pending.conversationId, pending.turnId, pending.text);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
