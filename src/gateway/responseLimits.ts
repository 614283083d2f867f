/**
 * The most this client takes from the gateway, so that a faulty or hostile
 * gateway cannot exhaust the memory, files or time of the extension host.
 * Hitting a cap is a GatewayError with code `response_limit` whose message
 * names the cap and its value.
 */
import { t } from '../l10n/localize';
import { GatewayError } from './errors';

/**
 * A JSON answer read whole: model list, task records, a chat completion not
 * streamed, the document around the media of an image or video response.
 * The largest real ones are a list of 500 tasks and a completion of 16,384
 * tokens, about 1 MB each; reading and parsing 16 MiB of task records took
 * 65 MB of memory for a moment, which a VS Code window can spare.
 */
export const MAX_JSON_BODY_BYTES = 16 * 2 ** 20;

/** An error body is read up to this size: its message is at the start, the rest is dropped. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** An error body still arriving after this long is cut: the status alone is already the answer. */
export const MAX_ERROR_BODY_MS = 10_000;

/**
 * Bytes of one streamed chat answer, counted as sent (SSE framing and JSON
 * included, about 200 bytes per token): 64 MiB is some 300,000 tokens, far
 * above the 16,384 output tokens a model gets by default.
 */
export const MAX_CHAT_STREAM_BYTES = 64 * 2 ** 20;

/**
 * How long one streamed chat answer may take in all (besides the idle
 * timeout between two pieces): 16,384 tokens take 27 minutes at 10 tokens per
 * second, slower than any model worth waiting for.
 */
export const MAX_CHAT_STREAM_MS = 30 * 60_000;

/**
 * Base64 media values in one image or video response: the largest set the
 * gateway makes is 15 images, and each value is a file being written.
 */
export const MAX_MEDIA_FIELDS = 64;

/**
 * One answer of /audio/speech, held in memory to be played or joined into a
 * file. Its input is at most 4,096 characters: about 4.5 minutes of speech
 * at speed 1 (some 15 characters a second), 18 minutes at the slowest speed
 * 0.25. The largest format, raw PCM or WAV (24 kHz, 16-bit mono: 48,000
 * bytes a second), makes that 52 MB; mp3 or opus a fraction of it.
 */
export const MAX_SPEECH_AUDIO_BYTES = 64 * 2 ** 20;

/**
 * One media file: a download of a signed link (image, video, last frame) or
 * one base64 value of an image or video response, decoded. The spec's
 * videos last 4 to 12 seconds at up to 1080p (each extension adds about 7),
 * a few to some tens of MB; even a 1080p clip extended to two and a half
 * minutes at 50 Mbit/s stays under 1 GB, and a 4K image is tens of MB. The
 * cap leaves twice that, and keeps a response's 64 values from filling a disk
 * one endless value at a time.
 */
export const MAX_MEDIA_FILE_BYTES = 2 * 2 ** 30;

/**
 * How long one download of a media link may take in all (besides the idle
 * timeout between two pieces, which a trickle never trips): a 100 MB video
 * needs only 28 KB/s to arrive in time.
 */
export const MAX_MEDIA_DOWNLOAD_MS = 60 * 60_000;

/** The caps a client may set lower (tests do); the defaults are the constants above. */
export interface ResponseLimits {
  speechAudioBytes: number;
  mediaFileBytes: number;
  mediaDownloadMs: number;
}

export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = {
  speechAudioBytes: MAX_SPEECH_AUDIO_BYTES,
  mediaFileBytes: MAX_MEDIA_FILE_BYTES,
  mediaDownloadMs: MAX_MEDIA_DOWNLOAD_MS,
};

/** The GatewayError of a cap; `message` names the cap and its value. */
export function responseLimitError(message: string, requestId?: string): GatewayError {
  return new GatewayError({ kind: 'stream', code: 'response_limit', message, requestId });
}

/** "2 GiB", "16 MiB", "64 KiB", "100 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 30 && bytes % 2 ** 30 === 0) return `${bytes / 2 ** 30} GiB`;
  if (bytes >= 2 ** 20 && bytes % 2 ** 20 === 0) return `${bytes / 2 ** 20} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return t('{0} bytes', bytes);
}

/** "30 minutes", "10 seconds", "0.3 seconds". */
export function formatDuration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? t('{0} minutes', ms / 60_000) : t('{0} seconds', ms / 1000);
}
