/**
 * What a gateway's models were found to refuse in chat requests, learnt from
 * their answers and remembered for the client's life (one gateway, one
 * session): `stream_options`, which several backends do not know, and
 * `max_tokens`, which OpenAI's reasoning models (o-series, gpt-5) refuse,
 * asking for `max_completion_tokens`. A refused request generated nothing,
 * so it is safe to send it again; each lesson is learnt once per model.
 */
import { isGatewayError } from './errors';
import type { ChatRequest } from './types/chat';

const STREAM_OPTIONS = 'stream_options';
const COMPLETION_TOKENS = 'max_completion_tokens';

export class ChatRequestAdapter {
  private readonly withoutStreamOptions = new Set<string>();
  private readonly withCompletionTokens = new Set<string>();

  /** The body of `req` as its model is known to take it; `streamOptions` are left out where refused. */
  body(req: ChatRequest, stream: boolean, streamOptions?: object): Record<string, unknown> {
    const { max_tokens: maxTokens, ...rest } = req;
    const body: Record<string, unknown> = { ...rest, stream };
    if (maxTokens !== undefined) body[this.withCompletionTokens.has(req.model) ? COMPLETION_TOKENS : 'max_tokens'] = maxTokens;
    if (streamOptions && !this.withoutStreamOptions.has(req.model)) body[STREAM_OPTIONS] = streamOptions;
    return body;
  }

  /** Learns from the error answering `body`: true when the model refused a field this adapter can do without (send it again). */
  learn(model: string, body: Readonly<Record<string, unknown>>, error: unknown): boolean {
    // 422: servers built on FastAPI refuse unknown fields so.
    if (!isGatewayError(error) || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return false;
    const names = (field: string): boolean => error.param === field || error.message.includes(field);
    if (body[STREAM_OPTIONS] !== undefined && names(STREAM_OPTIONS)) {
      this.withoutStreamOptions.add(model);
      return true;
    }
    if (body.max_tokens !== undefined && error.message.includes(COMPLETION_TOKENS)) {
      this.withCompletionTokens.add(model);
      return true;
    }
    return false;
  }
}
