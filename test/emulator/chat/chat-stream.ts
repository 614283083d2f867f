/** Server-sent events of a chat completion, with keep-alive comments and the SSE faults. */

import type { ChatChunk } from '../../../src/gateway/types/chat';
import type { RouteContext } from '../state';
import type { ChatTurn } from './chat-request';
import type { ScriptedAnswer } from './scripted-model';
import { pieces } from '../core/words';

/** A `: ping` comment goes out after this many events. */
const PING_EVERY = 16;

export async function streamAnswer(ctx: RouteContext, turn: ChatTurn, answer: ScriptedAnswer, id: string, created: number): Promise<void> {
  const { reply, state } = ctx;
  reply.start(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...ctx.extraHeaders,
  });
  await reply.write(': ping\n\n');
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

function* chunks(turn: ChatTurn, answer: ScriptedAnswer, id: string, created: number, size: number): Generator<ChatChunk> {
  const usageField = turn.includeUsage ? { usage: null } : {};
  const chunk = (delta: ChatChunk['choices'][number]['delta'], finish: ChatChunk['choices'][number]['finish_reason'] = null): ChatChunk => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: turn.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...usageField,
  });
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
