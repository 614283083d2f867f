import { nextUnlessAborted, stopReading, throwIfAborted } from './abortable';
import { MAX_MEDIA_FILE_BYTES } from '../responseLimits';
import { MediaJsonScanner, type OpenMediaSink } from './mediaJsonScanner';

export type { ByteSink } from './byteSink';
export type { JsonPathSegment } from './jsonDocumentBuilder';
export { ExtractedField, type MediaOccurrence, type OpenMediaSink } from './mediaJsonScanner';

export interface ExtractionResult {
  /** The parsed body, with an ExtractedField in place of each streamed value. */
  readonly document: unknown;
  /** How many values were streamed to sinks. */
  readonly extracted: number;
}

/**
 * Reads a JSON response body and streams the base64 string values of the
 * given keys (e.g. "b64_json", "base64_encoded"), wherever they are, decoded
 * to sinks, holding only about one chunk and a few MB of buffers at a time.
 *
 * Sinks are opened when the first decoded bytes of a value are ready (an empty
 * value stays "" in the document), finished when the value ends (so one is
 * open at a time) and closed only after the whole body was read and parsed,
 * so a cut or malformed body leaves no finished file: on any failure every
 * sink not yet closed is aborted.
 *
 * @throws GatewayError kind 'stream' when the body is not valid JSON, ends
 *   early or holds invalid base64, with code 'response_limit' beyond
 *   MAX_MEDIA_FIELDS values, MAX_JSON_BODY_BYTES besides them or a value
 *   decoding to more than `maxFileBytes` (MAX_MEDIA_FILE_BYTES); kind
 *   'aborted' when `signal` fires. Errors of the body and of the sinks are
 *   thrown as they are.
 */
export async function extractBase64Fields(
  body: AsyncIterable<Uint8Array>,
  fields: readonly string[],
  openSink: OpenMediaSink,
  signal?: AbortSignal,
  maxFileBytes: number = MAX_MEDIA_FILE_BYTES,
): Promise<ExtractionResult> {
  throwIfAborted(signal);
  const scanner = new MediaJsonScanner(new Set(fields), openSink, maxFileBytes);
  const chunks = body[Symbol.asyncIterator]();
  let bodyEnded = false;
  try {
    for (;;) {
      const next = await nextUnlessAborted(chunks, signal);
      if (next.done) break;
      await scanner.feed(next.value);
      throwIfAborted(signal);
    }
    bodyEnded = true;
    const document = scanner.end();
    await scanner.closeSinks();
    return { document, extracted: scanner.extracted };
  } catch (error) {
    await scanner.abortSinks();
    throw error;
  } finally {
    if (!bodyEnded) stopReading(chunks);
  }
}
