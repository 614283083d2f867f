import { OpenMediaSink, extractBase64Fields } from './media/jsonMediaStream';
import { GatewayResponse } from './transport';

export type { OpenMediaSink } from './media/jsonMediaStream';

export interface SavedMediaResponse<T> {
  /** The response with each base64 field replaced by an ExtractedField marker. */
  document: T;
  files: number;
  requestId?: string;
}

/** Streams the base64 fields of a media response into sinks without holding the body in memory. */
export async function saveMediaResponse<T>(
  response: GatewayResponse,
  fields: readonly string[],
  openSink: OpenMediaSink,
  signal?: AbortSignal,
  maxFileBytes?: number,
): Promise<SavedMediaResponse<T>> {
  const { document, extracted } = await extractBase64Fields(response.body, fields, openSink, signal, maxFileBytes);
  return { document: document as T, files: extracted, requestId: response.requestId };
}
