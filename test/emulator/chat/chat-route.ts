/** POST /v1/chat/completions. */

import type { ChatCompletion } from '../../../src/gateway/types/chat';
import { completionId, unixSeconds } from '../core/ids';
import type { Route } from '../core/router';
import { parseChatRequest } from './chat-request';
import { streamAnswer } from './chat-stream';
import { handleDialectChat, selectDialect } from './dialects/dialect-chat';
import { scriptAnswer } from './scripted-model';

export const chatRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/chat\/completions$/,
  auth: true,
  async handle(ctx) {
    const dialect = selectDialect(ctx);
    if (dialect) return handleDialectChat(ctx, dialect);
    const turn = parseChatRequest(ctx.body);
    const answer = scriptAnswer(turn, {
      invalidToolJson: ctx.reply.fault.invalidToolJson ?? false,
      manyToolCalls: ctx.reply.fault.manyToolCalls,
      sharedToolCallId: ctx.reply.fault.sharedToolCallId,
      scriptedAnswers: ctx.state.options.scriptedAnswers,
      scriptedRuns: ctx.state.options.scriptedRuns,
    });
    const id = completionId();
    const created = unixSeconds();
    if (turn.stream) return streamAnswer(ctx, turn, answer, id, created);
    const completion: ChatCompletion = {
      id,
      object: 'chat.completion',
      created,
      model: turn.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: answer.content,
            ...(answer.toolCalls.length ? { tool_calls: answer.toolCalls } : {}),
          },
          logprobs: null,
          finish_reason: answer.finishReason,
        },
      ],
      usage: answer.usage,
    };
    await ctx.reply.json(200, completion, ctx.extraHeaders);
  },
};
