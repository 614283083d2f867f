/** Bearer authentication: the API key and the access token are both accepted in the same header. */

import { ApiError } from './errors';

export function checkBearer(header: string | undefined, accepted: readonly string[]): void {
  if (!header) {
    throw new ApiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      'invalid_api_key',
    );
  }
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  if (!token || !accepted.includes(token)) {
    throw new ApiError(401, `Incorrect API key provided: ${maskKey(token ?? header)}.`, 'invalid_api_key');
  }
}

function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}****${key.slice(-4)}`;
}
