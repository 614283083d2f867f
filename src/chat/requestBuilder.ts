/** Turns a conversation's history, parameters and attached context into a chat request. */
import { isGatewayError } from '../gateway/errors';
import type { ChatMessage, ChatRequest } from '../gateway/types/chat';
import { validateChatRequest } from '../gateway/validation';
import { requestFields } from './chatParams';
import { chipLabel, type Conversation, type ContextChip, type Turn } from './conversation';

export interface RequestOptions {
  /** The `user` field, from the genaiGateway.chat.user setting; omitted when empty. */
  user?: string;
}

/** Sent after an answer cut by max_tokens, to have the model go on. */
export const CONTINUE_PROMPT = 'Continue exactly where your previous answer stopped, without repeating anything.';

export function buildChatRequest(
  conversation: Pick<Conversation, 'model' | 'params'>,
  history: readonly Turn[],
  options: RequestOptions = {},
): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = conversation.params.systemPrompt.trim();
  if (system) messages.push({ role: 'system', content: system });
  for (const turn of history) {
    const message = toMessage(turn);
    if (message) messages.push(message);
  }
  return {
    model: conversation.model,
    messages,
    ...requestFields(conversation.params),
    ...(options.user ? { user: options.user } : {}),
  };
}

function toMessage(turn: Turn): ChatMessage | undefined {
  if (turn.kind === 'user') return { role: 'user', content: userContent(turn.text, turn.context) };
  // A failed request left nothing the model said; a stopped or cut answer is kept as far as it went.
  return turn.text === '' ? undefined : { role: 'assistant', content: turn.text };
}

/** The attached excerpts as fenced blocks, then the question. */
export function userContent(text: string, context: readonly ContextChip[]): string {
  if (context.length === 0) return text;
  const excerpts = context.map((chip) => `${chipLabel(chip)}\n${fenced(chip.text, chip.languageId)}`);
  return [...excerpts, text].filter((part) => part !== '').join('\n\n');
}

/** A fence longer than any backtick run inside the text, so the excerpt cannot close it early. */
export function fenced(text: string, language = ''): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/**
 * What the gateway's validator says of the conversation's model and
 * parameters (with a stand-in question), or undefined when they are valid.
 */
export function settingsProblem(conversation: Pick<Conversation, 'model' | 'params'>, options: RequestOptions = {}): string | undefined {
  try {
    validateChatRequest(buildChatRequest(conversation, [{ kind: 'user', id: '', text: '?', context: [], createdAt: 0 }], options));
    return undefined;
  } catch (error) {
    if (isGatewayError(error)) return error.message;
    throw error;
  }
}
