/** Fakes for the chat tests: a scripted backend and chunk builders. */
import type { ChatBackend } from '../../../src/chat/chatSession';
import { collectChat } from '../../../src/chat/streamAssembler';
import { GatewayError } from '../../../src/gateway/errors';
import type { ChatChunk, ChatCompletion, ChatRequest, ChatUsage, FinishReason } from '../../../src/gateway/types/chat';

export function chunk(content: string | undefined, finishReason: FinishReason | null = null, usage?: ChatUsage): ChatChunk {
  return {
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: usage ? [] : [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}

export const USAGE: ChatUsage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };

/** Chunks of a complete answer: the pieces, a finish reason, then usage. */
export async function* answer(pieces: string[], finishReason: FinishReason = 'stop'): AsyncGenerator<ChatChunk> {
  for (const piece of pieces) yield chunk(piece);
  yield chunk(undefined, finishReason);
  yield chunk(undefined, null, USAGE);
}

/** Yields the pieces, then waits until the signal aborts and fails as the real client does. */
export async function* untilAborted(pieces: string[], signal: AbortSignal | undefined): AsyncGenerator<ChatChunk> {
  for (const piece of pieces) yield chunk(piece);
  await new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    else signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  throw new GatewayError({ kind: 'aborted', message: 'The request was cancelled.' });
}

export interface FakeBackend extends ChatBackend {
  requests: ChatRequest[];
  /** How each request was made, in order. */
  modes: Array<'stream' | 'create'>;
  /** The headers each request carried for itself (the session header). */
  headers: Array<Readonly<Record<string, string>> | undefined>;
}

export function fakeBackend(script: (request: ChatRequest, signal: AbortSignal | undefined) => AsyncIterable<ChatChunk>, requestId = 'req-1'): FakeBackend {
  const requests: ChatRequest[] = [];
  const modes: FakeBackend['modes'] = [];
  const headers: FakeBackend['headers'] = [];
  return {
    requests,
    modes,
    headers,
    async stream(request, options) {
      requests.push(structuredClone(request));
      modes.push('stream');
      headers.push(options.headers);
      return { requestId, batches: oneChunkPerBatch(script(request, options.signal)) };
    },
    async create(request, signal, sent) {
      requests.push(structuredClone(request));
      modes.push('create');
      headers.push(sent);
      return completionOf(await collectChat(script(request, signal)));
    },
  };
}

/** The non-streamed form of an assembled answer. */
function completionOf(message: Awaited<ReturnType<typeof collectChat>>): ChatCompletion {
  return {
    id: message.id ?? 'c1',
    object: 'chat.completion',
    created: 0,
    model: message.model ?? 'm',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: message.content, ...(message.toolCalls.length ? { tool_calls: message.toolCalls } : {}) },
        finish_reason: message.finishReason ?? 'stop',
      },
    ],
    ...(message.usage ? { usage: message.usage } : {}),
  };
}

/** The chunks as the real client hands them out, in batches: here one chunk per batch. */
async function* oneChunkPerBatch(chunks: AsyncIterable<ChatChunk>): AsyncGenerator<ChatChunk[]> {
  for await (const chunk of chunks) yield [chunk];
}

/** Resolves after the event loop has run pending callbacks. */
export function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
