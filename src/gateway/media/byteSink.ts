/**
 * Where a stream of bytes goes, e.g. a file being written.
 * `write` may keep a reference to `bytes` until its promise settles, so the
 * caller must not change them before then. After `finish`, only `close` or
 * `abort` may follow. After `close` or `abort`, no further call is made
 * except `abort`, which then only cleans up what a failed `close` may have left.
 */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
  /**
   * Every byte was written: releases what writing held (a file's handle)
   * while the output waits for `close`, which alone makes it complete.
   * A failed finish is followed by `abort`.
   */
  finish(): Promise<void>;
  /** Completes the output; may resolve to a result, such as the path of a file. */
  close(): Promise<unknown>;
  /** Discards the output. */
  abort(): Promise<void>;
}
