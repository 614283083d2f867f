/**
 * One request from arrival to answer: log it, read the body, apply the
 * request-level faults, match the route, check auth and rate limit, run the
 * handler, and answer any error in the OpenAI envelope.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkBearer } from './core/auth';
import { parseJsonBody, readBody } from './core/body';
import { sendEndlessError, sendHugeBody } from './core/endless-bodies';
import { ApiError, burstErrorBody, faultErrorBody, invalidParam } from './core/errors';
import { FAULT_HEADER, FaultSpec, parseFaultHeader } from './core/faults';
import { Reply } from './core/reply';
import { matchRoute, Route } from './core/router';
import type { EmulatorState, RecordedRequest } from './state';

export async function handleRequest(state: EmulatorState, routes: readonly Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('x-request-id', state.requestIds.next());
  const url = new URL(req.url ?? '/', state.origin);
  const method = req.method ?? 'GET';
  const record: RecordedRequest = {
    method,
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    headers: flattenHeaders(req),
    bodyBytes: 0,
    at: Date.now(),
    remotePort: req.socket.remotePort,
  };
  state.requests.push(record);

  const headerFault = req.headers[FAULT_HEADER];
  const parsedFault = typeof headerFault === 'string' ? parseFaultHeader(headerFault) : undefined;
  const fault = state.faults.forRequest(url.pathname, typeof parsedFault === 'object' ? parsedFault : undefined);
  const reply = new Reply(res, fault, (status) => (record.status = status));
  try {
    const raw = await readBody(req);
    record.bodyBytes = raw.length;
    const json = parseJsonBody(raw);
    if (json.ok) record.body = json.value;
    if (typeof parsedFault === 'string') throw invalidParam(FAULT_HEADER, parsedFault);

    if (fault.latencyMs) await reply.sleep(fault.latencyMs);
    if (fault.stall === 'before-headers') return await reply.untilClosed();
    // A gateway that went away mid-way (restarted, a load balancer dropping it): the connection closes without an answer.
    if (fault.dropConnection) return void req.socket.destroy();
    if (fault.statusBurst || fault.errorBody) return await sendInjectedError(reply, fault);
    if (fault.endlessErrorBody) return await sendEndlessError(reply, fault.errorStatus ?? 500);
    if (fault.hugeBody !== undefined) return await sendHugeBody(reply, fault.hugeBody);

    const match = matchRoute(routes, method, url.pathname);
    if (!match) throw new ApiError(404, `Invalid URL (${method} ${url.pathname})`, 'not_found', null);
    let extraHeaders: Record<string, string> = {};
    if (match.route.auth) {
      checkBearer(req.headers.authorization, [state.options.apiKey, state.options.accessToken]);
      extraHeaders = state.rateLimiter.admit(state.options.rateLimitPerMinute);
    }
    if (!json.ok) {
      throw new ApiError(400, 'We could not parse the JSON body of your request. Send valid JSON.', 'invalid_json', 'body');
    }
    await match.route.handle({ state, req, url, body: json.value, reply, params: match.params, extraHeaders });
  } catch (error) {
    await sendError(reply, error);
  }
}

async function sendInjectedError(reply: Reply, fault: FaultSpec): Promise<void> {
  const burst = fault.statusBurst;
  if (burst) {
    const rendered = burstErrorBody(burst.status, fault.errorBody, burst.code);
    const retryAfter = burst.retryAfter ?? (burst.status === 429 && burst.code !== 'insufficient_quota' ? '1' : undefined);
    await reply.send(burst.status, { 'content-type': rendered.contentType, ...(retryAfter ? { 'retry-after': retryAfter } : {}) }, rendered.body);
    return;
  }
  const shape = fault.errorBody ?? 'openai';
  const status = fault.errorStatus ?? (shape === 'text' || shape === 'html' ? 500 : 400);
  const rendered = faultErrorBody(shape, status);
  await reply.send(status, { 'content-type': rendered.contentType }, rendered.body);
}

async function sendError(reply: Reply, error: unknown): Promise<void> {
  if (reply.headersSent) {
    // Too late for a status: cut the body so the client sees a broken response, not a short success.
    reply.abortConnection();
    return;
  }
  const apiError =
    error instanceof ApiError ? error : new ApiError(500, `Emulator failure: ${error instanceof Error ? error.message : String(error)}`, 'server_error');
  await reply.json(apiError.status, apiError.body(), apiError.headers);
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
