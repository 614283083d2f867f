/** The tokens a conversation has cost, and how much of the model's context it filled at its latest answer. */
import type { ChatUsage } from '../gateway/types/chat';
import { num, record } from './jsonFields';

export interface ConversationUsage {
  /** Summed over every request of the conversation, also of answers since regenerated or edited away: what it cost. */
  promptTokens: number;
  completionTokens: number;
  requests: number;
  /** The latest request's prompt and answer: what the next request sends back, at least. */
  contextTokens: number;
}

/** The usage with one more request's. */
export function addRequestUsage(before: ConversationUsage | undefined, usage: ChatUsage): ConversationUsage {
  const prompt = tokens(usage.prompt_tokens);
  const completion = tokens(usage.completion_tokens);
  return {
    promptTokens: (before?.promptTokens ?? 0) + prompt,
    completionTokens: (before?.completionTokens ?? 0) + completion,
    requests: (before?.requests ?? 0) + 1,
    contextTokens: prompt + completion,
  };
}

/** The stored form read back; throws naming the field. */
export function readConversationUsage(value: unknown): ConversationUsage {
  const u = record(value, 'usage');
  return {
    promptTokens: num(u.promptTokens, 'usage.promptTokens'),
    completionTokens: num(u.completionTokens, 'usage.completionTokens'),
    requests: num(u.requests, 'usage.requests'),
    contextTokens: num(u.contextTokens, 'usage.contextTokens'),
  };
}

/** "950", "12.3k", "128k", "1.05M": short enough for the composer's gauge. */
export function shortTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return `${trim((n / 1000).toFixed(n < 100_000 ? 1 : 0))}k`;
  return `${trim((n / 1_000_000).toFixed(2))}M`;
}

/** A gateway that sends a count that is not a number of tokens (null, negative) counts as none. */
function tokens(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
}

function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
