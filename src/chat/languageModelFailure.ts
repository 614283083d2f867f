/** A failed language model request as VS Code's LanguageModelError describes it. */
import { isGatewayError } from '../gateway/errors';

/** The LanguageModelError factories: what a caller can tell apart by `error.code`. */
export type LanguageModelErrorCode = 'NoPermissions' | 'NotFound' | 'Blocked';

export interface LanguageModelFailure {
  /** Undefined: no LanguageModelError code fits; a plain error with the message. */
  code?: LanguageModelErrorCode;
  /** The server's message, what to do, and the request id. */
  message: string;
}

/** @param requestId of the response, for failures that came after its headers (a cut stream) and so carry none. */
export function languageModelFailure(error: unknown, requestId?: string): LanguageModelFailure {
  if (!isGatewayError(error)) return { message: error instanceof Error ? error.message : String(error) };
  const message = error.requestId || !requestId ? error.userMessage : `${error.userMessage} (request id ${requestId})`;
  return { code: codeOf(error.status, error.code), message };
}

function codeOf(status: number | undefined, code: string | undefined): LanguageModelErrorCode | undefined {
  if (code === 'missing_credential' || status === 401 || status === 403) return 'NoPermissions';
  if (code === 'model_not_found' || status === 404) return 'NotFound';
  if (code === 'insufficient_quota') return 'Blocked';
  return undefined;
}
