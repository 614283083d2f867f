/**
 * The answer and reasoning in a message's or delta's `content`: a string, or
 * (Mistral's Magistral) a list of parts where `{type:'thinking', thinking:
 * [{type:'text', text}]}` is reasoning and `{type:'text', text}` is answer.
 * Parts of other types are skipped: the response is untrusted input.
 */

import { InlineReasoningSplitter, type SplitText } from './inlineReasoning';

export function contentOf(content: unknown): SplitText {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  const split: SplitText = { text: '', reasoning: '' };
  if (!Array.isArray(content)) return split;
  for (const part of content as unknown[]) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') split.text += part.text;
    else if (part.type === 'thinking') split.reasoning += thinkingText(part.thinking);
  }
  return split;
}

function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  let text = '';
  for (const piece of thinking as unknown[]) if (isRecord(piece) && typeof piece.text === 'string') text += piece.text;
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The answer and reasoning of a whole (non-streamed) message's content, inline reasoning tags included. */
export function wholeContentOf(content: unknown): SplitText {
  const parts = contentOf(content);
  const splitter = new InlineReasoningSplitter();
  const first = splitter.push(parts.text);
  const last = splitter.end();
  return { text: first.text + last.text, reasoning: parts.reasoning + first.reasoning + last.reasoning };
}
