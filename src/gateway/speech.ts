import { Transport } from './transport';
import { SpeechRequest, SpeechUsage } from './types/speech';
import { GatewayError } from './errors';
import { validateSpeechRequest } from './validation';
import { formatBytes } from './responseLimits';
import { t } from '../l10n/localize';

export interface SpeechAudio {
  contentType: string;
  usage: SpeechUsage;
  requestId?: string;
  /**
   * Audio bytes as they arrive (the server may send them sentence by
   * sentence), up to `limits.speechAudioBytes` (MAX_SPEECH_AUDIO_BYTES): more
   * is a `response_limit` error and the rest is not read.
   */
  body: AsyncIterable<Uint8Array>;
}

export class SpeechApi {
  /** Voice ids the gateway listed (GET /audio/voices), accepted besides the spec's. */
  private listedVoices: ReadonlySet<string> = new Set();

  constructor(private readonly transport: Transport) {}

  /**
   * The voices the speech server has: GET /v1/audio/voices of Kokoro-FastAPI
   * (api/src/routers/openai_compatible.py), which answers
   * `{"voices": ["af_bella", …]}` (older releases, `?legacy=true`) or
   * `{"voices": [{"id", "name"}, …]}`; OpenAI-style lists `{"data": [{"id"}]}`
   * are read too. Undefined when the gateway does not answer it (404, other
   * shape): callers fall back to the spec's table.
   */
  async voices(signal?: AbortSignal): Promise<string[] | undefined> {
    let body: unknown;
    try {
      const response = await this.transport.send({ method: 'GET', path: '/audio/voices', signal, retry: 'safe' });
      body = await response.json<unknown>();
    } catch (error) {
      if (
        error instanceof GatewayError &&
        error.kind === 'http' &&
        error.status !== undefined &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 429
      )
        return undefined;
      throw error;
    }
    const ids = voiceIdsOf(body);
    if (ids) this.listedVoices = new Set(ids);
    return ids;
  }

  async synthesize(req: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio> {
    validateSpeechRequest(req, this.listedVoices);
    const response = await this.transport.send({
      method: 'POST',
      path: '/audio/speech',
      json: req,
      signal,
      retry: 'paid',
      accept: 'audio/*',
      bodyLimit: {
        maxBytes: this.transport.limits.speechAudioBytes,
        tooLarge: t(
          "The gateway's audio for one piece of speech is larger than {0}, the most this extension reads for one request.",
          formatBytes(this.transport.limits.speechAudioBytes),
        ),
      },
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

/** At most this many ids are taken from a voice list (a hostile gateway cannot flood the picker). */
const MAX_LISTED_VOICES = 1000;
const VOICE_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** The ids of a voice list in any of the shapes above; undefined when there is none. */
export function voiceIdsOf(body: unknown): string[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const list = Array.isArray(fields.voices) ? fields.voices : Array.isArray(fields.data) ? fields.data : undefined;
  if (!list) return undefined;
  const ids = list
    .map((item) => (typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : undefined))
    .filter((id): id is string => typeof id === 'string' && VOICE_ID.test(id));
  return ids.length > 0 ? [...new Set(ids)].slice(0, MAX_LISTED_VOICES) : undefined;
}
