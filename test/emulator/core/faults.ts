/**
 * Fault injection. A FaultSpec can be set emulator-wide (options.faults or
 * setFaults) or sent with one request as the JSON value of the header
 * `x-emulator-fault`; the header's fields override the emulator-wide ones for
 * that request only.
 */

export type ErrorBodyShape = 'openai' | 'vendor' | 'fastapi' | 'text' | 'html';

export interface StatusBurst {
  status: 500 | 502 | 503 | 504 | 429;
  /** How many matching requests get the status (emulator-wide spec). A header spec applies to its own request whenever count > 0. */
  count: number;
  /** Retry-After value sent with the status; 429s get '1' when unset. */
  retryAfter?: string;
  /** Overrides the error code of the body, e.g. 'insufficient_quota' for a spent quota (429 without Retry-After). */
  code?: string;
}

export interface FaultSpec {
  /** Wait this long before sending the response headers. */
  latencyMs?: number;
  /** Wait this long between body pieces (fixed bodies are sent in several pieces) and between SSE events. */
  slowChunkMs?: number;
  /** Send the first N body bytes, then reset the connection (ECONNRESET on the client). */
  resetAfterBytes?: number;
  /** 'before-headers': accept the request and never answer; 'after-headers': send the headers, then nothing. */
  stall?: 'before-headers' | 'after-headers';
  /** Every matching request's connection is closed before any answer: to the client, the gateway cannot be reached. */
  dropConnection?: boolean;
  /** Chat streams: inject a `data:` line whose JSON is cut in the middle. */
  malformedSse?: boolean;
  /** Chat: tool-call arguments are not valid JSON. */
  invalidToolJson?: boolean;
  /** The next `count` matching requests get `status` with a realistic body. */
  statusBurst?: StatusBurst;
  /** Content-Length announces the full body, the body stops after N bytes, then the connection ends. */
  truncateBodyBytes?: number;
  /** Chat streams end cleanly but without `data: [DONE]`. */
  dropDone?: boolean;
  /** Signed media links are issued already expired. */
  expiredUrls?: boolean;
  /** Every matching request fails with this body shape (and the shape of statusBurst bodies). */
  errorBody?: ErrorBodyShape;
  /** Status of errorBody failures; default 400 (500 for 'text' and 'html'). */
  errorStatus?: number;
  /** Every matching request gets 200 and a valid JSON body of this many bytes, generated as it is sent. */
  hugeBody?: number;
  /** Every matching request fails (errorStatus, default 500) with a JSON envelope that never ends; slowChunkMs makes it drip. */
  endlessErrorBody?: boolean;
  /** Chat streams: large content events go on until the client goes, never finishing; slowChunkMs paces them. */
  endlessStream?: boolean;
  /** Chat: a request offering tools is answered with this many calls of the first tool (arguments from its schema). */
  manyToolCalls?: number;
  /** Chat: every tool call of an answer carries this one id (a buggy gateway, or an upstream passing model-written ids through). */
  sharedToolCallId?: string;
  /** Image generations: the answer holds this many images (each a b64_json or a url), whatever `n` asked. */
  manyMediaFields?: number;
  /**
   * Task creation answers in another proxy's shape: `task_id` (`{"task_id": …}`),
   * `data.id` (`{"data": {"id": …}}`), or `none` (`{"status": "submitted"}`, no id).
   * Upstream's own shape is `{"id": …}` (gaps.md, "Upstream behaviour").
   */
  taskCreateReply?: TaskCreateReplyShape;
  /**
   * Task records a strict client cannot parse, as some proxies send them:
   * `unknown-status` reports `"status": "processing"` while the task is
   * queued or running; `no-updated-at` leaves `updated_at` out;
   * `string-updated-at` sends it as a string of digits.
   */
  taskRecordQuirk?: TaskRecordQuirk;
  /**
   * Task creation validates the body strictly, like gateways that check body
   * fields (gaps.md, "Upstream behaviour"): a top-level field the spec's task
   * tables do not list (`seed`, `watermark`, `return_last_frame`,
   * `callback_url`) is a 400 "Unknown parameter" naming it; nothing is created.
   */
  strictBody?: boolean;
  /** Scope an emulator-wide spec to paths starting with this prefix ('/v1/chat' or '/chat'). Ignored in the header. */
  pathPrefix?: string;
}

export type TaskCreateReplyShape = 'id' | 'task_id' | 'data.id' | 'none';
const TASK_CREATE_REPLIES = new Set(['id', 'task_id', 'data.id', 'none']);

export type TaskRecordQuirk = 'unknown-status' | 'no-updated-at' | 'string-updated-at';
const TASK_RECORD_QUIRKS = new Set(['unknown-status', 'no-updated-at', 'string-updated-at']);

export const FAULT_HEADER = 'x-emulator-fault';

/** Emulator-wide faults, with the burst counter they consume. */
export class FaultPlan {
  private spec: FaultSpec | undefined;
  private burstLeft = 0;

