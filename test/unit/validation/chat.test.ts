import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, ChatRequest, ToolDefinition } from '../../../src/gateway/types/chat';
import { validateChatRequest } from '../../../src/gateway/validation';
import { assertRefused, loose } from './refusal';

const weather: ToolDefinition = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    strict: true,
  },
};

function request(fields: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }], ...fields };
}

/** A request with one field set to a value its type may forbid. */
function withField(key: string, value: unknown): ChatRequest {
  return loose<ChatRequest>({ ...request(), [key]: value });
}

const toolConversation: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris and Rome?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '18 C' },
  { role: 'tool', tool_call_id: 'call_2', name: 'get_weather', content: '24 C' },
];

test('accepts a minimal request and a full one', () => {
  validateChatRequest(request());
  validateChatRequest(
    request({
      messages: toolConversation,
      temperature: 0,
      top_p: 1,
      max_tokens: 1,
      stop: ['\n', 'END', 'x', 'y'],
      presence_penalty: -2,
      frequency_penalty: 2,
      user: 'u-1',
      tools: [weather],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    }),
  );
});

test('model is required and non-empty', () => {
  assertRefused(() => validateChatRequest(request({ model: '' })), { param: 'model', value: '', allowed: 'a non-empty text' });
  assertRefused(() => validateChatRequest(withField('model', undefined)), { param: 'model', value: undefined });
});

test('messages are a non-empty list', () => {
  assertRefused(() => validateChatRequest(request({ messages: [] })), { param: 'messages', value: [], allowed: 'at least 1' });
  assertRefused(() => validateChatRequest(withField('messages', 'Hi')), { param: 'messages', value: 'Hi' });
});

test('each message has a known role', () => {
  assertRefused(
    () =>
      validateChatRequest(
        withField('messages', [
          { role: 'user', content: 'a' },
          { role: 'robot', content: 'b' },
        ]),
      ),
    {
      param: 'messages[1].role',
      value: 'robot',
      allowed: '"system", "user", "assistant" or "tool"',
    },
  );
  assertRefused(() => validateChatRequest(withField('messages', [{ content: 'b' }])), { param: 'messages[0].role', value: undefined });
  assertRefused(() => validateChatRequest(withField('messages', ['Hi'])), { param: 'messages[0]', value: 'Hi' });
});

test('user, system and tool messages carry text content', () => {
  assertRefused(() => validateChatRequest(withField('messages', [{ role: 'user', content: null }])), {
    param: 'messages[0].content',
    value: null,
    allowed: 'a text',
  });
});

test('an assistant message has text, or null content with tool calls', () => {
  validateChatRequest(
    request({
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
      ],
    }),
  );
  assertRefused(() => validateChatRequest(withField('messages', [{ role: 'assistant', content: null }])), {
    param: 'messages[0].content',
    value: null,
    allowed: 'null only with tool_calls',
  });
});

test('tool calls of an assistant message are well formed with unique ids', () => {
  const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } };
  const assistant = (calls: unknown): ChatRequest => withField('messages', [{ role: 'assistant', content: null, tool_calls: calls }]);
  assertRefused(() => validateChatRequest(assistant([])), { param: 'messages[0].tool_calls', value: [] });
  assertRefused(() => validateChatRequest(assistant([call, call])), { param: 'messages[0].tool_calls[1].id', value: 'c1', allowed: 'unique' });
  assertRefused(() => validateChatRequest(assistant([{ ...call, type: 'tool' }])), { param: 'messages[0].tool_calls[0].type', value: 'tool' });
  assertRefused(() => validateChatRequest(assistant([{ ...call, function: { name: '', arguments: '{}' } }])), {
    param: 'messages[0].tool_calls[0].function.name',
    value: '',
  });
  assertRefused(() => validateChatRequest(assistant([{ ...call, function: { name: 'f', arguments: {} } }])), {
    param: 'messages[0].tool_calls[0].function.arguments',
    value: {},
    allowed: 'a JSON-encoded text',
  });
});

test('tool_calls only in assistant messages, tool_call_id only in tool messages', () => {
  assertRefused(() => validateChatRequest(withField('messages', [{ role: 'user', content: 'a', tool_calls: [] }])), {
    param: 'messages[0].tool_calls',
    value: [],
    allowed: 'role "assistant"',
  });
  assertRefused(() => validateChatRequest(withField('messages', [{ role: 'user', content: 'a', tool_call_id: 'c1' }])), {
    param: 'messages[0].tool_call_id',
    value: 'c1',
    allowed: 'role "tool"',
  });
});

test('a tool message needs tool_call_id and name, answering an earlier tool call', () => {
  const conversation = (tool: object): ChatRequest => withField('messages', [...toolConversation.slice(0, 3), tool]);
  assertRefused(() => validateChatRequest(conversation({ role: 'tool', name: 'get_weather', content: 'x' })), {
    param: 'messages[3].tool_call_id',
    value: undefined,
  });
  assertRefused(() => validateChatRequest(conversation({ role: 'tool', tool_call_id: 'call_1', content: 'x' })), {
    param: 'messages[3].name',
    value: undefined,
  });
  assertRefused(() => validateChatRequest(conversation({ role: 'tool', tool_call_id: 'call_9', name: 'get_weather', content: 'x' })), {
    param: 'messages[3].tool_call_id',
    value: 'call_9',
    allowed: '"call_1" or "call_2"',
  });
  assertRefused(() => validateChatRequest(withField('messages', [{ role: 'tool', tool_call_id: 'c', name: 'f', content: 'x' }])), {
    param: 'messages[0].tool_call_id',
    value: 'c',
    allowed: 'none so far',
  });
});

