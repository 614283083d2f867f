/** Checks a chat completion request against the spec; the scripted model gets a typed request. */

import type { ChatMessage, ToolCall, ToolChoice, ToolDefinition } from '../../../src/gateway/types/chat';
import { ApiError, invalidParam } from '../core/errors';
import { Fields, isFields, list, num, oneOf, onlyFields, optBool, optInt, optNum, optStr, record, requestBody, str } from '../core/checks';
import { modelFor } from '../models/catalog';

export interface ChatTurn {
  model: string;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice: ToolChoice;
  stream: boolean;
  includeUsage: boolean;
  maxTokens?: number;
  stop: string[];
}

const FIELDS = [
  'model',
  'messages',
  'temperature',
  'max_tokens',
  'stream',
  'top_p',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'user',
  'tools',
  'tool_choice',
  'stream_options',
  'parallel_tool_calls',
  'seed',
  'n',
];
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function parseChatRequest(body: unknown): ChatTurn {
  const fields = requestBody(body);
  const model = str(fields.model, 'model');
  modelFor(model, ['chat'] as const, 'chat completions');
  onlyFields(fields, FIELDS, 'chat completions');
  const messages = list(fields.messages, 'messages', 1, 4096).map((m, i) => readMessage(m, `messages[${i}]`));
  optNum(fields.temperature, 'temperature', 0, 2);
  optNum(fields.top_p, 'top_p', 0, 1);
  optNum(fields.presence_penalty, 'presence_penalty', -2, 2);
  optNum(fields.frequency_penalty, 'frequency_penalty', -2, 2);
  optStr(fields.user, 'user', { min: 0 });
  optBool(fields.parallel_tool_calls, 'parallel_tool_calls');
  optInt(fields.seed, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (fields.n !== undefined) num(fields.n, 'n', 1, 1, true);
  const maxTokens = optInt(fields.max_tokens, 'max_tokens', 1, 1_000_000);
  const stream = optBool(fields.stream, 'stream') ?? false;
  const includeUsage = readStreamOptions(fields.stream_options, stream);
  const tools = fields.tools === undefined ? [] : list(fields.tools, 'tools', 1, 128).map((t, i) => readTool(t, `tools[${i}]`));
  const toolChoice = readToolChoice(fields.tool_choice, tools);
  return { model, messages, tools, toolChoice, stream, includeUsage, maxTokens, stop: readStop(fields.stop) };
}

/** Message text: a string, or the text parts of a content array. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => (isFields(p) && typeof p.text === 'string' ? p.text : '')).join('');
  }
  return '';
}

function readMessage(raw: unknown, param: string): ChatMessage {
  const m = record(raw, param);
  const role = oneOf(m.role, `${param}.role`, ['system', 'user', 'assistant', 'tool'] as const);
  switch (role) {
    case 'system':
    case 'user':
      onlyFields(m, ['role', 'content', 'name'], `${role} messages`, `${param}.`);
      return { role, content: readContent(m.content, `${param}.content`) };
    case 'tool':
      onlyFields(m, ['role', 'content', 'tool_call_id', 'name'], 'tool messages', `${param}.`);
      return {
        role,
        content: readContent(m.content, `${param}.content`),
        tool_call_id: str(m.tool_call_id, `${param}.tool_call_id`),
        name: optStr(m.name, `${param}.name`) ?? '',
      };
    case 'assistant': {
      onlyFields(m, ['role', 'content', 'tool_calls', 'name', 'refusal'], 'assistant messages', `${param}.`);
      const toolCalls =
        m.tool_calls === undefined ? undefined : list(m.tool_calls, `${param}.tool_calls`, 1, 128).map((c, i) => readToolCall(c, `${param}.tool_calls[${i}]`));
      if ((m.content === null || m.content === undefined) && !toolCalls) {
        throw invalidParam(`${param}.content`, `'${param}.content' is required unless tool_calls is given.`, 'missing_required_parameter');
      }
      const content = m.content === null || m.content === undefined ? null : readContent(m.content, `${param}.content`);
      return toolCalls ? { role, content, tool_calls: toolCalls } : { role, content };
    }
  }
}

function readContent(value: unknown, param: string): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    value.forEach((part, i) => {
      const p = record(part, `${param}[${i}]`);
      oneOf(p.type, `${param}[${i}].type`, ['text'] as const);
      str(p.text, `${param}[${i}].text`, { min: 0 });
    });
    return messageText(value);
  }
  throw invalidParam(param, `'${param}' must be a string.`, value === undefined || value === null ? 'missing_required_parameter' : 'invalid_type');
}

function readToolCall(raw: unknown, param: string): ToolCall {
  const c = record(raw, param);
  oneOf(c.type, `${param}.type`, ['function'] as const);
  const fn = record(c.function, `${param}.function`);
  return {
    id: str(c.id, `${param}.id`),
    type: 'function',
    function: { name: str(fn.name, `${param}.function.name`), arguments: str(fn.arguments, `${param}.function.arguments`, { min: 0 }) },
  };
}

function readTool(raw: unknown, param: string): ToolDefinition {
  const t = record(raw, param);
  oneOf(t.type, `${param}.type`, ['function'] as const);
  const fn = record(t.function, `${param}.function`);
  onlyFields(fn, ['name', 'description', 'parameters', 'strict'], 'function definitions', `${param}.function.`);
  const name = str(fn.name, `${param}.function.name`);
  if (!FUNCTION_NAME.test(name)) {
    throw invalidParam(`${param}.function.name`, `Invalid function name '${name}': use a-z, A-Z, 0-9, underscores and dashes, at most 64 characters.`);
  }
  optStr(fn.description, `${param}.function.description`, { min: 0 });
  optBool(fn.strict, `${param}.function.strict`);
  const parameters: Fields = fn.parameters === undefined ? { type: 'object', properties: {} } : record(fn.parameters, `${param}.function.parameters`);
  if (parameters.type !== 'object') {
    throw invalidParam(`${param}.function.parameters`, "Function parameters must be a JSON schema of type 'object'.");
  }
  return { type: 'function', function: { name, parameters: { ...parameters, type: 'object' } } };
}

function readToolChoice(value: unknown, tools: ToolDefinition[]): ToolChoice {
  if (value === undefined) return tools.length ? 'auto' : 'none';
  if (tools.length === 0) {
    throw invalidParam('tool_choice', "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.");
  }
  if (typeof value === 'string') return oneOf(value, 'tool_choice', ['auto', 'none'] as const);
  const choice = record(value, 'tool_choice');
  oneOf(choice.type, 'tool_choice.type', ['function'] as const);
  const name = str(record(choice.function, 'tool_choice.function').name, 'tool_choice.function.name');
  if (!tools.some((t) => t.function.name === name)) {
    throw invalidParam('tool_choice.function.name', `Tool choice '${name}' is not among the given tools.`);
  }
  return { type: 'function', function: { name } };
}

function readStop(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  const stops = list(value, 'stop', 0, 4);
  return stops.map((s, i) => str(s, `stop[${i}]`));
}

function readStreamOptions(value: unknown, stream: boolean): boolean {
  if (value === undefined || value === null) return false;
  if (!stream) {
    throw new ApiError(400, 'The stream_options parameter is only allowed when stream is enabled.', 'invalid_value', 'stream_options');
  }
  const options = record(value, 'stream_options');
  onlyFields(options, ['include_usage'], 'stream_options', 'stream_options.');
  return optBool(options.include_usage, 'stream_options.include_usage') ?? false;
}
