/** Reads a streamed answer into an assistant turn. */
import type { ChatChunk, ChatUsage } from '../gateway/types/chat';
import type { AssistantTurn } from './conversation';
import { ChatStreamAssembler } from './streamAssembler';

/**
 * Appends the content of each batch of chunks (those one network read
 * brought) to the turn as it arrives (so a broken stream leaves what came),
 * then records the finish reason and the usage, added to what the turn had:
 * a continued answer costs both requests.
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
  if (message.finishReason) turn.finishReason = message.finishReason;
  if (message.usage) turn.usage = addUsage(turn.usage, message.usage);
}

function addUsage(before: ChatUsage | undefined, more: ChatUsage): ChatUsage {
  if (!before) return more;
  return {
    prompt_tokens: before.prompt_tokens + more.prompt_tokens,
    completion_tokens: before.completion_tokens + more.completion_tokens,
    total_tokens: before.total_tokens + more.total_tokens,
  };
}
