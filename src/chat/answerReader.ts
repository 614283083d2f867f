/** Reads a model's answer (streamed, or whole) into an assistant turn. */
import type { ChatChunk, ChatCompletion, ChatUsage, FinishReason, ToolCall } from '../gateway/types/chat';
import type { AssistantTurn } from './conversation';
import { ChatStreamAssembler } from './streamAssembler';

/**
 * Appends the content of each batch of chunks (those one network read
 * brought) to the turn as it arrives (so a broken stream leaves what came),
 * then records the tool calls, the finish reason and the usage, added to
 * what the turn had: a continued answer costs both requests.
 */
export async function readAnswerInto(turn: AssistantTurn, batches: AsyncIterable<readonly ChatChunk[]>, onText: (text: string) => void): Promise<void> {
  const assembler = new ChatStreamAssembler();
  for await (const batch of batches) {
    let text = '';
    for (const chunk of batch) text += assembler.add(chunk).text;
    if (text) {
      turn.text += text;
      onText(text);
    }
  }
  const message = assembler.result();
  recordEnd(turn, message.toolCalls, message.finishReason, message.usage);
}

/** The same for a non-streamed completion (models that cannot stream tool calls). */
export function readCompletionInto(turn: AssistantTurn, completion: ChatCompletion, onText: (text: string) => void): void {
  const choice = completion.choices.find((c) => c.index === 0) ?? completion.choices[0];
  const text = choice?.message.content ?? '';
  if (text) {
    turn.text += text;
    onText(text);
  }
  recordEnd(turn, choice?.message.tool_calls ?? [], choice?.finish_reason ?? null, completion.usage);
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
