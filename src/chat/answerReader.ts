/** Reads a model's answer (streamed, or whole) into an assistant turn. */
import type { ChatChunk, ChatCompletion, ChatUsage, FinishReason, ToolCall } from '../gateway/types/chat';
import type { AnswerPart, AssistantTurn } from './conversation';
import { wholeContentOf } from './contentParts';
import { ReasoningRecorder } from './reasoningRecorder';
import { ChatStreamAssembler, reasoningOf } from './streamAssembler';

export interface AnswerListener {
  /** Text arrived for the answer, its reasoning or its refusal (already on the turn). */
  appended(part: AnswerPart, text: string): void;
  /** The reasoning ended: its duration is on the turn. */
  reasoningEnded(): void;
}

/**
 * Appends the text, reasoning and refusal of each batch of chunks (those one
 * network read brought) to the turn as they arrive (so a broken stream
 * leaves what came), then records the tool calls, the finish reason and the
 * usage, added to what the turn had: a continued answer costs both
 * requests. A stream that fails still records what it brought of those
 * before the error is thrown, for the user to see: its tool calls do not run.
 */
export async function readAnswerInto(
  turn: AssistantTurn,
  batches: AsyncIterable<readonly ChatChunk[]>,
  listener: AnswerListener,
  now: () => number,
): Promise<void> {
  const assembler = new ChatStreamAssembler();
  const reasoning = new ReasoningRecorder(turn, now);
  const endReasoning = (): void => {
    if (reasoning.end()) listener.reasoningEnded();
  };
  try {
    for await (const batch of batches) {
      let text = '';
      let thought = '';
      let refusal = '';
      let calledTools = false;
      for (const chunk of batch) {
        const delta = assembler.add(chunk);
        text += delta.text;
        thought += delta.reasoning;
        refusal += delta.refusal;
        calledTools ||= delta.toolCalls.length > 0;
      }
      if (thought) listener.appended('reasoning', reasoning.append(thought));
      if (text || refusal || calledTools) endReasoning();
      if (refusal) appendRefusal(turn, refusal, listener);
      if (text) appendText(turn, text, listener);
    }
  } finally {
    endReasoning();
    const message = assembler.result();
    recordEnd(turn, message.toolCalls, message.finishReason, message.usage);
  }
}

/** The same for a non-streamed completion (models that cannot stream tool calls). */
export function readCompletionInto(turn: AssistantTurn, completion: ChatCompletion, listener: AnswerListener, now: () => number): void {
  const choice = completion.choices.find((c) => (c.index ?? 0) === 0) ?? completion.choices[0];
  const message = choice?.message;
  const content = wholeContentOf(message?.content);
  const thought = (message ? reasoningOf(message) : '') + content.reasoning;
  if (thought) listener.appended('reasoning', new ReasoningRecorder(turn, now).append(thought));
  if (message?.refusal) appendRefusal(turn, message.refusal, listener);
  if (content.text) appendText(turn, content.text, listener);
  recordEnd(turn, message?.tool_calls ?? [], choice?.finish_reason ?? null, completion.usage);
}

function appendText(turn: AssistantTurn, text: string, listener: AnswerListener): void {
  turn.text += text;
  listener.appended('answer', text);
}

function appendRefusal(turn: AssistantTurn, text: string, listener: AnswerListener): void {
  turn.refusal = (turn.refusal ?? '') + text;
  listener.appended('refusal', text);
}

function recordEnd(turn: AssistantTurn, toolCalls: readonly ToolCall[], finishReason: FinishReason | null, usage: ChatUsage | undefined): void {
  if (toolCalls.length) {
    turn.toolCalls = toolCalls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'pending' }));
  }
  if (finishReason) turn.finishReason = finishReason;
  if (usage) turn.usage = addUsage(turn.usage, usage);
}

function addUsage(before: ChatUsage | undefined, more: ChatUsage): ChatUsage {
  if (!before) return more;
  return {
    prompt_tokens: before.prompt_tokens + more.prompt_tokens,
    completion_tokens: before.completion_tokens + more.completion_tokens,
    total_tokens: before.total_tokens + more.total_tokens,
  };
}
