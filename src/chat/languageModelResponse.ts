/** A streamed gateway chat completion as the parts of VS Code's language model response. */
import { UniqueWireIds } from './uniqueWireIds';
import { t } from '../l10n/localize';
import { GatewayError } from '../gateway/errors';
import type { ChatChunk, ToolCall } from '../gateway/types/chat';
import { ChatStreamAssembler } from './streamAssembler';

export type LanguageModelResponsePart =
  { kind: 'text'; text: string } | { kind: 'thinking'; text: string } | { kind: 'toolCall'; callId: string; name: string; input: object };

/**
 * The reasoning, then the text of each batch of chunks (those one network
 * read brought) as it arrives, a refusal being the text; each tool call
 * once the stream has ended, because its arguments come in pieces and VS
 * Code takes them as one parsed object.
 */
export async function* languageModelResponseParts(batches: AsyncIterable<readonly ChatChunk[]>): AsyncGenerator<LanguageModelResponsePart> {
  const assembler = new ChatStreamAssembler();
  for await (const batch of batches) {
    let thinking = '';
    let text = '';
    for (const chunk of batch) {
      const delta = assembler.add(chunk);
      thinking += delta.reasoning;
      text += delta.refusal + delta.text;
    }
    if (thinking) yield { kind: 'thinking', text: thinking };
    if (text) yield { kind: 'text', text };
  }
  const callIds = new UniqueWireIds();
  for (const call of assembler.result().toolCalls) {
    // VS Code sends each result back by its call's id: two calls must not share one.
    yield { kind: 'toolCall', callId: callIds.claim(call.id), name: call.function.name, input: parseArguments(call) };
  }
}

function parseArguments(call: ToolCall): object {
  const raw = call.function.arguments.trim();
  if (raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const shown = raw.length > 200 ? `${raw.slice(0, 197)}...` : raw;
    throw new GatewayError({
      kind: 'stream',
      code: 'invalid_tool_arguments',
      message: t('The model called the tool "{0}" with arguments that are not a JSON object: {1}', call.function.name, shown),
    });
  }
  return value;
}
