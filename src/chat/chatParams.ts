/** Per-conversation request parameters, as the user set them. Unset numbers are left to the gateway. */
import type { ChatRequest } from '../gateway/types/chat';
import { list, num, record, str } from './jsonFields';

export interface ChatParams {
  systemPrompt: string;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  /** Up to 4 stop sequences; empty entries are ignored. */
  stop: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
}

export const DEFAULT_PARAMS: ChatParams = { systemPrompt: '', stop: [] };

/** The numeric parameters, in the order the parameters form shows them. */
export const NUMERIC_PARAMS = ['temperature', 'topP', 'maxTokens', 'presencePenalty', 'frequencyPenalty'] as const;
export type NumericParam = (typeof NUMERIC_PARAMS)[number];

/** The request fields the parameters set; the gateway's validator judges the values. */
export function requestFields(params: ChatParams): Partial<ChatRequest> {
  const stop = params.stop.filter((s) => s !== '');
  return {
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.topP !== undefined ? { top_p: params.topP } : {}),
    ...(params.maxTokens !== undefined ? { max_tokens: params.maxTokens } : {}),
    ...(stop.length ? { stop } : {}),
    ...(params.presencePenalty !== undefined ? { presence_penalty: params.presencePenalty } : {}),
    ...(params.frequencyPenalty !== undefined ? { frequency_penalty: params.frequencyPenalty } : {}),
  };
}

/** Reads parameters from untrusted JSON (a stored file, a webview message); throws naming the bad field. */
export function readChatParams(value: unknown): ChatParams {
  const p = record(value, 'params');
  const out: ChatParams = { systemPrompt: str(p.systemPrompt, 'params.systemPrompt'), stop: list(p.stop, 'params.stop').map((s) => str(s, 'params.stop')) };
  for (const key of NUMERIC_PARAMS) {
    if (p[key] !== undefined) out[key] = num(p[key], `params.${key}`);
  }
  return out;
}
