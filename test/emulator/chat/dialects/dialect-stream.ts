/**
 * Renders one scripted answer in a dialect: the chunks (streamed) or the
 * completion object (not streamed). Only the Dialect description decides the
 * shape; nothing here names a server.
 */

import type { ChatUsage, FinishReason, ToolCall } from '../../../../src/gateway/types/chat';
import type { RouteContext } from '../../state';
import { countWords, pieces } from '../../core/words';
import type { ChunkKind, Dialect, Json, StreamContext } from './types';

/** The scripted answer plus what the dialect triggers added. */
export interface DialectAnswer {
  content: string | null;
  /** Streamed before the answer, when set. */
  reasoning?: string;
  /** A Structured Outputs refusal: replaces the content. */
  refusal?: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  /** Words of the visible answer; reasoning words are added on top. */
  usage: ChatUsage;
  /** The stream fails after this many content pieces (the `overflow` trigger). */
  failAfterPieces?: number;
}

interface Planned {
  kind: ChunkKind;
  chunk: Json;
}

type Step = Planned | { kind: 'error' };

export function reasoningWords(answer: DialectAnswer): number {
  return answer.reasoning ? countWords(answer.reasoning) : 0;
}

/** The usage object the dialect reports, reasoning included. */
export function usageOf(d: Dialect, answer: DialectAnswer, completionSoFar?: number): Json {
  const rw = reasoningWords(answer);
  const completion = completionSoFar ?? answer.usage.completion_tokens + rw;
  const usage: Json = { prompt_tokens: answer.usage.prompt_tokens, completion_tokens: completion, total_tokens: answer.usage.prompt_tokens + completion };
  return { ...usage, ...(d.usageExtras?.(usage, rw) ?? {}) };
}

function groqUsage(usage: Json): Json {
  return {
    queue_time: 0.012,
    prompt_tokens: usage.prompt_tokens,
    prompt_time: 0.004,
    completion_tokens: usage.completion_tokens,
    completion_time: 0.05,
    total_tokens: usage.total_tokens,
    total_time: 0.054,
  };
}

/** The text wrapped in the dialect's reasoning tags, when it inlines reasoning in the content. */
function inlineReasoning(d: Dialect, reasoning: string): string | undefined {
  if (d.reasoning === 'think-tags') return `<think>\n${reasoning}\n</think>\n\n`;
  if (d.reasoning === 'thought-tags') return `<thought>${reasoning}</thought>`;
  return undefined;
}

/** The chunks of one answer, in order; `{kind: 'error'}` stands for the mid-stream failure. */
export function* plan(d: Dialect, ctx: StreamContext, answer: DialectAnswer, size: number): Generator<Step> {
  const base = (choices: Json[]): Json => ({ id: ctx.id, object: 'chat.completion.chunk', created: ctx.created, model: ctx.model, choices });
  const choice = (delta: Json, finish: string | null = null): Json =>
    d.logprobs ? { index: 0, delta, logprobs: null, finish_reason: finish } : { index: 0, delta, finish_reason: finish };
  const one = (kind: ChunkKind, delta: Json, finish: string | null = null): Planned => ({ kind, chunk: base([choice(delta, finish)]) });

  if (d.roleDelta) yield one('role', d.roleDelta(answer.refusal !== undefined));

  if (answer.reasoning && d.reasoning !== 'hidden') {
    const inline = inlineReasoning(d, answer.reasoning);
    if (inline !== undefined) {
      for (const piece of pieces(inline, size)) yield one('content', { content: piece });
    } else if (d.reasoning === 'thinking-chunks') {
      for (const piece of pieces(answer.reasoning, size))
        yield one('reasoning', { content: [{ type: 'thinking', thinking: [{ type: 'text', text: piece }] }] });
    } else {
      for (const piece of pieces(answer.reasoning, size)) yield one('reasoning', { [d.reasoning]: piece });
    }
  }

  if (answer.refusal !== undefined) {
    for (const piece of pieces(answer.refusal, size)) yield d.refusalField ? one('refusal', { refusal: piece }) : one('content', { content: piece });
  }
  let sent = 0;
  const contentPieces = pieces(answer.content ?? '', size);
  // Some content always stays unsent, so the failure cuts the answer short.
  const failAt = answer.failAfterPieces === undefined ? undefined : Math.max(0, Math.min(answer.failAfterPieces, contentPieces.length - 1));
  for (const piece of contentPieces) {
    if (failAt !== undefined && sent === failAt) {
      yield { kind: 'error' };
      return;
    }
    yield one('content', { content: piece });
    sent += 1;
  }
  if (answer.failAfterPieces !== undefined) {
    yield { kind: 'error' };
    return;
  }

  const style = d.toolCalls;
  const withIndex = (index: number, call: Json): Json => (style.index ? { index: style.indexAlwaysZero ? 0 : index, ...call } : call);
  const wholeCall = (index: number, call: ToolCall): Json =>
    withIndex(index, { id: style.id(index, ctx.seed), type: 'function', function: { name: call.function.name, arguments: call.function.arguments } });
  const finish = d.finishReason(answer.finishReason);

  if (answer.toolCalls.length && style.allInOneChunkWithFinish) {
    yield one('finish', { tool_calls: answer.toolCalls.map((c, i) => wholeCall(i, c)) }, finish);
  } else {
    for (const [index, call] of answer.toolCalls.entries()) {
      if (style.shape === 'whole') {
        yield one('tool', { tool_calls: [wholeCall(index, call)] });
        continue;
      }
      const fn: Json = { name: call.function.name };
      if (style.firstArguments === 'empty') fn.arguments = '';
      yield one('tool', { tool_calls: [withIndex(index, { id: style.id(index, ctx.seed), type: 'function', function: fn })] });
      for (const piece of pieces(call.function.arguments, size)) yield one('tool', { tool_calls: [withIndex(index, { function: { arguments: piece } })] });
    }
    yield one('finish', {}, finish);
  }

  if ((d.usage.includeUsageChunk && ctx.includeUsage) || d.usage.alwaysFinalChunk) {
    yield { kind: 'usage', chunk: { ...base([]), usage: usageOf(d, answer) } };
  }
}

