/**
 * A stream dialect: how one real OpenAI-compatible server frames a streamed
 * chat completion. Pure data plus small functions; the writer
 * (`dialect-stream.ts`) consults it and never branches on a server's name.
 */

import type { FinishReason } from '../../../../src/gateway/types/chat';

export const DIALECT_NAMES = [
  'openai',
  'azure',
  'vllm',
  'ollama',
  'llamacpp',
  'groq',
  'gemini',
  'openrouter',
  'deepseek',
  'mistral',
  'together',
  'fireworks',
] as const;

export type DialectName = (typeof DIALECT_NAMES)[number];

export function isDialectName(value: unknown): value is DialectName {
  return typeof value === 'string' && (DIALECT_NAMES as readonly string[]).includes(value);
}

/** A JSON object as written on the wire. */
export type Json = Record<string, unknown>;

/**
 * Where the reasoning text goes:
 * - `reasoning_content` / `reasoning`: a delta field of that name;
 * - `think-tags` / `thought-tags`: inside `content`, wrapped in `<think>` or `<thought>`;
 * - `thinking-chunks`: `content` becomes an array `[{type:'thinking', thinking:[{type:'text', text}]}]` (Mistral);
 * - `hidden`: not streamed at all, only counted in usage.completion_tokens_details.reasoning_tokens (OpenAI chat).
 */
export type ReasoningStyle = 'reasoning_content' | 'reasoning' | 'think-tags' | 'thought-tags' | 'thinking-chunks' | 'hidden';

export interface ToolCallStyle {
  /** 'fragments': id and name first, then the arguments in pieces; 'whole': one delta per call with everything. */
  shape: 'fragments' | 'whole';
  /** Whether `tool_calls[].index` is sent. */
  index: boolean;
  /** Every call is sent with index 0, each whole with its own id (Ollama 0.20: ollama/ollama#15457). */
  indexAlwaysZero?: boolean;
  /** The first fragment's `function.arguments`: '' (OpenAI), or left out (vLLM). */
  firstArguments: 'empty' | 'absent';
  /** All calls in one chunk, carrying the finish_reason too (Mistral). */
  allInOneChunkWithFinish?: boolean;
  /** The call id for call `n` (0-based) of the answer. */
  id(n: number, seed: string): string;
}

export interface UsagePlacement {
  /** `stream_options.include_usage` adds a last chunk with `choices: []` and the usage. */
  includeUsageChunk: boolean;
  /** The chunk that carries the finish_reason also carries `usage`, whatever the request asked. */
  onFinishChunk: boolean;
  /** Groq: `x_groq.usage` on the finish chunk. */
  xGroq?: boolean;
  /** Every chunk carries the usage so far (cumulative). */
  everyChunk?: boolean;
  /** Usage is always sent in a last `choices: []` chunk, asked for or not (OpenRouter). */
  alwaysFinalChunk?: boolean;
}

/** What a dialect answers instead of streaming: a status and the server's own body. */
export interface DialectRefusal {
  status: number;
  body: Json;
}

/** The request as the dialect sees it before the emulator's own checks. */
export interface DialectRequest {
  body: Json;
  model: string;
  stream: boolean;
  /** The query string of the request URL (Azure's `api-version`). */
  query: URLSearchParams;
}

/** Facts of one streamed answer the dialect's functions may use. */
export interface StreamContext {
  id: string;
  created: number;
  model: string;
  includeUsage: boolean;
  /** Differs per request; tool call ids are derived from it. */
  seed: string;
  /** Whether this answer streams reasoning before its content. */
  reasoning: boolean;
}

/** Which kind of chunk a decorator is looking at. */
export type ChunkKind = 'role' | 'reasoning' | 'content' | 'refusal' | 'tool' | 'finish' | 'usage';

/** How the server reports a failure after the stream has started (the `overflow` trigger). */
export interface MidStreamError {
  /** The raw SSE text written, line ends included. */
  text(ctx: StreamContext, eol: string): string;
  /** After it: 'done' writes the dialect's [DONE] framing, 'close' just ends the body. */
  then: 'done' | 'close';
}

export interface Dialect {
  name: DialectName;
  /** Where each behaviour comes from: repository + path, issue or doc URL. */
  sources: readonly string[];
  /** The line terminator of every SSE line. */
  eol: '\n' | '\r\n';
  /** Comment keep-alives: `: <comment>` lines, some before the first event and one every `every` events. */
  keepAlive?: { comment: string; atStart: number; every: number };
  /** `event`: `data: [DONE]` and a blank line; `line`: `data: [DONE]` and one line end, no blank line; `none`. */
  done: 'event' | 'line' | 'none';
  /** The delta of the first chunk, or null when there is no role chunk. */
  roleDelta: ((refusal: boolean) => Json) | null;
  reasoning: ReasoningStyle;
  /** Whether a refusal is streamed in `delta.refusal`; otherwise it is plain content. */
  refusalField: boolean;
  toolCalls: ToolCallStyle;
  usage: UsagePlacement;
  /** Usage fields beyond prompt/completion/total (cache, reasoning, cost, timings). */
  usageExtras?(usage: Json, reasoningWords: number): Json;
  /** The server's finish_reason vocabulary. */
  finishReason(reason: FinishReason): string;
  /** The chunk id format. */
  chunkId(seed: string): string;
  /** Whether choices carry `logprobs: null`. */
  logprobs: boolean;
  /** Mutates a chunk to add the server's extra fields (fingerprints, filters, token ids...); `first` is the stream's first chunk. */
  decorate?(chunk: Json, kind: ChunkKind, ctx: StreamContext, first: boolean): void;
  /** How a chunk is serialized, when not plain JSON.stringify (llama.cpp's JSON library sorts keys). */
  serialize?(chunk: Json): string;
  /** Chunks sent before the role chunk (Azure's prompt filter results). */
  preamble?(ctx: StreamContext): Json[];
  midStreamError: MidStreamError;
  /** A 4xx the server answers before streaming, with its real text; undefined to go on. */
  refuse?(req: DialectRequest): DialectRefusal | undefined;
  /** Request fields this server accepts beyond the emulator's own list (dropped before its checks). */
  extraFields: readonly string[];
  /** Model ids this server serves besides the emulator catalog; `'*'` accepts any id (llama.cpp ignores it). */
  models: readonly string[] | '*';
  /** Model ids that always reason before answering. */
  reasoners: readonly string[];
}
