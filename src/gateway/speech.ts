import { Transport } from './transport';
import { SpeechRequest, SpeechUsage } from './types/speech';
import { validateSpeechRequest } from './validation';

export interface SpeechAudio {
  contentType: string;
  usage: SpeechUsage;
  requestId?: string;
  /** Audio bytes as they arrive (the server may send them sentence by sentence). */
  body: AsyncIterable<Uint8Array>;
}

export class SpeechApi {
  constructor(private readonly transport: Transport) {}

  async synthesize(req: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio> {
    validateSpeechRequest(req);
    const response = await this.transport.send({
      method: 'POST', path: '/audio/speech', json: req, signal, retry: 'paid', accept: 'audio/*',
    });
    const header = (name: string) => {
      const value = Number(response.headers[name]);
      return Number.isFinite(value) && response.headers[name] !== undefined ? value : undefined;
    };
    return {
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
      usage: {
        inputTokens: header('x-usage-input-tokens'),
        outputTokens: header('x-usage-output-tokens'),
        totalTokens: header('x-usage-total-tokens'),
      },
      requestId: response.requestId,
      body: response.body,
    };
  }
}