  constructor(spec: FaultSpec | undefined) {
    this.set(spec);
  }

  set(spec: FaultSpec | undefined): void {
    this.spec = spec;
    this.burstLeft = spec?.statusBurst?.count ?? 0;
  }

  /** The faults for one request; consumes one unit of an emulator-wide burst when it applies. */
  forRequest(path: string, headerSpec: FaultSpec | undefined): FaultSpec {
    const global = this.spec && matchesPrefix(path, this.spec.pathPrefix) ? { ...this.spec } : {};
    if (global.statusBurst) {
      if (this.burstLeft > 0) this.burstLeft -= 1;
      else delete global.statusBurst;
    }
    const local = headerSpec ? { ...headerSpec } : {};
    if (local.statusBurst && !(local.statusBurst.count > 0)) delete local.statusBurst;
    return { ...global, ...local };
  }
}

function matchesPrefix(path: string, prefix: string | undefined): boolean {
  if (!prefix) return true;
  return path.startsWith(prefix) || path.startsWith(`/v1${prefix.startsWith('/') ? '' : '/'}${prefix}`);
}

const BURST_STATUSES = new Set([500, 502, 503, 504, 429]);
const SHAPES = new Set(['openai', 'vendor', 'fastapi', 'text', 'html']);

/** Parses the header value; returns an error message when it is not a valid FaultSpec. */
export function parseFaultHeader(raw: string): FaultSpec | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return `${FAULT_HEADER} is not valid JSON`;
  }
  if (!isRecord(value)) return `${FAULT_HEADER} must be a JSON object`;
  const spec: FaultSpec = {};
  for (const [key, v] of Object.entries(value)) {
    const problem = assign(spec, key, v);
    if (problem) return `${FAULT_HEADER}: ${problem}`;
  }
  return spec;
}

function assign(spec: FaultSpec, key: string, v: unknown): string | undefined {
  switch (key) {
    case 'latencyMs':
    case 'slowChunkMs':
    case 'resetAfterBytes':
    case 'truncateBodyBytes':
    case 'errorStatus':
    case 'hugeBody':
    case 'manyToolCalls':
    case 'manyMediaFields':
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return `${key} must be a non-negative number`;
      spec[key] = v;
      return undefined;
    case 'dropConnection':
    case 'malformedSse':
    case 'invalidToolJson':
    case 'dropDone':
    case 'expiredUrls':
    case 'endlessErrorBody':
    case 'endlessStream':
    case 'strictBody':
      if (typeof v !== 'boolean') return `${key} must be a boolean`;
      spec[key] = v;
      return undefined;
    case 'stall':
      if (v !== 'before-headers' && v !== 'after-headers') return 'stall must be "before-headers" or "after-headers"';
      spec.stall = v;
      return undefined;
    case 'errorBody':
      if (typeof v !== 'string' || !SHAPES.has(v)) return `errorBody must be one of ${[...SHAPES].join(', ')}`;
      spec.errorBody = v as ErrorBodyShape;
      return undefined;
    case 'taskCreateReply':
      if (typeof v !== 'string' || !TASK_CREATE_REPLIES.has(v)) return `taskCreateReply must be one of ${[...TASK_CREATE_REPLIES].join(', ')}`;
      spec.taskCreateReply = v as TaskCreateReplyShape;
      return undefined;
    case 'taskRecordQuirk':
      if (typeof v !== 'string' || !TASK_RECORD_QUIRKS.has(v)) return `taskRecordQuirk must be one of ${[...TASK_RECORD_QUIRKS].join(', ')}`;
      spec.taskRecordQuirk = v as TaskRecordQuirk;
      return undefined;
    case 'pathPrefix':
    case 'sharedToolCallId':
      if (typeof v !== 'string') return `${key} must be a string`;
      spec[key] = v;
      return undefined;
    case 'statusBurst':
      return assignBurst(spec, v);
    default:
      return `unknown fault "${key}"`;
  }
}

function assignBurst(spec: FaultSpec, v: unknown): string | undefined {
  if (!isRecord(v) || typeof v.status !== 'number' || !BURST_STATUSES.has(v.status)) {
    return 'statusBurst.status must be one of 500, 502, 503, 504, 429';
  }
  const count = v.count ?? 1;
  if (typeof count !== 'number' || count < 0) return 'statusBurst.count must be a non-negative number';
  if (v.retryAfter !== undefined && typeof v.retryAfter !== 'string') return 'statusBurst.retryAfter must be a string';
  if (v.code !== undefined && typeof v.code !== 'string') return 'statusBurst.code must be a string';
  spec.statusBurst = {
    status: v.status as StatusBurst['status'],
    count,
    ...(v.retryAfter !== undefined ? { retryAfter: v.retryAfter } : {}),
    ...(v.code !== undefined ? { code: v.code } : {}),
  };
  return undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
