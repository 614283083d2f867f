/**
 * Reasoning whose opening tag the model never writes: DeepSeek-R1's chat
 * template puts `<think>\n` at the end of the prompt itself, so a server
 * without a reasoning parser (vLLM without `--reasoning-parser`, llama.cpp
 * with `reasoning_format: none`) streams the reasoning as answer text, then
 * `</think>`, then the answer (vllm-project/vllm#12999,
 * deepseek-ai/DeepSeek-R1#352). When a `</think>` on a line of its own
 * comes before any `<think>` in one request's answer, outside code blocks,
 * and no reasoning came apart, the text before it was reasoning: it moves to
 * the turn's reasoning. Any other `</think>` (`text.split('</think>')` in
 * an answer about parsing) is left in the answer. Pure.
 */
import type { AssistantTurn } from './conversation';

const OPENING = '<think>';
const CLOSING = '</think>';

export class UnopenedReasoning {
  /** Where this request's text begins in the turn's (a continued answer follows the earlier one). */
  private readonly start: number;
  /** The end of the text searched so far, where a tag split across pieces may begin. */
  private tail = '';
  private settled = false;
  private startedAt: number | undefined;

  constructor(
    private readonly turn: AssistantTurn,
    private readonly now?: () => number,
  ) {
    this.start = turn.text.length;
  }

  /** Reasoning came apart (a field or tags): the answer is an answer. */
  stop(): void {
    this.settled = true;
  }

  /**
   * After `piece` was appended to the turn's text: true when the text so far
   * turned out to be reasoning and moved to the turn's reasoning. Only the
   * piece is searched, never the whole answer (which may be megabytes).
   */
  moveIfClosed(piece: string): boolean {
    if (this.settled) return false;
    this.startedAt ??= this.now?.();
    const searched = this.tail + piece;
    const close = searched.indexOf(CLOSING);
    const open = searched.indexOf(OPENING);
    this.tail = searched.slice(-(CLOSING.length - 1));
    if (open >= 0 && (close < 0 || open < close)) this.settled = true;
    if (this.settled || close < 0) return false;
    this.settled = true;
    const text = this.turn.text;
    const at = text.length - searched.length + close;
    if (!closesReasoning(text, this.start, at)) return false;
    const reasoning = text.slice(this.start, at).trim();
    this.turn.text = text.slice(0, this.start) + text.slice(at + CLOSING.length).trimStart();
    if (!reasoning) return true;
    const earlier = this.turn.reasoning;
    const durationMs = this.startedAt === undefined ? undefined : (earlier?.durationMs ?? 0) + this.now!() - this.startedAt;
    this.turn.reasoning = { text: earlier ? `${earlier.text}\n\n${reasoning}` : reasoning, ...(durationMs !== undefined && { durationMs }) };
    return true;
  }
}

/** The tag at `at` begins its line and is not inside a fenced code block (DeepSeek-R1 writes `\n</think>\n\n`). */
function closesReasoning(text: string, start: number, at: number): boolean {
  const lineStart = Math.max(start, text.lastIndexOf('\n', at - 1) + 1);
  if (text.slice(lineStart, at).trim() !== '') return false;
  const fences = text.slice(start, at).split('```').length - 1;
  return fences % 2 === 0;
}
