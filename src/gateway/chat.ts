import { CHAT_STREAM_LIMITS, readChatChunkBatches } from './chatChunkBatches';
import { ChatRequestAdapter } from './chatRequestAdapter';
import { chunkByChunk } from './chatStream';
import { GatewayResponse, Transport } from './transport';
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
  private readonly adapter = new ChatRequestAdapter();

  constructor(private readonly transport: Transport) {}

  async create(req: ChatRequest, signal?: AbortSignal, headers?: Readonly<Record<string, string>>): Promise<ChatCompletion> {
    validateChatRequest(req);
    const response = await this.send(req, false, signal, undefined, headers);
    return response.json<ChatCompletion>();
  }

  /**
   * Resolves once the response headers arrived (errors and retries happen
   * before); chunks follow. `includeUsage` asks for usage with
   * stream_options, unless the model refused that field before.
   */
  async stream(
    req: ChatRequest,
    options: { signal?: AbortSignal; includeUsage?: boolean; headers?: Readonly<Record<string, string>> } = {},
  ): Promise<ChatStream> {
    validateChatRequest(req);
    const response = await this.send(req, true, options.signal, options.includeUsage ? { include_usage: true } : undefined, options.headers);
    const limits = { ...CHAT_STREAM_LIMITS, maxMs: this.transport.timeouts.chatStreamMs };
    const batches = secretsHidden(readChatChunkBatches(response.body, options.signal, limits), response);
    return { requestId: response.requestId, chunks: chunkByChunk(batches, options.signal), batches };
  }

  /** Sends the request, again (once per field) when the model refuses a field the adapter can do without. */
  private async send(
    req: ChatRequest,
    stream: boolean,
    signal: AbortSignal | undefined,
    streamOptions?: object,
    headers?: Readonly<Record<string, string>>,
  ): Promise<GatewayResponse> {
    for (;;) {
      const json = this.adapter.body(req, stream, streamOptions);
      try {
        return await this.transport.send({
          method: 'POST',
          path: '/chat/completions',
          json,
          signal,
          retry: 'safe',
          ...(stream ? { accept: 'text/event-stream' } : {}),
          ...(headers ? { headers } : {}),
        });
      } catch (error) {
        if (!this.adapter.learn(req.model, json, error)) throw error;
      }
    }
  }
}

/** The batches, with the secrets taken out of the error that ends them (a server's error event may echo the key). */
async function* secretsHidden<T>(batches: AsyncGenerator<T, void>, response: GatewayResponse): AsyncGenerator<T, void> {
  try {
    yield* batches;
  } catch (error) {
    throw response.hideSecrets?.(error) ?? error;
  }
}
