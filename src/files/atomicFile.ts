import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { nextUnlessAborted, stopReading, throwIfAborted } from '../gateway/media/abortable';
import type { ByteSink } from '../gateway/media/byteSink';
import { numberedName } from './fileNames';

export { slugForFileName, uniquePath } from './fileNames';

/**
 * A file that appears under its final name only once complete. Until then
 * the bytes go to `.<name>.<random>.part` in the same directory.
 */
export interface AtomicFile extends ByteSink {
  /** The path asked for until `close`, then the path actually used. */
  readonly path: string;
  /** Overwrites bytes already written at `position` (e.g. a header's sizes, known at the end). */
  writeAt(position: number, bytes: Uint8Array): Promise<void>;
  /** Flushes the file to disk and closes its handle; it keeps its temporary name until `close`. */
  finish(): Promise<void>;
  /** Flushes the file to disk (unless `finish` did), gives it its final name and returns that path. */
  close(): Promise<string>;
  /** Deletes the temporary file; a no-op after `close`. */
  abort(): Promise<void>;
}

export interface AtomicFileOptions {
  /**
   * Replace a file already at the target path. Otherwise (the default) an
   * existing file is never touched and the next free name is used instead:
   * `name-2.ext`, `name-3.ext`...
   */
  overwrite?: boolean;
}

/** Creating a hard link is refused on some file systems (FAT, exFAT, some network shares). */
const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * A large file is flushed to disk as it is written, a few MB at a time in the
 * background, so `close` has little left to flush: 192 MB flushed at once
 * took 85-100 ms after the last byte, flushed on the way 5 ms.
 */
const FLUSH_EVERY_BYTES = 8 * 2 ** 20;

/** Files of this process still being written, whose temporary files a shutdown removes. */
const unfinished = new Set<AtomicFile>();

export async function openAtomicFile(targetPath: string, options: AtomicFileOptions = {}): Promise<AtomicFile> {
  const tempPath = path.join(path.dirname(targetPath), `.${path.basename(targetPath)}.${randomBytes(6).toString('hex')}.part`);
  const handle = await fs.open(tempPath, 'wx');
  const file = new TempFileBackedFile(targetPath, tempPath, handle, options.overwrite === true);
  unfinished.add(file);
  return file;
}

/**
 * Aborts every file still being written, for a process about to exit: its
 * downloads would otherwise leave their `.part` files behind. Files already
 * closing are finished as usual.
 */
export async function abortUnfinishedFiles(): Promise<void> {
  await Promise.all([...unfinished].map((file) => file.abort()));
}

/**
 * Writes `data` to `targetPath` atomically and returns the path used, which
 * differs from `targetPath` when that name is taken and `overwrite` is not set.
 * Nothing is left behind on failure or abort.
 */
