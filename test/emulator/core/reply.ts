/**
 * Writes one response and applies the body-level faults (slow chunks, stall
 * after headers, reset or truncation after N bytes). Every route writes
 * through it, so every fault works on every endpoint.
 */

import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FaultSpec } from './faults';
import { sleep } from './sleep';

/** Fixed bodies are cut into this many pieces at most when slowChunkMs is set, so the delay is observable. */
const SLOW_PIECES = 4;
const MAX_PIECE_BYTES = 64 * 1024;

export class Reply {
  private readonly abort = new AbortController();
  private readonly closedPromise: Promise<void>;
  private bytesSent = 0;
  private cut = false;

  constructor(
    private readonly res: ServerResponse,
    readonly fault: FaultSpec,
    private readonly onStatus: (status: number) => void,
  ) {
    this.closedPromise = new Promise((resolve) => res.once('close', resolve));
    res.once('close', () => this.abort.abort());
  }

  /** Aborted when the connection or the response is closed: generators stop on it. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get isClosed(): boolean {
    return this.abort.signal.aborted || this.cut;
  }

  get requestId(): string {
    return String(this.res.getHeader('x-request-id') ?? '');
  }

  get headersSent(): boolean {
    return this.res.headersSent;
  }

  /** Resolves when the client is gone or the response is finished. */
  untilClosed(): Promise<void> {
    return this.closedPromise;
  }

  sleep(ms: number): Promise<void> {
    return sleep(ms, this.signal);
  }

  start(status: number, headers: OutgoingHttpHeaders): void {
    if (this.isClosed) return;
    this.onStatus(status);
    this.res.writeHead(status, headers);
    this.res.flushHeaders();
  }

  async write(data: Buffer | string): Promise<void> {
    if (this.isClosed) return;
    if (this.fault.stall === 'after-headers') return this.closedPromise;
    if (this.bytesSent > 0 && this.fault.slowChunkMs) await this.sleep(this.fault.slowChunkMs);
    if (this.isClosed) return;
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    const limit = this.cutLimit();
    if (limit !== undefined && this.bytesSent + buf.length > limit) {
      const part = buf.subarray(0, Math.max(0, limit - this.bytesSent));
      if (part.length > 0) await this.rawWrite(part);
      this.cutConnection();
      return;
    }
    await this.rawWrite(buf);
  }

  async end(): Promise<void> {
    if (this.isClosed) return;
    if (this.fault.stall === 'after-headers') return this.closedPromise;
    await new Promise<void>((resolve) => this.res.end(resolve));
  }

  /** A complete body with Content-Length, in pieces when slowChunkMs asks for it. */
  async send(status: number, headers: OutgoingHttpHeaders, body: Buffer | string): Promise<void> {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    this.start(status, { ...headers, 'content-length': String(buf.length) });
    const pieceSize = this.fault.slowChunkMs ? Math.max(1, Math.ceil(buf.length / SLOW_PIECES)) : MAX_PIECE_BYTES;
    for (let at = 0; at < buf.length && !this.isClosed; at += pieceSize) {
      await this.write(buf.subarray(at, at + pieceSize));
    }
    await this.end();
  }

  json(status: number, value: unknown, headers: OutgoingHttpHeaders = {}): Promise<void> {
    return this.send(status, { 'content-type': 'application/json', ...headers }, JSON.stringify(value));
  }

  /** Drops the connection at once (a handler failed after the headers were sent). */
  abortConnection(): void {
    this.cut = true;
    this.res.socket?.destroy();
  }

  private cutLimit(): number | undefined {
    const limits = [this.fault.resetAfterBytes, this.fault.truncateBodyBytes].filter((n): n is number => n !== undefined);
    return limits.length ? Math.min(...limits) : undefined;
  }

  private cutConnection(): void {
    this.cut = true;
    const socket = this.res.socket;
    if (!socket) return;
    const reset = this.fault.resetAfterBytes !== undefined && this.fault.resetAfterBytes <= (this.fault.truncateBodyBytes ?? Infinity);
    // Give the client a moment to read the bytes already sent; a reset can discard unread data.
    setTimeout(() => (reset ? socket.resetAndDestroy() : socket.end()), 20);
  }

  private rawWrite(buf: Buffer): Promise<void> {
    return new Promise((resolve) => {
      this.res.write(buf, () => {
        this.bytesSent += buf.length;
        resolve();
      });
      this.closedPromise.then(resolve, resolve);
    });
  }
}
