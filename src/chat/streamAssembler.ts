/**
 * Builds the assistant message of a streamed chat completion from its chunks.
 * Pure: no `vscode`, no I/O.
 */

import { contentOf } from './contentParts';
import { InlineReasoningSplitter, type SplitText } from './inlineReasoning';
import type { ChatChunk, ChatUsage, FinishReason, ReasoningAndRefusal, ToolCall, ToolCallDelta } from '../gateway/types/chat';

/** A piece of a tool call that one chunk carried. */
export interface ToolCallFragment {
  /** The call's position among the message's tool calls (the wire `index`; without one, the order the calls came in). */
  index: number;
  /** Present when this chunk gave the call's id (usually its first fragment). */
  id?: string;
  /** Present when this chunk gave the function name. */
  name?: string;
  /** The text appended to the call's arguments ('' if none). */
  arguments: string;
}

/** What one chunk added to the message. */
export interface ChatDelta {
  /** Text appended to the content ('' if none). */
  text: string;
  /** Text appended to the model's reasoning ('' if none). */
  reasoning: string;
  /** Text appended to the model's refusal ('' if none). */
  refusal: string;
  toolCalls: readonly ToolCallFragment[];
  /** Set by the chunk that ends the choice. */
  finishReason: FinishReason | null;
  /** Set by the chunk that carries token usage. */
  usage?: ChatUsage;
}

export interface AssembledMessage {
  role: 'assistant';
  /** null when no text came (e.g. only tool calls). */
  content: string | null;
  /** Present when the model sent its reasoning. */
  reasoning?: string;
  /** Present when the model refused to answer. */
  refusal?: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason | null;
  usage?: ChatUsage;
  id?: string;
  model?: string;
}

interface ToolCallBuilder {
  index: number;
  id: string;
  name: string;
  argumentParts: string[];
}

const NO_FRAGMENTS: readonly ToolCallFragment[] = Object.freeze([]);

/**
 * Accumulates chunks of choice 0 (requests never ask for several choices; a
 * choice without `index` counts as 0). Tool-call fragments with an `index`
 * are joined by it; without one (Gemini's endpoint), a fragment with an id
 * not seen yet starts a call, one with a known id continues that call, and
 * one without id continues the call last added to. The id and name are
 * taken from the first fragment that has them (repeats are ignored),
 * arguments are concatenated in arrival order, whether a call comes whole
 * in one chunk or in pieces interleaved with other calls. Usage is the last
 * one sent, or else Groq's (in `x_groq`, when it ignores stream_options).
 */
export class ChatStreamAssembler {
  private readonly inlineReasoning = new InlineReasoningSplitter();
  private readonly contentParts: string[] = [];
  private readonly reasoningParts: string[] = [];
  private readonly refusalParts: string[] = [];
  private readonly toolCalls = new Map<number, ToolCallBuilder>();
  /** By the wire `index`: the call its fragments without an id continue. */
  private readonly toolCallsByWireIndex = new Map<number, ToolCallBuilder>();
  private readonly toolCallsById = new Map<string, ToolCallBuilder>();
  private latestToolCall: ToolCallBuilder | undefined;
  private finishReason: FinishReason | null = null;
  private usage: ChatUsage | undefined;
  private groqUsage: ChatUsage | undefined;
  private id: string | undefined;
  private model: string | undefined;

  add(chunk: ChatChunk): ChatDelta {
    if (this.id === undefined && chunk.id) this.id = chunk.id;
    if (this.model === undefined && chunk.model) this.model = chunk.model;
    const usage = chunk.usage ?? chunk.x_groq?.usage ?? undefined;
    if (chunk.usage) this.usage = chunk.usage;
    else if (usage) this.groqUsage = usage;
    const choice = chunk.choices.find((c) => (c.index ?? 0) === 0);
    if (!choice) return { text: '', reasoning: '', refusal: '', toolCalls: NO_FRAGMENTS, finishReason: null, usage };
    const delta = choice.delta ?? {};
    const finishReason = choice.finish_reason ?? null;
    const parts = contentOf(delta.content);
    const inline = this.inlineReasoning.push(parts.text);
    if (finishReason) appendSplit(inline, this.inlineReasoning.end());
    const text = inline.text;
    if (text) this.contentParts.push(text);
    const reasoning = reasoningOf(delta) + parts.reasoning + inline.reasoning;
    if (reasoning) this.reasoningParts.push(reasoning);
    const refusal = typeof delta.refusal === 'string' ? delta.refusal : '';
    if (refusal) this.refusalParts.push(refusal);
    const toolCalls = delta.tool_calls?.length ? delta.tool_calls.map((d) => this.addToolCall(d)) : NO_FRAGMENTS;
    if (finishReason) this.finishReason = finishReason;
    return { text, reasoning, refusal, toolCalls, finishReason, usage };
  }

