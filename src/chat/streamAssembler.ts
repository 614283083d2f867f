/**
 * Builds the assistant message of a streamed chat completion from its chunks.
 * Pure: no `vscode`, no I/O.
 */

import type { ChatChunk, ChatUsage, FinishReason, ToolCall, ToolCallDelta } from '../gateway/types/chat';

/** A piece of a tool call that one chunk carried. */
export interface ToolCallFragment {
  /** The call's position among the message's tool calls (the wire `index`). */
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
 * Accumulates chunks of choice 0 (requests never ask for several choices).
 * Tool-call fragments are joined by `index`: the id and name are taken from
 * the first fragment that has them (repeats are ignored), arguments are
 * concatenated in arrival order, whether a call comes whole in one chunk or
 * in pieces interleaved with other calls.
 */
export class ChatStreamAssembler {
  private contentParts: string[] = [];
  private readonly toolCalls = new Map<number, ToolCallBuilder>();
  private finishReason: FinishReason | null = null;
  private usage: ChatUsage | undefined;
  private id: string | undefined;
  private model: string | undefined;

  add(chunk: ChatChunk): ChatDelta {
    if (this.id === undefined && chunk.id) this.id = chunk.id;
    if (this.model === undefined && chunk.model) this.model = chunk.model;
    const usage = chunk.usage ?? undefined;
    if (usage) this.usage = usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return { text: '', toolCalls: NO_FRAGMENTS, finishReason: null, usage };
    const delta = choice.delta ?? {};
    const text = typeof delta.content === 'string' ? delta.content : '';
    if (text) this.contentParts.push(text);
    const toolCalls = delta.tool_calls?.length ? delta.tool_calls.map((d, position) => this.addToolCall(d, position)) : NO_FRAGMENTS;
    const finishReason = choice.finish_reason ?? null;
    if (finishReason) this.finishReason = finishReason;
    return { text, toolCalls, finishReason, usage };
  }

  /** The message so far; callable at any time, also before the stream ends. */
  result(): AssembledMessage {
    const content = this.contentParts.length ? this.contentParts.join('') : null;
    // Joined once: the next result() does not join these parts again.
    if (this.contentParts.length > 1 && content !== null) this.contentParts = [content];
    const message: AssembledMessage = {
      role: 'assistant',
      content,
      toolCalls: [...this.toolCalls.values()].sort((a, b) => a.index - b.index).map(toToolCall),
      finishReason: this.finishReason,
    };
    if (this.usage) message.usage = this.usage;
    if (this.id !== undefined) message.id = this.id;
    if (this.model !== undefined) message.model = this.model;
    return message;
  }

  private addToolCall(delta: ToolCallDelta, position: number): ToolCallFragment {
    // Some servers omit the index when every call comes whole in one chunk.
    const index = typeof delta.index === 'number' ? delta.index : position;
    let call = this.toolCalls.get(index);
    if (!call) {
      call = { index, id: '', name: '', argumentParts: [] };
      this.toolCalls.set(index, call);
    }
    const fragment: ToolCallFragment = { index, arguments: '' };
    if (delta.id && !call.id) call.id = fragment.id = delta.id;
    const name = delta.function?.name;
    if (name && !call.name) call.name = fragment.name = name;
    const args = delta.function?.arguments;
    if (args) {
      call.argumentParts.push(args);
      fragment.arguments = args;
    }
    return fragment;
  }
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