/** Streams the answer in the dialect's framing, applying the emulator's pacing and the dropDone fault. */
export async function writeDialectStream(ctx: RouteContext, d: Dialect, sctx: StreamContext, answer: DialectAnswer): Promise<void> {
  const { reply, state } = ctx;
  const eol = d.eol;
  const serialize = d.serialize ?? ((chunk: Json) => JSON.stringify(chunk));
  reply.start(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', ...ctx.extraHeaders });

  const comment = d.keepAlive ? `: ${d.keepAlive.comment}${eol}${eol}` : '';
  for (let i = 0; i < (d.keepAlive?.atStart ?? 0); i++) await reply.write(comment);

  let events = 0;
  const send = async (text: string): Promise<void> => {
    if (events > 0 && state.options.chunkDelayMs) await reply.sleep(state.options.chunkDelayMs);
    await reply.write(text);
    events += 1;
    if (d.keepAlive?.every && events % d.keepAlive.every === 0) await reply.write(comment);
  };

  for (const chunk of d.preamble?.(sctx) ?? []) await send(`data: ${serialize(chunk)}${eol}${eol}`);

  let first = true;
  let completionSoFar = 0;
  for (const step of plan(d, sctx, answer, state.options.chunkChars)) {
    if (reply.isClosed) return; // the client went away: stop generating
    if (step.kind === 'error') {
      await send(d.midStreamError.text(sctx, eol));
      if (d.midStreamError.then === 'done') await writeDone(ctx, d);
      await reply.end();
      return;
    }
    const { chunk, kind } = step;
    completionSoFar += wordsIn(chunk);
    if (kind === 'finish') {
      if (d.usage.onFinishChunk) chunk.usage = usageOf(d, answer);
      if (d.usage.xGroq) chunk.x_groq = { ...((chunk.x_groq as Json | undefined) ?? {}), usage: groqUsage(usageOf(d, answer)) };
    }
    if (d.usage.everyChunk) {
      const total = answer.usage.completion_tokens + reasoningWords(answer);
      chunk.usage = usageOf(d, answer, kind === 'finish' ? total : Math.min(completionSoFar, total));
    }
    d.decorate?.(chunk, kind, sctx, first);
    first = false;
    await send(`data: ${serialize(chunk)}${eol}${eol}`);
  }
  await writeDone(ctx, d);
  await reply.end();
}

async function writeDone(ctx: RouteContext, d: Dialect): Promise<void> {
  if (ctx.reply.fault.dropDone || d.done === 'none') return;
  await ctx.reply.write(d.done === 'event' ? `data: [DONE]${d.eol}${d.eol}` : `data: [DONE]${d.eol}`);
}

/** Words of text a chunk adds (content, reasoning, refusal), for cumulative usage. */
function wordsIn(chunk: Json): number {
  const choices = chunk.choices as Json[] | undefined;
  const delta = choices?.[0]?.delta as Json | undefined;
  if (!delta) return 0;
  let text = '';
  for (const key of ['content', 'reasoning', 'reasoning_content', 'refusal']) {
    const value = delta[key];
    if (typeof value === 'string') text += ` ${value}`;
  }
  return countWords(text);
}

/** The whole completion, for `stream: false`, with the dialect's message fields and finish vocabulary. */
export function completionOf(d: Dialect, sctx: StreamContext, answer: DialectAnswer): Json {
  const message: Json = { role: 'assistant' };
  let content = answer.refusal !== undefined && !d.refusalField ? answer.refusal : answer.content;
  if (answer.reasoning && d.reasoning !== 'hidden') {
    const inline = inlineReasoning(d, answer.reasoning);
    if (inline !== undefined) content = `${inline}${content ?? ''}`;
    else if (d.reasoning === 'thinking-chunks') {
      message.content = [
        { type: 'thinking', thinking: [{ type: 'text', text: answer.reasoning }] },
        { type: 'text', text: content ?? '' },
      ];
    } else message[d.reasoning] = answer.reasoning;
  }
  if (message.content === undefined) message.content = content;
  if (d.refusalField) message.refusal = answer.refusal ?? null;
  if (answer.toolCalls.length) {
    message.tool_calls = answer.toolCalls.map((c, i) => ({ id: d.toolCalls.id(i, sctx.seed), type: 'function', function: c.function }));
  }
  // Gemini's "stop" for tool calls is a streaming quirk; non-streamed answers say tool_calls (googleapis/python-genai#2868).
  const finish = answer.toolCalls.length ? 'tool_calls' : d.finishReason(answer.finishReason);
  return {
    id: sctx.id,
    object: 'chat.completion',
    created: sctx.created,
    model: sctx.model,
    choices: [{ index: 0, message, ...(d.logprobs ? { logprobs: null } : {}), finish_reason: finish }],
    usage: usageOf(d, answer),
  };
}
