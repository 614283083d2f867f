/**
 * Task ids, checked before they go into a request path or filter. An id is
 * one path segment: "." or ".." would move the path (`POST …/tasks/..` is
 * not a deletion), and "/", "\", "?", "#", "%" (so no %2e / %2f spellings),
 * whitespace or control characters would change what is asked for. Only the
 * characters a path segment carries unchanged are allowed (RFC 3986's
 * unreserved ones), so the id needs no encoding at all.
 */
import { t } from '../../l10n/localize';
import { fail } from './rules';

const TASK_ID = /^[A-Za-z0-9._~-]{1,256}$/;
const ONLY_DOTS = /^\.+$/;

export function validateTaskId(field: string, id: unknown): asserts id is string {
  if (typeof id !== 'string' || !TASK_ID.test(id) || ONLY_DOTS.test(id))
    fail(field, id, t('a task id of 1 to 256 letters, digits, "-", "_", "." and "~", not only dots, e.g. cgt-20250101120000-abcde'));
}
