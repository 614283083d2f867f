/** Reads a request body with a size cap. */

import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors';

/** Large enough for base64 video inputs of the video extension feature. */
const MAX_BODY_BYTES = 512 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'The request body is too large.', 'request_too_large');
    parts.push(buf);
  }
  return Buffer.concat(parts);
}

export function parseJsonBody(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}
