/**
 * A request of VS Code's language model API as a gateway chat request.
 * VS Code's message parts arrive here as plain data (see LanguageModelPart);
 * the `vscode` side only converts its classes to and from these shapes.
 */
import type { ChatMessage, ChatRequest, JsonSchemaObject, ToolCall, ToolChoice, ToolDefinition } from '../gateway/types/chat';

/** A part of a message, as VS Code's LanguageModelTextPart, LanguageModelToolCallPart and LanguageModelToolResultPart carry it. */
export type LanguageModelPart =
  { kind: 'text'; text: string } | { kind: 'toolCall'; callId: string; name: string; input: object } | { kind: 'toolResult'; callId: string; content: string };

export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  parts: readonly LanguageModelPart[];
}

/** A tool offered to the model (VS Code's LanguageModelChatTool). */
export interface LanguageModelToolSpec {
  name: string;
  description: string;
  inputSchema?: object;
}

export interface LanguageModelRequestInput {
  model: string;
  messages: readonly LanguageModelMessage[];
  tools: readonly LanguageModelToolSpec[];
  /** VS Code's LanguageModelChatToolMode.Required: the model must call a tool. */
  toolRequired: boolean;
  /** The caller's `modelOptions`; the sampling fields of the chat request are taken from it. */
  modelOptions?: Readonly<Record<string, unknown>>;
  /** The `user` field; omitted when empty. */
  user?: string;
}

export function buildLanguageModelRequest(input: LanguageModelRequestInput): ChatRequest {
  const toolChoice = toolChoiceFor(input.toolRequired, input.tools);
  return {
    model: input.model,
    messages: toChatMessages(input.messages),
    ...samplingFields(input.modelOptions ?? {}),
    ...(input.tools.length > 0 ? { tools: input.tools.map(toToolDefinition) } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(input.user ? { user: input.user } : {}),
  };
}

/**
 * Assistant tool calls become `tool_calls`; the tool results of the user
 * message that follows become one `tool` message each (named after their
 * call), before the rest of that message's text.
 */
export function toChatMessages(messages: readonly LanguageModelMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const toolNameOfCall = new Map<string, string>();
  for (const message of messages) {
    const text = textOf(message.parts);
    if (message.role === 'system') {
      if (text) out.push({ role: 'system', content: text });
    } else if (message.role === 'assistant') {
      const calls = message.parts.flatMap((part) => (part.kind === 'toolCall' ? [toToolCall(part)] : []));
      for (const call of calls) toolNameOfCall.set(call.id, call.function.name);
      if (calls.length > 0) out.push({ role: 'assistant', content: text || null, tool_calls: calls });
      else if (text) out.push({ role: 'assistant', content: text });
    } else {
      const unanswerable: string[] = [];
      for (const part of message.parts) {
        if (part.kind !== 'toolResult') continue;
        const name = toolNameOfCall.get(part.callId);
        // A result whose call is no longer in the history (VS Code may trim it) would be refused as a tool message.
        if (name) out.push({ role: 'tool', tool_call_id: part.callId, name, content: part.content });
        else unanswerable.push(orphanResult(part.callId, part.content));
      }
      const content = [...unanswerable, text].filter(Boolean).join('\n\n');
      if (content) out.push({ role: 'user', content });
    }
  }
  return out;
}

function textOf(parts: readonly LanguageModelPart[]): string {
  return parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
}

function toToolCall(part: Extract<LanguageModelPart, { kind: 'toolCall' }>): ToolCall {
  return { id: part.callId, type: 'function', function: { name: part.name, arguments: JSON.stringify(part.input) } };
}

export function toToolDefinition(tool: LanguageModelToolSpec): ToolDefinition {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: parametersOf(tool.inputSchema) } };
}

/** The gateway takes object schemas only; a tool without a schema takes no arguments. */
function parametersOf(schema: object | undefined): JsonSchemaObject {
  return schema === undefined ? { type: 'object', properties: {} } : { ...schema, type: 'object' };
}

/** Required mode names the one tool given, or asks for any of several with `required`. */
export function toolChoiceFor(required: boolean, tools: readonly LanguageModelToolSpec[]): ToolChoice | undefined {
  if (!required || tools.length === 0) return undefined;
  return tools.length === 1 ? { type: 'function', function: { name: tools[0].name } } : 'required';
}

type SamplingFields = Pick<ChatRequest, 'temperature' | 'top_p' | 'max_tokens' | 'presence_penalty' | 'frequency_penalty' | 'stop'>;
const NUMBER_FIELDS = ['temperature', 'top_p', 'max_tokens', 'presence_penalty', 'frequency_penalty'] as const;

/** The sampling fields among `modelOptions`, by their wire names; anything else is left out (the request validation checks ranges). */
export function samplingFields(options: Readonly<Record<string, unknown>>): SamplingFields {
  const fields: SamplingFields = {};
  for (const name of NUMBER_FIELDS) {
    const value = options[name];
    if (typeof value === 'number') fields[name] = value;
  }
  const stop = options.stop;
  if (typeof stop === 'string' || (Array.isArray(stop) && stop.every((s) => typeof s === 'string'))) fields.stop = stop;
  return fields;
}

/* model text: a result whose call is gone, sent inside a user message */
function orphanResult(callId: string, content: string): string {
  return `Result of tool call ${callId}:\n${content}`;
}
