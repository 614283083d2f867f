/** Chat through the product's layers: a completion, the chat view's session, and VS Code's language model stream with tools. */
import assert from 'node:assert/strict';
import { ChatSession } from '../../../../src/chat/chatSession';
import { newConversation, type AssistantTurn, type Conversation } from '../../../../src/chat/conversation';
import { languageModelResponseParts, type LanguageModelResponsePart } from '../../../../src/chat/languageModelResponse';
import type { ToolDefinition } from '../../../../src/gateway/types/chat';
import { wordsAnswer } from '../../../emulator/chat/answers';
import { type Endpoint, type FaultName, outcomeOf } from './endpoint';

const MODEL = 'gpt-4o-mini';
const ANSWER_WORDS = 300;
const PROMPT = `length ${ANSWER_WORDS}`;
const LOOKUP: ToolDefinition = {
  type: 'function',
  function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
};
/** Faults that cut a stream after some of the answer arrived. */
const CUT_MID_STREAM: ReadonlySet<FaultName> = new Set(['reset mid-body', 'truncated body', 'malformed SSE', 'stream without [DONE]']);

export function chatCompletion(): Endpoint {
  return {
    name: 'chat completion',
    faultPath: '/chat',
    retry: 'safe',
    specificFaults: [],
    midBodyBytes: 200,
    run: ({ fixture }) =>
      outcomeOf(async () => {
        const completion = await fixture.client.chat.create({ model: MODEL, messages: [{ role: 'user', content: PROMPT }] });
        assert.equal(completion.choices[0]?.message.content, wordsAnswer(ANSWER_WORDS));
      }),
  };
}

/** The chat view's session: what streamed stays, marked interrupted, when the stream breaks. */
export function chatViewStream(): Endpoint {
  let conversation: Conversation;
  const lastTurn = (): AssistantTurn => {
    const turn = conversation.turns.at(-1);
    assert.ok(turn?.kind === 'assistant', 'the conversation ends with an answer');
    return turn;
  };
  return {
    name: 'chat view stream',
    faultPath: '/chat',
    retry: 'safe',
    specificFaults: ['malformed SSE', 'stream without [DONE]'],
    midBodyBytes: 1500,
    async run({ fixture }) {
      conversation = newConversation(MODEL, '');
      const session = new ChatSession(conversation, {
        backend: () => fixture.client.chat,
        requestOptions: () => ({}),
        listener: {
          structureChanged: () => undefined,
          textAppended: () => undefined,
          turnChanged: () => undefined,
          toolCallChanged: () => undefined,
          toolCallsGrew: () => undefined,
        },
      });
      await session.send(PROMPT);
      const turn = lastTurn();
      return turn.status === 'done' ? { ok: true } : { ok: false, message: turn.error?.message ?? `the answer ended ${turn.status} without a message` };
    },
    verify({ fault }, outcome) {
      const turn = lastTurn();
      const full = wordsAnswer(ANSWER_WORDS);
      if (outcome.ok) return assert.equal(turn.text, full);
      assert.ok(full.startsWith(turn.text), 'what is kept is what streamed');
      if (fault && CUT_MID_STREAM.has(fault)) {
        assert.equal(turn.status, 'interrupted');
        assert.ok(turn.text.length > 0, 'the text that streamed before the cut is kept');
      } else {
        assert.equal(turn.status, turn.text === '' ? 'error' : 'interrupted');
      }
    },
  };
}

/** VS Code's language model provider: text and tool calls from a stream with tools. */
export function toolCallStream(): Endpoint {
  return {
    name: 'language model stream with tools',
    faultPath: '/chat',
    retry: 'safe',
    specificFaults: ['malformed SSE', 'stream without [DONE]', 'invalid tool JSON'],
    midBodyBytes: 400,
    run: ({ fixture }) =>
      outcomeOf(async () => {
        const stream = await fixture.client.chat.stream({ model: MODEL, messages: [{ role: 'user', content: 'please use lookup' }], tools: [LOOKUP] });
        const parts: LanguageModelResponsePart[] = [];
        for await (const part of languageModelResponseParts(stream.batches)) parts.push(part);
        assert.deepEqual(
          parts.map((p) => (p.kind === 'toolCall' ? { name: p.name, input: p.input } : p)),
          [{ name: 'lookup', input: { q: 'example' } }],
        );
      }),
  };
}
