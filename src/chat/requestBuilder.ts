/** Turns a conversation's history, parameters and attached context into a chat request. */
import { isGatewayError } from '../gateway/errors';
import type { ChatMessage, ChatRequest, ToolChoice, ToolDefinition } from '../gateway/types/chat';
import { validateChatRequest } from '../gateway/validation';
import { requestFields } from './chatParams';
import { attachmentBlock } from './attachedContext';
import { wireIdOf, type Conversation, type ContextChip, type ToolCallRecord, type Turn } from './conversation';
import { UniqueWireIds } from './uniqueWireIds';
import { instructionsPrompt, type WorkspaceInstruction } from './workspaceInstructions';

export interface RequestOptions {
  /** The `user` field, from the genaiGateway.chat.user setting; omitted when empty. */
  user?: string;
  /** The functions offered to the model; none: no `tools` and no `tool_choice`. */
  tools?: readonly ToolDefinition[];
  /** The request answers tool results within the same response. */
  afterToolResults?: boolean;
  /** The workspace's instruction files, appended to the system prompt. */
  instructions?: readonly WorkspaceInstruction[];
}

/** The `tool` message of a call that has no result (it never ran). */
/* model text */
export const NO_RESULT = 'The call did not run.';

/** Sent after an answer cut by max_tokens, to have the model go on. */
/* model text */
export const CONTINUE_PROMPT = 'Continue exactly where your previous answer stopped, without repeating anything.';

export function buildChatRequest(
  conversation: Pick<Conversation, 'model' | 'params' | 'toolChoice'>,
  history: readonly Turn[],
  options: RequestOptions = {},
): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = [conversation.params.systemPrompt.trim(), instructionsPrompt(options.instructions ?? [])].filter(Boolean).join('\n\n');
  if (system) messages.push({ role: 'system', content: system });
  const wireIds = new UniqueWireIds();
  for (const turn of history) messages.push(...toMessages(turn, wireIds));
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
function toMessages(turn: Turn, wireIds: UniqueWireIds): ChatMessage[] {
  if (turn.kind === 'user') return [{ role: 'user', content: userContent(turn.text, turn.context) }];
  if (turn.toolCalls?.length) return toolCallMessages(turn.text, turn.toolCalls, wireIds);
  // A failed request left nothing the model said; a stopped or cut answer is kept as far as it went.
  return turn.text === '' ? [] : [{ role: 'assistant', content: turn.text }];
}

/** The assistant message with its calls, then one `tool` message per call with its result, each call under a wire id no other call of the request has. */
function toolCallMessages(text: string, calls: readonly ToolCallRecord[], wireIds: UniqueWireIds): ChatMessage[] {
  const ids = calls.map((call) => wireIds.claim(wireIdOf(call)));
  return [
    {
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: calls.map((call, i) => ({ id: ids[i]!, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    },
    ...calls.map((call, i): ChatMessage => ({ role: 'tool', tool_call_id: ids[i]!, name: call.name, content: call.result ?? NO_RESULT })),
  ];
}

/** Each attachment as a delimited block, then the question. */
export function userContent(text: string, context: readonly ContextChip[]): string {
  return [...context.map(attachmentBlock), text].filter((part) => part !== '').join('\n\n');
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
