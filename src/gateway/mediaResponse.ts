import { ByteSink, extractBase64Fields } from './media/jsonMediaStream';
import { GatewayResponse } from './transport';

export type OpenSink = (occurrence: { index: number; field: string; path: (string | number)[] }) => Promise<ByteSink>;

export interface SavedMediaResponse<T> {
  /** The response with each base64 field replaced by a file marker. */
  document: T;
  files: number;
  requestId?: string;
}

/** Streams the base64 fields of a media response into sinks without holding the body in memory. */
export async function saveMediaResponse<T>(
  response: GatewayResponse,
  fields: readonly string[],
  openSink: OpenSink,
  signal?: AbortSignal,
): Promise<SavedMediaResponse<T>> {
  const { document, extracted } = await extractBase64Fields(response.body, fields, openSink, signal);
  return { document: document as T, files: extracted, requestId: response.requestId };
}
