/**
 * The deterministic chat model. Its answer depends on the last user message:
 *   - a message that is a key of the `scriptedAnswers` option → its value;
 *   - a message that is a key of the `scriptedRuns` option → an agent run:
 *     the answer after it is read from the run's first step, the answer
 *     after that (to the tool results) from its second, and so on; a step
 *     naming a tool calls it (as a user message would), any other is the
 *     answer's text; past the last step, as without a run;
 *   - a message naming a tool (when tools are offered and tool_choice is not
 *     'none') → tool calls; a forced tool_choice always calls that function;
 *   - trailing `tool` messages → `Tool results: <name>=<content>; ...`;
 *   - `forbidden` → the echo cut before that word, finish_reason content_filter;
 *   - `length N` → exactly N words;
 *   - `markdown` → a long markdown document;
 *   - otherwise `echo: <text>`.
 * Then `stop` cuts before the first stop sequence, and `max_tokens` (one word
 * = one token) cuts with finish_reason `length`.
 */

import type { ChatMessage, ChatUsage, FinishReason, ToolCall } from '../../../src/gateway/types/chat';
import { toolCallId } from '../core/ids';
import { echoAnswer, MARKDOWN_ANSWER, MAX_LENGTH_WORDS, wordsAnswer } from './answers';
import type { ChatTurn } from './chat-request';
import { argumentsFromSchema, breakJson, callsNamedIn, PlannedCall } from './tool-calls';
import { countWords, firstWords } from '../core/words';

export interface ScriptedAnswer {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: ChatUsage;
}

export interface ScriptOptions {
  invalidToolJson: boolean;
  /** When set, a request offering tools calls the first one this many times (the manyToolCalls fault). */
  manyToolCalls?: number;
  /** When set, every tool call of the answer carries this id (the sharedToolCallId fault). */
  sharedToolCallId?: string;
  /** Answers chosen by the test, by the exact text of the last user message. */
  scriptedAnswers: Readonly<Record<string, string>>;
  /** Agent runs chosen by the test, by the exact text of the last user message: one step per answer. */
  scriptedRuns?: Readonly<Record<string, readonly string[]>>;
}

export function scriptAnswer(turn: ChatTurn, opts: ScriptOptions): ScriptedAnswer {
  const promptTokens = Math.max(1, promptWordCount(turn));
  const step = runStep(turn.messages, opts.scriptedRuns ?? {});
  const planned = step === undefined ? plannedCalls(turn, opts.manyToolCalls) : stepCalls(turn, step);
  if (planned.length) {
    const toolCalls: ToolCall[] = planned.map((c) => ({
      id: opts.sharedToolCallId ?? toolCallId(),
      type: 'function',
      function: { name: c.name, arguments: opts.invalidToolJson ? breakJson(c.arguments) : c.arguments },
    }));
    const completion = toolCalls.reduce((n, c) => n + Math.ceil((c.function.name.length + c.function.arguments.length) / 4), 0);
    return { content: null, toolCalls, finishReason: 'tool_calls', usage: usage(promptTokens, completion) };
  }
  let { text, finishReason } = step === undefined ? textAnswer(turn.messages, opts.scriptedAnswers) : { text: step, finishReason: 'stop' as FinishReason };
  const stopAt = firstStopIndex(text, turn.stop);
  if (stopAt !== undefined) text = text.slice(0, stopAt);
  if (turn.maxTokens !== undefined && countWords(text) > turn.maxTokens) {
    text = firstWords(text, turn.maxTokens);
    if (finishReason === 'stop') finishReason = 'length';
  }
  return { content: text, toolCalls: [], finishReason, usage: usage(promptTokens, countWords(text)) };
}

