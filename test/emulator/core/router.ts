/** Route table: method, path pattern, whether Bearer auth is required, handler. */

import type { RouteContext } from '../state';

export interface Route {
  method: 'GET' | 'POST' | 'HEAD';
  /** Matched against the whole path; capture groups become ctx.params. */
  pattern: RegExp;
  auth: boolean;
  handle(ctx: RouteContext): Promise<void>;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1).map((p) => decodeURIComponent(p ?? '')) };
  }
  return undefined;
}
