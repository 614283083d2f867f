/**
 * POST /v1/chat/completions when a dialect is selected (emulator option
 * `dialect`, CLI `--dialect`, or the request header `x-emulator-dialect`).
 * The dialect may refuse the request first with its server's real 4xx; the
 * fields it accepts beyond the emulator's list are dropped, its own model ids
 * accepted; then the scripted model answers as usual, plus the dialect
 * triggers of the last user message:
 *   - `think` (or a reasoning model id) → reasoning before the answer, in the dialect's field;
 *   - `refuse` / `refusal` → a Structured Outputs refusal (delta.refusal where the server has it);
 *   - `overflow` → the stream fails after two content pieces, in the dialect's mid-stream error shape.
 */

import { completionId, unixSeconds } from '../../core/ids';
import { invalidParam } from '../../core/errors';
import { isFields } from '../../core/checks';
import type { RouteContext } from '../../state';
import { parseChatRequest } from '../chat-request';
import type { ChatTurn } from '../chat-request';
import { scriptAnswer } from '../scripted-model';
import { countWords } from '../../core/words';
import { completionOf, DialectAnswer, writeDialectStream } from './dialect-stream';
import { DIALECTS, EMULATOR_REASONER } from './servers';
import { DIALECT_NAMES, isDialectName } from './types';
import type { Dialect, Json, StreamContext } from './types';

export const DIALECT_HEADER = 'x-emulator-dialect';

/** A catalog chat model the emulator's own checks accept, standing in for a dialect's own model id. */
const STAND_IN_MODEL = 'gpt-4o-mini';

export const REFUSAL_TEXT = "I'm sorry, but I can't assist with that request.";

/** The dialect of this request: the header wins over the emulator-wide option; undefined for the classic emulator. */
export function selectDialect(ctx: RouteContext): Dialect | undefined {
  const header = ctx.req.headers[DIALECT_HEADER];
  const name = typeof header === 'string' ? header.trim() : ctx.state.options.dialect;
  if (name === undefined || name === '') return undefined;
  if (!isDialectName(name)) {
    throw invalidParam(DIALECT_HEADER, `Unknown dialect "${name}": use one of ${DIALECT_NAMES.join(', ')}.`);
  }
  return DIALECTS[name];
}

export async function handleDialectChat(ctx: RouteContext, d: Dialect): Promise<void> {
  const body: Json = isFields(ctx.body) ? ctx.body : {};
  const model = typeof body.model === 'string' ? body.model : '';
  const refusal = d.refuse?.({ body, model, stream: body.stream === true, query: ctx.url.searchParams });
  if (refusal) return ctx.reply.json(refusal.status, refusal.body, ctx.extraHeaders);

  const turn = parseChatRequest(normalized(d, body, model));
  turn.model = model;
  const scripted = scriptAnswer(turn, {
    invalidToolJson: ctx.reply.fault.invalidToolJson ?? false,
    scriptedAnswers: ctx.state.options.scriptedAnswers,
    scriptedRuns: ctx.state.options.scriptedRuns,
  });
  const answer = withTriggers(d, turn, scripted);
  const id = completionId();
  const sctx: StreamContext = {
    id: d.chunkId(id),
    created: unixSeconds(),
    model,
    includeUsage: turn.includeUsage,
    seed: id,
    reasoning: answer.reasoning !== undefined && d.reasoning !== 'hidden',
  };
  if (turn.stream) return writeDialectStream(ctx, d, sctx, answer);
  await ctx.reply.json(200, completionOf(d, sctx, answer), ctx.extraHeaders);
}

/** The body as the emulator's own checks expect it: the dialect's extra fields dropped, its model ids mapped to a stand-in. */
function normalized(d: Dialect, body: Json, model: string): Json {
  const out: Json = { ...body };
  for (const field of d.extraFields) {
    if (field === 'max_completion_tokens' && out.max_tokens === undefined && out.max_completion_tokens !== undefined) {
      out.max_tokens = out.max_completion_tokens;
    }
    delete out[field];
  }
  if (model === EMULATOR_REASONER || d.models === '*' || d.models.includes(model) || d.reasoners.includes(model)) out.model = STAND_IN_MODEL;
  return out;
}

function lastUserText(turn: ChatTurn): string {
  const last = [...turn.messages].reverse().find((m) => m.role === 'user');
  return last?.content ?? '';
}

function withTriggers(d: Dialect, turn: ChatTurn, scripted: ReturnType<typeof scriptAnswer>): DialectAnswer {
  const prompt = lastUserText(turn);
  const answer: DialectAnswer = { content: scripted.content, toolCalls: scripted.toolCalls, finishReason: scripted.finishReason, usage: { ...scripted.usage } };
  if (turn.model === EMULATOR_REASONER || d.reasoners.includes(turn.model) || /\bthink\b/i.test(prompt)) {
    answer.reasoning = reasoningFor(prompt);
  }
  if (/\brefus(e|al)\b/i.test(prompt)) {
    answer.refusal = REFUSAL_TEXT;
    answer.content = null;
    answer.toolCalls = [];
    answer.finishReason = 'stop';
    answer.usage = { ...answer.usage, completion_tokens: countWords(REFUSAL_TEXT), total_tokens: answer.usage.prompt_tokens + countWords(REFUSAL_TEXT) };
  }
  if (/\boverflow\b/i.test(prompt)) answer.failAfterPieces = 2;
  return answer;
}

/** The scripted reasoning: deterministic, a few dozen words, quoting the prompt. */
export function reasoningFor(prompt: string): string {
  const quoted = prompt.length > 60 ? `${prompt.slice(0, 57)}...` : prompt;
  return `The user wrote "${quoted}". I should read it carefully, check what is asked, and answer plainly in one short reply.`;
}