function plannedCalls(turn: ChatTurn, repeatFirstTool: number | undefined): PlannedCall[] {
  if (!turn.tools.length || turn.toolChoice === 'none') return [];
  const last = turn.messages[turn.messages.length - 1];
  if (!last || last.role !== 'user') return [];
  const first = turn.tools[0]!.function;
  if (repeatFirstTool) return Array.from({ length: repeatFirstTool }, () => ({ name: first.name, arguments: argumentsFromSchema(first.parameters) }));
  const choice = turn.toolChoice;
  if (typeof choice === 'object') {
    const tool = turn.tools.find((t) => t.function.name === choice.function.name);
    if (!tool) return [];
    const named = callsNamedIn(last.content, [tool]);
    return named.length ? named : [{ name: tool.function.name, arguments: argumentsFromSchema(tool.function.parameters) }];
  }
  return callsNamedIn(last.content, turn.tools);
}

/** The step of a scripted run this request is at: the run of the last user message, counted by the answers since it. */
function runStep(messages: readonly ChatMessage[], runs: Readonly<Record<string, readonly string[]>>): string | undefined {
  let answers = 0;
  let i = messages.length - 1;
  for (; i >= 0 && messages[i]!.role !== 'user'; i--) if (messages[i]!.role === 'assistant') answers++;
  const prompt = messages[i]?.content;
  return typeof prompt === 'string' && Object.hasOwn(runs, prompt) ? runs[prompt]![answers] : undefined;
}

function stepCalls(turn: ChatTurn, step: string): PlannedCall[] {
  return turn.tools.length && turn.toolChoice !== 'none' ? callsNamedIn(step, turn.tools) : [];
}

function textAnswer(messages: readonly ChatMessage[], scripted: Readonly<Record<string, string>>): { text: string; finishReason: FinishReason } {
  const toolResults = trailingToolResults(messages);
  if (toolResults) return { text: toolResults, finishReason: 'stop' };
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const prompt = lastUser?.content ?? '';
  if (Object.hasOwn(scripted, prompt)) return { text: scripted[prompt] ?? '', finishReason: 'stop' };
  const forbidden = /forbidden/i.exec(prompt);
  if (forbidden) {
    const echo = echoAnswer(prompt);
    return { text: echo.slice(0, echo.toLowerCase().indexOf('forbidden')).trimEnd(), finishReason: 'content_filter' };
  }
  const length = /\blength\s+(\d+)\b/i.exec(prompt);
  if (length) return { text: wordsAnswer(Math.min(MAX_LENGTH_WORDS, Number(length[1]))), finishReason: 'stop' };
  if (/markdown/i.test(prompt)) return { text: MARKDOWN_ANSWER, finishReason: 'stop' };
  return { text: echoAnswer(prompt), finishReason: 'stop' };
}

/** `Tool results: a=1; b=2` for the tool messages that end the conversation. */
function trailingToolResults(messages: readonly ChatMessage[]): string | undefined {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m || m.role !== 'tool') break;
    results.unshift(`${m.name || toolNameOf(messages, m.tool_call_id)}=${m.content}`);
  }
  return results.length ? `Tool results: ${results.join('; ')}` : undefined;
}

function toolNameOf(messages: readonly ChatMessage[], callId: string): string {
  for (const m of messages) {
    if (m.role === 'assistant') {
      const call = m.tool_calls?.find((c) => c.id === callId);
      if (call) return call.function.name;
    }
  }
  return callId;
}

function firstStopIndex(text: string, stops: readonly string[]): number | undefined {
  const found = stops.map((s) => (s ? text.indexOf(s) : -1)).filter((i) => i >= 0);
  return found.length ? Math.min(...found) : undefined;
}

function promptWordCount(turn: ChatTurn): number {
  let words = 0;
  for (const m of turn.messages) {
    words += countWords(m.content ?? '');
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) words += countWords(`${c.function.name} ${c.function.arguments}`);
  }
  // Function definitions are billed as input tokens.
  return words + (turn.tools.length ? Math.ceil(JSON.stringify(turn.tools).length / 4) : 0);
}

function usage(prompt: number, completion: number): ChatUsage {
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
