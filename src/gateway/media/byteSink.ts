/**
 * Where a stream of bytes goes, e.g. a file being written.
 * `write` may keep a reference to `bytes` until its promise settles, so the
 * caller must not change them before then. After `close` or `abort`, no
 * further call is made except `abort`, which is then a no-op.
 */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<unknown>;
  abort(): Promise<void>;
}