export async function writeFileAtomic(
  targetPath: string,
  data: Uint8Array | string | AsyncIterable<Uint8Array>,
  opts: AtomicFileOptions & { signal?: AbortSignal } = {},
): Promise<string> {
  throwIfAborted(opts.signal);
  const file = await openAtomicFile(targetPath, opts);
  try {
    if (typeof data === 'string') await file.write(Buffer.from(data, 'utf8'));
    else if (data instanceof Uint8Array) await file.write(data);
    else await writeAll(file, data, opts.signal);
    throwIfAborted(opts.signal);
    return await file.close();
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/** Writes every chunk of `data` into `sink` (without closing it), stopping as soon as `signal` fires. */
export async function writeAll(sink: ByteSink, data: AsyncIterable<Uint8Array>, signal: AbortSignal | undefined): Promise<void> {
  const chunks = data[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      const next = await nextUnlessAborted(chunks, signal);
      if (next.done) break;
      await sink.write(next.value);
    }
    ended = true;
  } finally {
    if (!ended) stopReading(chunks);
  }
}

class TempFileBackedFile implements AtomicFile {
  private state: 'writing' | 'finished' | 'closed' | 'aborted' = 'writing';
  private unflushedBytes = 0;
  /** The background flush in flight; closing the handle waits for it. */
  private flushing: Promise<void> | undefined;
  private flushFailure: { error: unknown } | undefined;

  constructor(
    private finalPath: string,
    private readonly tempPath: string,
    private readonly handle: FileHandle,
    private readonly overwrite: boolean,
  ) {}

  get path(): string {
    return this.finalPath;
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.assertWriting();
    let offset = 0;
    while (offset < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.byteLength - offset);
      offset += bytesWritten;
    }
    this.unflushedBytes += bytes.byteLength;
    if (this.unflushedBytes >= FLUSH_EVERY_BYTES && this.flushing === undefined) this.startFlush();
  }

  async writeAt(position: number, bytes: Uint8Array): Promise<void> {
    this.assertWriting();
    let offset = 0;
    while (offset < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.byteLength - offset, position + offset);
      offset += bytesWritten;
    }
  }

  async finish(): Promise<void> {
    this.assertWriting();
    this.state = 'finished';
    await this.releaseHandle();
  }

  async close(): Promise<string> {
    if (this.state !== 'finished') this.assertWriting();
    const release = this.state === 'writing';
    this.state = 'closed';
    unfinished.delete(this);
    try {
      if (release) await this.releaseHandle();
      this.finalPath = this.overwrite ? await this.replaceTarget() : await this.publishUnderFreeName();
      return this.finalPath;
    } catch (error) {
      await this.discard().catch(() => undefined);
      throw error;
    }
  }

  async abort(): Promise<void> {
    if (this.state === 'closed' || this.state === 'aborted') return;
    this.state = 'aborted';
    unfinished.delete(this);
    await this.discard();
  }

  /* not shown: an invariant of this class (a write after close or abort is a bug) */
  private assertWriting(): void {
    if (this.state !== 'writing') throw new Error(`${this.finalPath} was already ${this.state}`);
    if (this.flushFailure) throw this.flushFailure.error;
  }

  /** Waits for the background flush, flushes the rest and closes the handle. */
  private async releaseHandle(): Promise<void> {
    await this.flushing;
    if (this.flushFailure) throw this.flushFailure.error;
    await this.handle.sync();
    await this.handle.close();
  }

  /** Flushes what was written so far while writing goes on; a failure is thrown by the next write or by close. */
  private startFlush(): void {
    this.unflushedBytes = 0;
    this.flushing = this.handle
      .datasync()
      .catch((error: unknown) => {
        this.flushFailure ??= { error };
      })
      .finally(() => {
        this.flushing = undefined;
      });
  }

  /** Closing waits for a write still in flight, so the removal cannot race with it. */
  private async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await fs.rm(this.tempPath, { force: true });
  }

  private async replaceTarget(): Promise<string> {
    await fs.rename(this.tempPath, this.finalPath);
    return this.finalPath;
  }

  private async publishUnderFreeName(): Promise<string> {
    const ext = path.extname(this.finalPath);
    const stem = path.basename(this.finalPath, ext);
    const dir = path.dirname(this.finalPath);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? this.finalPath : path.join(dir, numberedName(stem, ext, n));
      if (await this.publishAs(candidate)) return candidate;
    }
  }

  /** Gives the file the name `candidate` unless it exists; false when it does. */
  private async publishAs(candidate: string): Promise<boolean> {
    try {
      // Unlike rename, link fails when the name exists, so there is no window to lose another file.
      await fs.link(this.tempPath, candidate);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return false;
      if (LINK_UNSUPPORTED.has(code)) return this.renameOntoReservedName(candidate);
      throw error;
    }
    await fs.rm(this.tempPath, { force: true }).catch(() => undefined);
    return true;
  }

  /** Claims the name with an exclusive create, then replaces that empty placeholder of ours. */
  private async renameOntoReservedName(candidate: string): Promise<boolean> {
    try {
      await (await fs.open(candidate, 'wx')).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      await fs.rename(this.tempPath, candidate);
    } catch (error) {
      await fs.rm(candidate, { force: true }).catch(() => undefined);
      throw error;
    }
    return true;
  }
}
