import { CHAT_STREAM_LIMITS, readChatChunkBatches } from './chatChunkBatches';
import { chunkByChunk } from './chatStream';
import { Transport } from './transport';
import { ChatChunk, ChatCompletion, ChatRequest } from './types/chat';
import { validateChatRequest } from './validation';

/** `chunks` and `batches` are two views of one response body: read one of them. */
export interface ChatStream {
  requestId?: string;
  /** The chunks one by one (readChatChunks). */
  chunks: AsyncIterable<ChatChunk>;
  /** The chunks in the arrays that each network read completed (readChatChunkBatches): cheaper per chunk. */
  batches: AsyncIterable<readonly ChatChunk[]>;
}

export class ChatApi {
  constructor(private readonly transport: Transport) {}

  async create(req: ChatRequest, signal?: AbortSignal): Promise<ChatCompletion> {
    validateChatRequest(req);
    const response = await this.transport.send({
      method: 'POST', path: '/chat/completions', json: { ...req, stream: false }, signal, retry: 'safe',
    });
    return response.json<ChatCompletion>();
  }

  /** Resolves once the response headers arrived (errors and retries happen before); chunks follow. */
  async stream(req: ChatRequest, options: { signal?: AbortSignal; includeUsage?: boolean } = {}): Promise<ChatStream> {
    validateChatRequest(req);
    const body = { ...req, stream: true, ...(options.includeUsage ? { stream_options: { include_usage: true } } : {}) };
    const response = await this.transport.send({
      method: 'POST', path: '/chat/completions', json: body, signal: options.signal, retry: 'safe', accept: 'text/event-stream',
    });
    const limits = { ...CHAT_STREAM_LIMITS, maxMs: this.transport.timeouts.chatStreamMs };
    const batches = readChatChunkBatches(response.body, options.signal, limits);
    return { requestId: response.requestId, chunks: chunkByChunk(batches, options.signal), batches };
  }
}