test('stop: a non-empty text or up to 4 non-empty texts', () => {
  validateChatRequest(request({ stop: 'END' }));
  assertRefused(() => validateChatRequest(request({ stop: ['a', 'b', 'c', 'd', 'e'] })), {
    param: 'stop',
    value: ['a', 'b', 'c', 'd', 'e'],
    allowed: 'a list of 1 to 4 items',
  });
  assertRefused(() => validateChatRequest(request({ stop: [] })), { param: 'stop', value: [] });
  assertRefused(() => validateChatRequest(request({ stop: '' })), { param: 'stop', value: '', allowed: 'non-empty' });
  assertRefused(() => validateChatRequest(request({ stop: ['a', ''] })), { param: 'stop[1]', value: '', allowed: 'a non-empty text' });
  assertRefused(() => validateChatRequest(withField('stop', 4)), { param: 'stop', value: 4 });
});

const RANGES: Array<[keyof ChatRequest, number, number, string]> = [
  ['temperature', 0, 2, 'a number from 0 to 2'],
  ['top_p', 0, 1, 'a number from 0 to 1'],
  ['presence_penalty', -2, 2, 'a number from -2 to 2'],
  ['frequency_penalty', -2, 2, 'a number from -2 to 2'],
];

for (const [field, min, max, allowed] of RANGES) {
  test(`${field} is a number from ${min} to ${max}`, () => {
    validateChatRequest(withField(field, min));
    validateChatRequest(withField(field, max));
    assertRefused(() => validateChatRequest(withField(field, min - 0.01)), { param: field, value: min - 0.01, allowed });
    assertRefused(() => validateChatRequest(withField(field, max + 0.01)), { param: field, value: max + 0.01, allowed });
    assertRefused(() => validateChatRequest(withField(field, '1')), { param: field, value: '1', allowed });
  });
}

test('max_tokens and max_completion_tokens are positive integers', () => {
  validateChatRequest(request({ max_tokens: 4096 }));
  validateChatRequest(request({ max_completion_tokens: 4096 }));
  for (const bad of [0, -1, 1.5]) {
    assertRefused(() => validateChatRequest(request({ max_tokens: bad })), { param: 'max_tokens', value: bad, allowed: 'an integer of at least 1' });
    assertRefused(() => validateChatRequest(request({ max_completion_tokens: bad })), {
      param: 'max_completion_tokens',
      value: bad,
      allowed: 'an integer of at least 1',
    });
  }
});

test('user is a text', () => {
  assertRefused(() => validateChatRequest(withField('user', 42)), { param: 'user', value: 42, allowed: 'a text' });
});

test('tools are function definitions with valid, distinct names and object parameters', () => {
  const tool = (fn: object, type = 'function'): ChatRequest => withField('tools', [{ type, function: { ...weather.function, ...fn } }]);
  validateChatRequest(tool({ name: 'A-b_9'.padEnd(64, 'x') }));
  assertRefused(() => validateChatRequest(withField('tools', [])), { param: 'tools', value: [] });
  assertRefused(() => validateChatRequest(tool({}, 'retrieval')), { param: 'tools[0].type', value: 'retrieval', allowed: '"function"' });
  for (const bad of ['', 'get weather', 'a.b', 'x'.repeat(65)]) {
    assertRefused(() => validateChatRequest(tool({ name: bad })), {
      param: 'tools[0].function.name',
      value: bad,
      allowed: '1 to 64 letters, digits, "_" or "-"',
    });
  }
  assertRefused(() => validateChatRequest(withField('tools', [weather, weather])), {
    param: 'tools[1].function.name',
    value: 'get_weather',
    allowed: 'a name no other tool has',
  });
  assertRefused(() => validateChatRequest(tool({ parameters: { type: 'array' } })), {
    param: 'tools[0].function.parameters.type',
    value: 'array',
    allowed: '"object"',
  });
  assertRefused(() => validateChatRequest(tool({ parameters: undefined })), { param: 'tools[0].function.parameters', value: undefined });
  assertRefused(() => validateChatRequest(tool({ description: 3 })), { param: 'tools[0].function.description', value: 3 });
  assertRefused(() => validateChatRequest(tool({ strict: 'yes' })), { param: 'tools[0].function.strict', value: 'yes', allowed: 'true or false' });
});

test('tool_choice is auto, none, required or a function among the tools', () => {
  validateChatRequest(request({ tools: [weather], tool_choice: 'auto' }));
  validateChatRequest(request({ tools: [weather], tool_choice: 'none' }));
  validateChatRequest(request({ tools: [weather], tool_choice: 'required' }));
  assertRefused(() => validateChatRequest(request({ tools: [weather], tool_choice: { type: 'function', function: { name: 'get_time' } } })), {
    param: 'tool_choice.function.name',
    value: 'get_time',
    allowed: '"get_weather"',
  });
  assertRefused(() => validateChatRequest(loose<ChatRequest>({ ...request({ tools: [weather] }), tool_choice: 'any' })), {
    param: 'tool_choice',
    value: 'any',
    allowed: '"auto", "none" or "required"',
  });
  assertRefused(
    () => validateChatRequest(loose<ChatRequest>({ ...request({ tools: [weather] }), tool_choice: { type: 'tool', function: { name: 'get_weather' } } })),
    { param: 'tool_choice.type', value: 'tool', allowed: '"function"' },
  );
  assertRefused(() => validateChatRequest(loose<ChatRequest>({ ...request({ tools: [weather] }), tool_choice: 5 })), { param: 'tool_choice', value: 5 });
});

test('tool_choice without tools is refused', () => {
  const error = assertRefused(() => validateChatRequest(request({ tool_choice: 'auto' })), {
    param: 'tool_choice',
    value: 'auto',
    allowed: 'only together with tools',
  });
  assert.match(error.message, /no tools given/);
});
