/** Validation of the `messages` of a chat request. */
import { describeChoices, fail, oneOf, requiredArray, requiredObject, text, type Fields } from './rules';

const ROLES = ['system', 'user', 'assistant', 'tool'] as const;

export function validateMessages(messages: unknown): void {
  const list = requiredArray('messages', messages, 1, Infinity);
  const toolCallIds: string[] = [];
  list.forEach((item, i) => {
    const field = `messages[${i}]`;
    const message = requiredObject(field, item, 'a message object with a role');
    oneOf(`${field}.role`, message.role, ROLES, { required: true });
    if (message.role !== 'assistant') refuseOutsideRole(field, message, 'tool_calls', 'assistant');
    if (message.role !== 'tool') refuseOutsideRole(field, message, 'tool_call_id', 'tool');
    if (message.role === 'assistant') {
      toolCallIds.push(...validateAssistant(field, message));
    } else {
      if (typeof message.content !== 'string') fail(`${field}.content`, message.content, 'a text');
      if (message.role === 'tool') validateToolResult(field, message, toolCallIds);
    }
  });
}

function refuseOutsideRole(field: string, message: Fields, key: string, role: string): void {
  if (message[key] !== undefined) fail(`${field}.${key}`, message[key], `no ${key} outside a role "${role}" message`);
}

/** Checks an assistant message; returns the ids of its tool calls. */
function validateAssistant(field: string, message: Fields): string[] {
  const { content } = message;
  if (message.tool_calls === undefined) {
    if (typeof content !== 'string') fail(`${field}.content`, content, 'a text (null only with tool_calls)');
    return [];
  }
  if (content !== null && content !== undefined && typeof content !== 'string') {
    fail(`${field}.content`, content, 'a text or null');
  }
  const ids: string[] = [];
  requiredArray(`${field}.tool_calls`, message.tool_calls, 1, Infinity).forEach((item, j) => {
    const callField = `${field}.tool_calls[${j}]`;
    const call = requiredObject(callField, item, 'a tool call object');
    text(`${callField}.id`, call.id, { required: true });
    const id = String(call.id);
    if (ids.includes(id)) fail(`${callField}.id`, id, 'an id unique within the message');
    ids.push(id);
    oneOf(`${callField}.type`, call.type, ['function'], { required: true });
    const fn = requiredObject(`${callField}.function`, call.function, 'an object with name and arguments');
    text(`${callField}.function.name`, fn.name, { required: true });
    if (typeof fn.arguments !== 'string') fail(`${callField}.function.arguments`, fn.arguments, 'a JSON-encoded text');
  });
  return ids;
}

function validateToolResult(field: string, message: Fields, earlierCallIds: readonly string[]): void {
  text(`${field}.tool_call_id`, message.tool_call_id, { required: true });
  text(`${field}.name`, message.name, { required: true });
  if (!earlierCallIds.includes(String(message.tool_call_id))) {
    const known = earlierCallIds.length === 0 ? 'none so far' : describeChoices(earlierCallIds);
    fail(`${field}.tool_call_id`, message.tool_call_id, `the id of a tool call of an earlier assistant message (${known})`);
  }
}
