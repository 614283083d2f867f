/** Validation of the `messages` of a chat request. */
import { t } from '../../l10n/localize';
import { describeChoices, fail, oneOf, requiredArray, requiredObject, text, type Fields } from './rules';

const ROLES = ['system', 'user', 'assistant', 'tool'] as const;

export function validateMessages(messages: unknown): void {
  const list = requiredArray('messages', messages, 1, Infinity);
  const toolCallIds: string[] = [];
  list.forEach((item, i) => {
    const field = `messages[${i}]`;
    const message = requiredObject(field, item, t('a message object with a role'));
    oneOf(`${field}.role`, message.role, ROLES, { required: true });
    if (message.role !== 'assistant') refuseOutsideRole(field, message, 'tool_calls', 'assistant');
    if (message.role !== 'tool') refuseOutsideRole(field, message, 'tool_call_id', 'tool');
    if (message.role === 'assistant') {
      toolCallIds.push(...validateAssistant(field, message));
    } else {
      if (typeof message.content !== 'string') fail(`${field}.content`, message.content, t('a text'));
      if (message.role === 'tool') validateToolResult(field, message, toolCallIds);
    }
  });
}

function refuseOutsideRole(field: string, message: Fields, key: string, role: string): void {
  if (message[key] !== undefined) fail(`${field}.${key}`, message[key], t('no {0} outside a role "{1}" message', key, role));
}

/** Checks an assistant message; returns the ids of its tool calls. */
function validateAssistant(field: string, message: Fields): string[] {
  const { content } = message;
  if (message.tool_calls === undefined) {
    if (typeof content !== 'string') fail(`${field}.content`, content, t('a text (null only with tool_calls)'));
    return [];
  }
  if (content !== null && content !== undefined && typeof content !== 'string') {
    fail(`${field}.content`, content, t('a text or null'));
  }
  const ids: string[] = [];
  requiredArray(`${field}.tool_calls`, message.tool_calls, 1, Infinity).forEach((item, j) => {
    const callField = `${field}.tool_calls[${j}]`;
    const call = requiredObject(callField, item, t('a tool call object'));
    text(`${callField}.id`, call.id, { required: true });
    const id = String(call.id);
    if (ids.includes(id)) fail(`${callField}.id`, id, t('an id unique within the message'));
    ids.push(id);
    oneOf(`${callField}.type`, call.type, ['function'], { required: true });
    const fn = requiredObject(`${callField}.function`, call.function, t('an object with name and arguments'));
    text(`${callField}.function.name`, fn.name, { required: true });
    if (typeof fn.arguments !== 'string') fail(`${callField}.function.arguments`, fn.arguments, t('a JSON-encoded text'));
  });
  return ids;
}

function validateToolResult(field: string, message: Fields, earlierCallIds: readonly string[]): void {
  text(`${field}.tool_call_id`, message.tool_call_id, { required: true });
  text(`${field}.name`, message.name, { required: true });
  if (!earlierCallIds.includes(String(message.tool_call_id))) {
    const known = earlierCallIds.length === 0 ? t('none so far') : describeChoices(earlierCallIds);
    fail(`${field}.tool_call_id`, message.tool_call_id, t('the id of a tool call of an earlier assistant message ({0})', known));
  }
}
