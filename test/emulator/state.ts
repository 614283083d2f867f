/** Everything the routes share: options, stores and the request log. */

import type { IncomingMessage } from 'node:http';
import type { FaultSpec } from './core/faults';
import { FaultPlan } from './core/faults';
import { RequestIds, unixSeconds } from './core/ids';
import { RateLimiter } from './core/rate-limit';
import type { Reply } from './core/reply';
import { FileStore } from './links/file-store';
import { UrlSigner } from './links/signed-urls';
import type { EmulatorOptions, RuntimeOptions } from './options';
import { runtimeOptions } from './options';
import { RenderCache } from './render-cache';
import { TaskStore } from './tasks/task-store';

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  bodyBytes: number;
  body?: unknown;
  at: number;
  status?: number;
  /** The client's port: which connection, and so which process, sent it. */
  remotePort?: number;
}

export class EmulatorState {
  options: RuntimeOptions;
  origin = '';
  readonly faults: FaultPlan;
  readonly files = new FileStore();
  readonly signer = new UrlSigner();
  readonly tasks = new TaskStore();
  readonly renders = new RenderCache();
  readonly requests: RecordedRequest[] = [];
  readonly requestIds = new RequestIds();
  readonly rateLimiter = new RateLimiter();

  constructor(opts: EmulatorOptions) {
    this.options = runtimeOptions(opts);
    this.faults = new FaultPlan(opts.faults);
  }

  /**
   * A signed link to a stored file, valid for signedUrlTtlMs from `issuedMs`
   * (already expired under the expiredUrls fault).
   */
  signedLink(fileId: string, fault: FaultSpec, issuedMs = Date.now()): string {
    const expiresAt = fault.expiredUrls ? unixSeconds() - 60 : unixSeconds(issuedMs + this.options.signedUrlTtlMs);
    return this.signer.link(this.origin, fileId, expiresAt);
  }
}

/** What a route handler gets for one request. */
export interface RouteContext {
  state: EmulatorState;
  req: IncomingMessage;
  url: URL;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  reply: Reply;
  /** Path parameters captured by the route pattern. */
  params: string[];
  /** Headers to add to a successful answer (rate-limit state). */
  extraHeaders: Record<string, string>;
}
