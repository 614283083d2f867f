import { isGatewayError } from '../gateway/errors';

/** An error as a user may read it: a GatewayError's message, advice and request id; otherwise its message. */
export function errorText(error: unknown): string {
  return isGatewayError(error) ? error.userMessage : error instanceof Error ? error.message : String(error);
}
