/** Which optional task body fields a strict gateway refused (issue #18): pure, no transport. */
import { GatewayError } from './errors';
import type { TaskCreateRequest } from './types/tasks';

/**
 * Optional body fields beyond the spec's task tables (gaps.md lists them as
 * existing upstream): a gateway that validates bodies strictly may refuse them.
 */
export const OPTIONAL_TASK_FIELDS = ['return_last_frame', 'callback_url', 'watermark', 'seed'] as const;

const UNKNOWN_FIELD =
  /unknown|unrecogni[sz]ed|unsupported|not (allowed|permitted|supported|recognized)|extra|additional propert|invalid (field|parameter|argument)/i;

/**
 * The optional fields of `request` that a 400 refuses as unknown (by its
 * `param`, or named in an "unknown parameter"-like message). A 400 created
 * nothing, so the request can be sent once more without them.
 */
export function refusedOptionalFields(error: unknown, request: TaskCreateRequest): string[] {
  if (!(error instanceof GatewayError) || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return [];
  const sent = OPTIONAL_TASK_FIELDS.filter((name) => request[name] !== undefined);
  const message = error.message;
  return sent.filter((name) => error.param === name || (UNKNOWN_FIELD.test(message) && new RegExp(`\\b${name}\\b`).test(message)));
}
