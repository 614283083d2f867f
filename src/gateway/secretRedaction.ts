/**
 * Secrets taken out of text: the log's lines, and what a server or proxy
 * wrote back into an error. Some echo the request's credential in a 401
 * body ("Invalid credentials: Bearer sk-…"), and an error's message is
 * shown, posted to webviews and saved with the conversation.
 */
import { GatewayError } from './errors';

const BEARER_VALUE = /(Bearer\s+)[^\s"',]+/gi;
/** Shorter values are not searched for: replacing every "abc" would garble the text and hide nothing worth hiding. */
const MIN_SECRET_LENGTH = 4;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(BEARER_VALUE, '$1***');
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join('***');
  return out;
}

/** A GatewayError with the secrets taken out of what the server wrote into it; anything else as it is. */
export function withoutSecrets(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof GatewayError)) return error;
  const hide = (text: string | undefined): string | undefined => (text === undefined ? undefined : redactSecrets(text, secrets));
  const [message, code, type, param] = [hide(error.message)!, hide(error.code), hide(error.type), hide(error.param)];
  if (message === error.message && code === error.code && type === error.type && param === error.param) return error;
  return new GatewayError({ ...error, message, code, type, param, cause: error.cause });
}
