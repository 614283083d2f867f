import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildLanguageModelRequest,
  samplingFields,
  toChatMessages,
  toolChoiceFor,
  toToolDefinition,
  type LanguageModelMessage,
  type LanguageModelToolSpec,
} from '../../../src/chat/languageModelRequest';
import { validateChatRequest } from '../../../src/gateway/validation';

const user = (text: string): LanguageModelMessage => ({ role: 'user', parts: [{ kind: 'text', text }] });
const WEATHER: LanguageModelToolSpec = {
  name: 'get_weather',
  description: 'The weather of a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

test('text messages keep their role and order; text parts of a message are joined', () => {
  const messages: LanguageModelMessage[] = [
    { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
    {
      role: 'user',
      parts: [
        { kind: 'text', text: 'Hel' },
        { kind: 'text', text: 'lo' },
      ],
    },
    { role: 'assistant', parts: [{ kind: 'text', text: 'Hi!' }] },
    user('More'),
  ];
  assert.deepEqual(toChatMessages(messages), [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi!' },
    { role: 'user', content: 'More' },
  ]);
});

test('a tool call round trip: tool_calls on the assistant message, one named tool message per result, then the user text', () => {
  const messages: LanguageModelMessage[] = [
    user('Weather in Paris and Rome?'),
    {
      role: 'assistant',
      parts: [
        { kind: 'text', text: 'Checking.' },
        { kind: 'toolCall', callId: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
        { kind: 'toolCall', callId: 'call_2', name: 'get_weather', input: { city: 'Rome' } },
      ],
    },
    {
      role: 'user',
      parts: [
        { kind: 'text', text: 'Answer in French.' },
        { kind: 'toolResult', callId: 'call_2', content: 'sunny' },
        { kind: 'toolResult', callId: 'call_1', content: 'rain' },
      ],
    },
  ];
  const chat = toChatMessages(messages);
  assert.deepEqual(chat, [
    { role: 'user', content: 'Weather in Paris and Rome?' },
    {
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_2', name: 'get_weather', content: 'sunny' },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: 'rain' },
    { role: 'user', content: 'Answer in French.' },
  ]);
  assert.doesNotThrow(() => validateChatRequest({ model: 'm', messages: chat }));
});

test('an assistant message of tool calls only has content null; an empty one is left out', () => {
  const chat = toChatMessages([
    user('go'),
    { role: 'assistant', parts: [] },
    { role: 'assistant', parts: [{ kind: 'toolCall', callId: 'c', name: 'f', input: {} }] },
  ]);
  assert.deepEqual(chat.slice(1), [
    { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
  ]);
});

test('a tool result whose call is not in the history becomes user text (a tool message would be refused)', () => {
  const chat = toChatMessages([
    {
      role: 'user',
      parts: [
        { kind: 'toolResult', callId: 'gone', content: '42' },
        { kind: 'text', text: 'So?' },
      ],
    },
  ]);
  assert.deepEqual(chat, [{ role: 'user', content: 'Result of tool call gone:\n42\n\nSo?' }]);
});

test('tool definitions: the schema as given, type object forced, an empty object schema when there is none', () => {
  assert.deepEqual(toToolDefinition(WEATHER), {
    type: 'function',
    function: { name: 'get_weather', description: 'The weather of a city', parameters: WEATHER.inputSchema },
  });
  assert.deepEqual(toToolDefinition({ name: 'now', description: '' }).function.parameters, { type: 'object', properties: {} });
  assert.deepEqual(toToolDefinition({ name: 'x', description: 'd', inputSchema: { properties: { a: { type: 'number' } } } }).function.parameters, {
    type: 'object',
    properties: { a: { type: 'number' } },
  });
});

test('tool mode: Auto sends no tool_choice; Required forces the one tool, or any of several with "required"', () => {
  assert.equal(toolChoiceFor(false, [WEATHER]), undefined);
  assert.equal(toolChoiceFor(true, []), undefined);
  assert.deepEqual(toolChoiceFor(true, [WEATHER]), { type: 'function', function: { name: 'get_weather' } });
  const several = { model: 'm', messages: [user('hi')], tools: [WEATHER, { name: 'other', description: '' }], toolRequired: true };
  assert.equal(toolChoiceFor(true, several.tools), 'required');
  assert.doesNotThrow(() => validateChatRequest(buildLanguageModelRequest(several)));
});

test('sampling fields come from modelOptions by their wire names; other options and wrong types are left out', () => {
  assert.deepEqual(
    samplingFields({ temperature: 0.2, top_p: 0.9, max_tokens: 64, presence_penalty: 1, frequency_penalty: -1, stop: ['END'], seed: 3, temperatureX: 1 }),
    {
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 64,
      presence_penalty: 1,
      frequency_penalty: -1,
      stop: ['END'],
    },
  );
  assert.deepEqual(samplingFields({ temperature: '0.2', stop: [1], max_tokens: null }), {});
  assert.deepEqual(samplingFields({ stop: 'END' }), { stop: 'END' });
});

test('the whole request: model, messages, tools, forced choice, sampling, user; valid for the gateway', () => {
  const request = buildLanguageModelRequest({
    model: 'gpt-4o',
    messages: [user('call get_weather')],
    tools: [WEATHER],
    toolRequired: true,
    modelOptions: { temperature: 0 },
    user: 'alice',
  });
  assert.deepEqual(request, {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'call get_weather' }],
    temperature: 0,
    tools: [toToolDefinition(WEATHER)],
    tool_choice: { type: 'function', function: { name: 'get_weather' } },
    user: 'alice',
  });
  assert.doesNotThrow(() => validateChatRequest(request));
  assert.deepEqual(Object.keys(buildLanguageModelRequest({ model: 'm', messages: [user('hi')], tools: [], toolRequired: false, user: '' })).sort(), [
    'messages',
    'model',
  ]);
});
