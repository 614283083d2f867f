/**
 * VS Code's language model classes to and from the plain shapes of
 * src/chat/languageModelRequest.ts and languageModelResponse.ts.
 * Tool parts are recognised by their fields rather than by class: newer VS
 * Code versions hand providers further part classes (…Part2, data parts).
 */
import * as vscode from 'vscode';
import { languageModelFailure } from '../chat/languageModelFailure';
import type { LanguageModelMessage, LanguageModelPart, LanguageModelToolSpec } from '../chat/languageModelRequest';
import type { LanguageModelResponsePart } from '../chat/languageModelResponse';

export function fromRequestMessage(message: vscode.LanguageModelChatRequestMessage): LanguageModelMessage {
  return { role: roleOf(message.role), parts: message.content.flatMap(fromPart) };
}

/** User and Assistant are the roles of the 1.104 API; a caller of the proposed API may also send System (3). */
function roleOf(role: vscode.LanguageModelChatMessageRole): LanguageModelMessage['role'] {
  if (role === vscode.LanguageModelChatMessageRole.User) return 'user';
  if (role === vscode.LanguageModelChatMessageRole.Assistant) return 'assistant';
  return 'system';
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function fromPart(part: unknown): LanguageModelPart[] {
  if (!isFields(part)) return [];
  if (typeof part.callId === 'string' && typeof part.name === 'string' && isFields(part.input)) {
    return [{ kind: 'toolCall', callId: part.callId, name: part.name, input: part.input }];
  }
  if (typeof part.callId === 'string' && Array.isArray(part.content)) {
    return [{ kind: 'toolResult', callId: part.callId, content: part.content.map(contentText).join('') }];
  }
  // By class: a thinking part (proposed API) also has a string value, and is not for the next model.
  if (part instanceof vscode.LanguageModelTextPart) return [{ kind: 'text', text: part.value }];
  return [];
}

/** A piece of a tool result as text: text parts as they are, JSON and text data decoded, other data named only. */
function contentText(item: unknown): string {
  if (!isFields(item)) return '';
  if (typeof item.value === 'string') return item.value;
  if (typeof item.mimeType === 'string' && item.data instanceof Uint8Array) {
    return /^text\/|json/.test(item.mimeType) ? new TextDecoder().decode(item.data) : `[${item.mimeType} data, ${item.data.length} bytes]`;
  }
  // A prompt-tsx part: its rendered tree.
  return 'value' in item ? JSON.stringify(item.value) : '';
}

export function toolSpecs(tools: readonly vscode.LanguageModelChatTool[] | undefined): LanguageModelToolSpec[] {
  return (tools ?? []).map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}

/** The part to report; none for reasoning where this VS Code has no thinking part. */
export function toResponsePart(part: LanguageModelResponsePart): vscode.LanguageModelResponsePart | undefined {
  switch (part.kind) {
    case 'text':
      return new vscode.LanguageModelTextPart(part.text);
    case 'thinking':
      return thinkingPart(part.text);
    case 'toolCall':
      return new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input);
  }
}

type ThinkingPartClass = new (value: string) => vscode.LanguageModelResponsePart;

/**
 * VS Code's LanguageModelThinkingPart, where the running VS Code has it: it
 * belongs to a proposed API, absent from the 1.104 typings; VS Code 1.139
 * offers it to every extension and passes it on to its chat, older
 * versions without it get no reasoning.
 */
function thinkingPart(text: string): vscode.LanguageModelResponsePart | undefined {
  const ThinkingPart = (vscode as unknown as { LanguageModelThinkingPart?: ThinkingPartClass }).LanguageModelThinkingPart;
  return typeof ThinkingPart === 'function' ? new ThinkingPart(text) : undefined;
}

/** A LanguageModelError where a code fits (NoPermissions for 401, …), with the server's message and the request id. */
export function toLanguageModelError(error: unknown, requestId?: string): Error {
  const { code, message } = languageModelFailure(error, requestId);
  switch (code) {
    case 'NoPermissions':
      return vscode.LanguageModelError.NoPermissions(message);
    case 'NotFound':
      return vscode.LanguageModelError.NotFound(message);
    case 'Blocked':
      return vscode.LanguageModelError.Blocked(message);
    case undefined:
      return new Error(message, { cause: error });
  }
}
