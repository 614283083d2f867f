/** Server-sent events of a chat completion, with keep-alive comments and the SSE faults. */

import type { ChatChunk } from '../../../src/gateway/types/chat';
import type { RouteContext } from '../state';
import type { ChatTurn } from './chat-request';
import type { ScriptedAnswer } from './scripted-model';
import { pieces } from '../core/words';

/** A `: ping` comment goes out after this many events. */
const PING_EVERY = 16;
/** Content of each event of the endlessStream fault: large, so a size limit is reached in a moment. */
const ENDLESS_PIECE = 'endless '.repeat(2048);

export async function streamAnswer(ctx: RouteContext, turn: ChatTurn, answer: ScriptedAnswer, id: string, created: number): Promise<void> {
  const { reply, state } = ctx;
  reply.start(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...ctx.extraHeaders,
  });
  await reply.write(': ping\n\n');
  if (reply.fault.endlessStream) {
    const event = Buffer.from(`data: ${JSON.stringify(chunkMaker(turn, id, created)({ content: ENDLESS_PIECE }))}\n\n`);
    while (!reply.isClosed) await reply.write(event);
    return;
  }
  let sent = 0;
  for (const chunk of chunks(turn, answer, id, created, state.options.chunkChars)) {
    if (reply.isClosed) return; // the client went away: stop generating
    if (sent > 0 && state.options.chunkDelayMs) await reply.sleep(state.options.chunkDelayMs);
    await reply.write(`data: ${JSON.stringify(chunk)}\n\n`);
    sent += 1;
    if (sent === 2 && reply.fault.malformedSse) {
      await reply.write(`data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"brok\n\n`);
    }
    if (sent % PING_EVERY === 0) await reply.write(': ping\n\n');
  }
  if (!reply.fault.dropDone) await reply.write('data: [DONE]\n\n');
  await reply.end();
}

type Delta = ChatChunk['choices'][number]['delta'];

function chunkMaker(turn: ChatTurn, id: string, created: number): (delta: Delta, finish?: ChatChunk['choices'][number]['finish_reason']) => ChatChunk {
  const usageField = turn.includeUsage ? { usage: null } : {};
  return (delta, finish = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: turn.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...usageField,
  });
}

function* chunks(turn: ChatTurn, answer: ScriptedAnswer, id: string, created: number, size: number): Generator<ChatChunk> {
  const chunk = chunkMaker(turn, id, created);
  yield chunk({ role: 'assistant', content: answer.toolCalls.length ? null : '' });
  for (const piece of pieces(answer.content ?? '', size)) yield chunk({ content: piece });
  for (const [index, call] of answer.toolCalls.entries()) {
    yield chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    for (const piece of pieces(call.function.arguments, size)) yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  yield chunk({}, answer.finishReason);
  if (turn.includeUsage) {
    yield { id, object: 'chat.completion.chunk', created, model: turn.model, choices: [], usage: answer.usage };
  }
}
