/** GET /files/<id>?expires&sig: signed media links, no Bearer auth; object-store style XML errors; Range support. */

import type { OutgoingHttpHeaders } from 'node:http';
import { unixSeconds } from '../core/ids';
import type { Route } from '../core/router';
import type { RouteContext } from '../state';

async function serveFile(ctx: RouteContext, withBody: boolean): Promise<void> {
  const id = ctx.params[0] ?? '';
  const q = ctx.url.searchParams;
  const check = ctx.state.signer.check(id, q.get('expires'), q.get('sig'), unixSeconds());
  if (check === 'bad-signature') {
    return xmlError(ctx, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  if (check === 'expired') return xmlError(ctx, 403, 'AccessDenied', 'Request has expired');
  const file = ctx.state.files.get(id);
  if (!file) return xmlError(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');

  const total = file.bytes.length;
  const headers: OutgoingHttpHeaders = { 'content-type': file.contentType, 'accept-ranges': 'bytes' };
  const range = parseRange(ctx.req.headers.range, total);
  if (range === 'unsatisfiable') {
    return ctx.reply.send(416, { ...headers, 'content-range': `bytes */${total}` }, '');
  }
  const [status, body] = range ? [206, file.bytes.subarray(range.start, range.end + 1)] : [200, file.bytes];
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${total}`;
  if (!withBody) {
    ctx.reply.start(status, { ...headers, 'content-length': String(body.length) });
    return ctx.reply.end();
  }
  await ctx.reply.send(status, headers, body);
}

function parseRange(header: string | undefined, total: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, total - Number(match[2])), total - 1]
      : [Number(match[1]), match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1)];
  return start > end || start >= total ? 'unsatisfiable' : { start, end };
}

function xmlError(ctx: RouteContext, status: number, code: string, message: string): Promise<void> {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${ctx.url.pathname}</Resource><RequestId>${ctx.reply.requestId}</RequestId></Error>`;
  return ctx.reply.send(status, { 'content-type': 'application/xml' }, body);
}

export const filesRoutes: Route[] = [
  { method: 'GET', pattern: /^\/files\/([^/]+)$/, auth: false, handle: (ctx) => serveFile(ctx, true) },
  { method: 'HEAD', pattern: /^\/files\/([^/]+)$/, auth: false, handle: (ctx) => serveFile(ctx, false) },
];
