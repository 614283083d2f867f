/**
 * How long a paid synchronous generation (images, video) is waited for. Veo
 * takes from about 11 seconds to 6 minutes (Google's Gemini API video docs,
 * "Limitations"); Seedream sets take minutes (gaps.md, "Upstream behaviour").
 * A header timeout meant for chat would give up while the gateway still
 * works (and bills): these requests wait much longer, and are never re-sent.
 */
import { t } from '../l10n/localize';
import { GatewayError } from './errors';
import type { GatewayResponse, Transport } from './transport';

export interface MediaWait {
  /**
   * How long to wait for the gateway's answer to begin; the media commands
   * pass genaiGateway.media.videoTimeoutSeconds / imageTimeoutSeconds.
   * Unset: the transport's header timeout.
   */
  timeoutMs?: number;
}

/** `15 minutes`, `90 seconds`. */
export function describeWait(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds === 60) return t('1 minute');
  if (seconds % 60 === 0 && seconds >= 60) return t('{0} minutes', seconds / 60);
  return seconds === 1 ? t('1 second') : t('{0} seconds', seconds);
}

/**
 * A timeout of a paid generation: the request reached the gateway, which
 * may still produce and bill the result. Says so, and what to do instead.
 */
export function mediaTimeoutError(kind: 'image' | 'video', waitedMs: number, cause: GatewayError): GatewayError {
  const message =
    kind === 'video'
      ? t(
          'The gateway had not answered after {0}, so the extension stopped waiting; the request was not sent again. The gateway may still have produced (and billed) the video.',
          describeWait(waitedMs),
        )
      : t(
          'The gateway had not answered after {0}, so the extension stopped waiting; the request was not sent again. The gateway may still have produced (and billed) the images.',
          describeWait(waitedMs),
        );
  // The advice (GatewayError.advice) tells a video from images by `type`, not by the message, which is translated.
  return new GatewayError({ kind: 'timeout', code: 'media_timeout', type: kind, requestId: cause.requestId, cause, message });
}

/**
 * POSTs a paid generation (never re-sent) and waits `wait` for its answer;
 * a timeout becomes the error that says the result may still be billed.
 */
export async function sendPaidGeneration(
  transport: Transport,
  kind: 'image' | 'video',
  path: string,
  json: object,
  signal: AbortSignal | undefined,
  wait: MediaWait,
): Promise<GatewayResponse> {
  // Without a wait, the transport's header timeout applies (callers such as the media commands pass theirs).
  const timeoutMs = wait.timeoutMs ?? transport.timeouts.headersMs;
  try {
    return await transport.send({
      method: 'POST',
      path,
      json,
      signal,
      retry: 'paid',
      ...(wait.timeoutMs !== undefined ? { headersTimeoutMs: wait.timeoutMs } : {}),
    });
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'timeout' && !signal?.aborted) throw mediaTimeoutError(kind, timeoutMs, error);
    throw error;
  }
}