  /** The message so far; callable at any time, also before the stream ends. */
  result(): AssembledMessage {
    const content = joinOnce(this.contentParts);
    const reasoning = joinOnce(this.reasoningParts);
    const refusal = joinOnce(this.refusalParts);
    const message: AssembledMessage = {
      role: 'assistant',
      content,
      toolCalls: [...this.toolCalls.values()].sort((a, b) => a.index - b.index).map(toToolCall),
      finishReason: this.finishReason,
    };
    if (reasoning !== null) message.reasoning = reasoning;
    if (refusal !== null) message.refusal = refusal;
    const usage = this.usage ?? this.groqUsage;
    if (usage) message.usage = usage;
    if (this.id !== undefined) message.id = this.id;
    if (this.model !== undefined) message.model = this.model;
    return message;
  }

  private addToolCall(delta: ToolCallDelta): ToolCallFragment {
    const call = this.toolCallFor(delta);
    this.latestToolCall = call;
    const fragment: ToolCallFragment = { index: call.index, arguments: '' };
    if (delta.id && !call.id) {
      call.id = fragment.id = delta.id;
      this.toolCallsById.set(delta.id, call);
    }
    const name = delta.function?.name;
    if (name && !call.name) call.name = fragment.name = name;
    const args = argumentsText(delta.function?.arguments);
    if (args) {
      call.argumentParts.push(args);
      fragment.arguments = args;
    }
    return fragment;
  }

  private toolCallFor(delta: ToolCallDelta): ToolCallBuilder {
    if (typeof delta.index === 'number') {
      const known = this.toolCallsByWireIndex.get(delta.index);
      // Ollama sends parallel calls each whole with its own id, all with index 0 (ollama/ollama#15457): a new id is a new call.
      if (known && !(delta.id && known.id && delta.id !== known.id)) return known;
      const call = this.startToolCall(this.toolCalls.has(delta.index) ? this.nextPosition() : delta.index);
      this.toolCallsByWireIndex.set(delta.index, call);
      return call;
    }
    const known = delta.id ? this.toolCallsById.get(delta.id) : this.latestToolCall;
    return known ?? this.startToolCall(this.nextPosition());
  }

  private nextPosition(): number {
    return this.toolCalls.size === 0 ? 0 : Math.max(...this.toolCalls.keys()) + 1;
  }

  private startToolCall(index: number): ToolCallBuilder {
    const call: ToolCallBuilder = { index, id: '', name: '', argumentParts: [] };
    this.toolCalls.set(index, call);
    return call;
  }
}

/** The reasoning a delta or message carries. A server sending both names (vLLM while it renamed the field) sends the same text twice: it counts once. */
export function reasoningOf(fields: ReasoningAndRefusal): string {
  const { reasoning_content: older, reasoning: newer } = fields;
  if (typeof older === 'string' && older !== '') return older;
  return typeof newer === 'string' ? newer : '';
}

/** Arguments as JSON text; a few servers (MiniMax, Venice) send them as an object instead of a string. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : '';
}

function appendSplit(to: SplitText, more: SplitText): void {
  to.text += more.text;
  to.reasoning += more.reasoning;
}

/** The parts joined, or null when there are none; joined once: the next call does not join these parts again. */
function joinOnce(parts: string[]): string | null {
  if (parts.length === 0) return null;
  const joined = parts.join('');
  if (parts.length > 1) parts.splice(0, parts.length, joined);
  return joined;
}

function toToolCall(call: ToolCallBuilder): ToolCall {
  return {
    // A call must have an id for its result message to refer to it.
    id: call.id || `call_${call.index}`,
    type: 'function',
    function: { name: call.name, arguments: call.argumentParts.join('') },
  };
}

/** Reads a whole chunk stream into one message. */
export async function collectChat(chunks: AsyncIterable<ChatChunk>): Promise<AssembledMessage> {
  const assembler = new ChatStreamAssembler();
  for await (const chunk of chunks) assembler.add(chunk);
  return assembler.result();
}
