/** Reads a model's answer (streamed, or whole) into an assistant turn. */
import type { ChatChunk, ChatCompletion, ChatUsage, FinishReason, ToolCall } from '../gateway/types/chat';
import { newId, type AnswerPart, type AssistantTurn, type ToolCallRecord } from './conversation';
import { wholeContentOf } from './contentParts';
import { LiveToolCalls, type ToolCallGrowth } from './liveToolCalls';
import { ReasoningRecorder } from './reasoningRecorder';
import { argumentsText, ChatStreamAssembler, reasoningOf, type ToolCallFragment } from './streamAssembler';
import { BROKEN_OFF_RESULT } from './toolLoop';
import { UnopenedReasoning } from './unopenedReasoning';

export interface AnswerListener {
  /** Text arrived for the answer, its reasoning or its refusal (already on the turn). */
  appended(part: AnswerPart, text: string): void;
  /** The reasoning ended (its duration is on the turn), or the answer so far turned out to be reasoning (moved there). */
  reasoningEnded(): void;
  /** Tool calls began or their arguments grew (already on the turn, status `streaming`). */
  toolCallsGrew(growth: readonly ToolCallGrowth[]): void;
  /** A request reported its token usage (also added to the turn's). */
  usageReported(usage: ChatUsage): void;
}

/**
 * Appends the text, reasoning, refusal and tool calls of each batch of
 * chunks (those one network read brought) to the turn as they arrive (so a
 * broken stream leaves what came), then records the finished tool calls,
 * the finish reason and the usage, added to what the turn had: a continued
 * answer costs both requests. A stream that fails still records what it
 * brought of those before the error is thrown, for the user to see: its
 * tool calls do not run, and the call whose arguments were arriving when it
 * broke is marked `incomplete`.
 */
export async function readAnswerInto(
  turn: AssistantTurn,
  batches: AsyncIterable<readonly ChatChunk[]>,
  listener: AnswerListener,
  now: () => number,
): Promise<void> {
  const assembler = new ChatStreamAssembler();
  const reasoning = new ReasoningRecorder(turn, now);
  const liveCalls = new LiveToolCalls(turn);
  const unopened = new UnopenedReasoning(turn, now);
  const endReasoning = (): void => {
    if (reasoning.end()) listener.reasoningEnded();
  };
  let ended = false;
  try {
    for await (const batch of batches) {
      let text = '';
      let thought = '';
      let refusal = '';
      const fragments: ToolCallFragment[] = [];
      for (const chunk of batch) {
        const delta = assembler.add(chunk);
        text += delta.text;
        thought += delta.reasoning;
        refusal += delta.refusal;
        fragments.push(...delta.toolCalls);
      }
      if (thought) {
        unopened.stop();
        listener.appended('reasoning', reasoning.append(thought));
      }
      if (text || refusal || fragments.length) endReasoning();
      if (refusal) appendRefusal(turn, refusal, listener);
      if (text) appendText(turn, text, listener, unopened);
      if (fragments.length) listener.toolCallsGrew(liveCalls.apply(fragments));
    }
    ended = true;
  } finally {
    endReasoning();
    const message = assembler.result();
    const cutShort = !ended && message.finishReason === null ? liveCalls.receivingPosition() : undefined;
    recordEnd(turn, message.toolCalls, message.finishReason, message.usage, listener, { cutShort, idAt: (position) => liveCalls.idAt(position) });
  }
}

/** The same for a non-streamed completion (models that cannot stream tool calls). */
export function readCompletionInto(turn: AssistantTurn, completion: ChatCompletion, listener: AnswerListener, now: () => number): void {
  const choice = completion.choices.find((c) => (c.index ?? 0) === 0) ?? completion.choices[0];
  const message = choice?.message;
  const content = wholeContentOf(message?.content);
  const thought = (message ? reasoningOf(message) : '') + content.reasoning;
  const unopened = new UnopenedReasoning(turn);
  if (thought) {
    unopened.stop();
    listener.appended('reasoning', new ReasoningRecorder(turn, now).append(thought));
  }
  if (message?.refusal) appendRefusal(turn, message.refusal, listener);
  if (content.text) appendText(turn, content.text, listener, unopened);
  recordEnd(turn, message?.tool_calls ?? [], choice?.finish_reason ?? null, completion.usage, listener, {});
}

/** Appends to the answer; when that showed the text so far to be reasoning (UnopenedReasoning), the turn changed whole. */
function appendText(turn: AssistantTurn, text: string, listener: AnswerListener, unopened: UnopenedReasoning): void {
  turn.text += text;
  listener.appended('answer', text);
  if (unopened.moveIfClosed(text)) listener.reasoningEnded();
}

function appendRefusal(turn: AssistantTurn, text: string, listener: AnswerListener): void {
  turn.refusal = (turn.refusal ?? '') + text;
  listener.appended('refusal', text);
}

interface EndOfCalls {
  /** The position of the call whose arguments the stream broke off in. */
  cutShort?: number;
  /** The id the call at a position had while it streamed, kept by its finished record. */
  idAt?(position: number): string | undefined;
}

function recordEnd(
  turn: AssistantTurn,
  toolCalls: readonly ToolCall[],
  finishReason: FinishReason | null,
  usage: unknown,
  listener: AnswerListener,
  { cutShort, idAt }: EndOfCalls,
): void {
  if (toolCalls.length) {
    turn.toolCalls = toolCalls.map((call, position) => {
      const finished = record(call, idAt?.(position) ?? newId());
      return position === cutShort ? { ...finished, status: 'incomplete', result: BROKEN_OFF_RESULT } : finished;
    });
  }
  // Kept as text only: the turn is saved, and must read back whatever the server sent.
  if (typeof finishReason === 'string' && finishReason) turn.finishReason = finishReason;
  const counted = usageOf(usage);
  if (counted) {
    turn.usage = addUsage(turn.usage, counted);
    listener.usageReported(counted);
  }
}

/** The call as the turn keeps it: a name and arguments that are not text (a server's mistake) become text, so the saved turn reads back. */
function record(call: ToolCall, id: string): ToolCallRecord {
  const { id: wireId, function: fn } = call;
  const out: ToolCallRecord = { id, name: typeof fn?.name === 'string' ? fn.name : '', arguments: argumentsText(fn?.arguments), status: 'pending' };
  if (typeof wireId === 'string' && wireId) out.wireId = wireId;
  return out;
}

/**
 * The usage a server sent, made whole: a count that is not a number is 0,
 * a missing total the sum. What the turn keeps is saved with the
 * conversation, which must read back (a turn whose usage lacked its total
 * made the whole conversation unreadable).
 */
function usageOf(value: unknown): ChatUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { prompt_tokens, completion_tokens, total_tokens } = value as Record<string, unknown>;
  const prompt = tokenCount(prompt_tokens) ?? 0;
  const completion = tokenCount(completion_tokens) ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: tokenCount(total_tokens) ?? prompt + completion };
}

function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function addUsage(before: ChatUsage | undefined, more: ChatUsage): ChatUsage {
  if (!before) return more;
  return {
    prompt_tokens: before.prompt_tokens + more.prompt_tokens,
    completion_tokens: before.completion_tokens + more.completion_tokens,
    total_tokens: before.total_tokens + more.total_tokens,
  };
}
