/**
 * Link targets that never become links: script schemes, local files and
 * inline data. Browsers ignore tabs, newlines and control characters inside
 * a scheme, so they are dropped before the test.
 */
const BLOCKED_SCHEME = /^(?:javascript|vbscript|file|data):/i;
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f]+/g;

export function isAllowedLinkTarget(url: string): boolean {
  return !BLOCKED_SCHEME.test(url.replace(IGNORED_IN_SCHEME, ''));
}
