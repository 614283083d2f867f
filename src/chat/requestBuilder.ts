/** Turns a conversation's history, parameters and attached context into a chat request. */
import { isGatewayError } from '../gateway/errors';
import type { ChatMessage, ChatRequest, ToolChoice, ToolDefinition } from '../gateway/types/chat';
import { validateChatRequest } from '../gateway/validation';
import { requestFields } from './chatParams';
import { chipLabel, type Conversation, type ContextChip, type ToolCallRecord, type Turn } from './conversation';

export interface RequestOptions {
  /** The `user` field, from the genaiGateway.chat.user setting; omitted when empty. */
  user?: string;
  /** The functions offered to the model; none: no `tools` and no `tool_choice`. */
  tools?: readonly ToolDefinition[];
  /** The request answers tool results within the same response. */
  afterToolResults?: boolean;
}

/** The `tool` message of a call that has no result (it never ran). */
export const NO_RESULT = 'The call did not run.';

/** Sent after an answer cut by max_tokens, to have the model go on. */
export const CONTINUE_PROMPT = 'Continue exactly where your previous answer stopped, without repeating anything.';

export function buildChatRequest(
  conversation: Pick<Conversation, 'model' | 'params' | 'toolChoice'>,
  history: readonly Turn[],
  options: RequestOptions = {},
): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = conversation.params.systemPrompt.trim();
  if (system) messages.push({ role: 'system', content: system });
  for (const turn of history) messages.push(...toMessages(turn));
  const tools = options.tools?.length ? [...options.tools] : undefined;
  return {
    model: conversation.model,
    messages,
    ...requestFields(conversation.params),
    ...(options.user ? { user: options.user } : {}),
    ...(tools ? { tools, tool_choice: toolChoiceFor(conversation.toolChoice, tools, options.afterToolResults ?? false) } : {}),
  };
}

/**
 * A forced call (`required`, or a named function) is asked for only in the
 * first request of an answer: forced again after its results, the model
 * could never answer. A forced function no longer offered falls back to `auto`.
 */
function toolChoiceFor(choice: ToolChoice | undefined, tools: readonly ToolDefinition[], afterToolResults: boolean): ToolChoice {
  if (choice === undefined || choice === 'auto' || choice === 'none') return choice ?? 'auto';
  if (afterToolResults) return 'auto';
  return choice === 'required' || tools.some((t) => t.function.name === choice.function.name) ? choice : 'auto';
}

/** An answer's reasoning and refusal stay out: only what the model answered goes back. */
function toMessages(turn: Turn): ChatMessage[] {
  if (turn.kind === 'user') return [{ role: 'user', content: userContent(turn.text, turn.context) }];
  if (turn.toolCalls?.length) return toolCallMessages(turn.text, turn.toolCalls);
  // A failed request left nothing the model said; a stopped or cut answer is kept as far as it went.
  return turn.text === '' ? [] : [{ role: 'assistant', content: turn.text }];
}

/** The assistant message with its calls, then one `tool` message per call with its result. */
function toolCallMessages(text: string, calls: readonly ToolCallRecord[]): ChatMessage[] {
  return [
    {
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    },
    ...calls.map((call): ChatMessage => ({ role: 'tool', tool_call_id: call.id, name: call.name, content: call.result ?? NO_RESULT })),
  ];
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
export function settingsProblem(conversation: Pick<Conversation, 'model' | 'params' | 'toolChoice'>, options: RequestOptions = {}): string | undefined {
  try {
    validateChatRequest(buildChatRequest(conversation, [{ kind: 'user', id: '', text: '?', context: [], createdAt: 0 }], options));
    return undefined;
  } catch (error) {
    if (isGatewayError(error)) return error.message;
    throw error;
  }
}
