/**
 * A key-value store in one JSON file on the extension host's disk. Unlike
 * globalState, which VS Code for the Web and code-server keep in the
 * browser, it survives a new browser profile. Read once when opened; each
 * update re-reads the file so keys written by another window are kept, then
 * replaces it atomically, holding a lock file so that no other window
 * writes in between.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicFile';
import { withFileLock } from '../files/fileLock';
import type { KeyValueStore } from './gatewayTaskStorage';

type Values = Record<string, unknown>;

export class JsonFileStore implements KeyValueStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly filePath: string,
    private values: Values,
  ) {}

  /** Opens the store without blocking the thread; a missing or unreadable file is an empty store. */
  static async open(filePath: string): Promise<JsonFileStore> {
    return new JsonFileStore(filePath, parseValues(await fs.promises.readFile(filePath, 'utf8').catch(() => undefined)));
  }

  /** Opens the store; a missing or unreadable file is an empty store (the next update rewrites it). */
  static openSync(filePath: string): JsonFileStore {
    let text: string | undefined;
    try {
      text = fs.readFileSync(filePath, 'utf8');
    } catch {
      text = undefined;
    }
    return new JsonFileStore(filePath, parseValues(text));
  }

  get<T>(key: string): T | undefined {
    return this.values[key] as T | undefined;
  }

  /** Reads the file again, after this store's own writes: keys other windows wrote since. An unreadable file changes nothing. */
  async reread(): Promise<void> {
    await this.writing;
    const text = await fs.promises.readFile(this.filePath, 'utf8').catch(() => undefined);
    if (text !== undefined) this.values = parseValues(text);
  }

  /**
   * Calls back when the file changes on disk (another window wrote it; this
   * store's own writes too). The returned function stops watching. Where the
   * file system cannot be watched, nothing is called: reread still works.
   */
  watch(onChange: () => void): () => void {
    const dir = path.dirname(this.filePath);
    const name = path.basename(this.filePath);
    try {
      fs.mkdirSync(dir, { recursive: true });
      // The directory: an atomic write replaces the file, which a watch on the file itself would lose.
      const watcher = fs.watch(dir, (_event, changed) => {
        if (changed === null || changed === name) onChange();
      });
      watcher.on('error', () => watcher.close());
      return () => watcher.close();
    } catch {
      return () => undefined;
    }
  }

  /** Resolves once written; writes happen in order, and one that fails does not stop the next. */
  update(key: string, value: unknown): Promise<void> {
    this.values = { ...this.values, [key]: value };
    return this.write(key, () => value).then(() => undefined);
  }

  /**
   * Replaces `key` with what `next` makes of its value on disk, or leaves it
   * when `next` returns undefined; resolves to the value written. No other
   * window writes the file between the read and the write, so `next` decides
   * on what is really there: a compare-and-set. (A key is kept either by
   * update or by change: update shows its value before it is written.)
   */
  async change<T>(key: string, next: (onDisk: unknown) => T | undefined): Promise<T | undefined> {
    const value = await this.write(key, next);
    if (value !== undefined) this.values = { ...this.values, [key]: value };
    return value;
  }

  /** Reads, decides and writes while holding the lock file beside the store, after this store's earlier writes. */
  private write<T>(key: string, next: (onDisk: unknown) => T | undefined): Promise<T | undefined> {
    const readDecideWrite = async (): Promise<T | undefined> => {
      // Only a missing file is empty: one that could not be read now (too many open files, a scanner holding it) would be overwritten with this key alone.
      const onDisk = parseValues(await fs.promises.readFile(this.filePath, 'utf8').catch(missingAsUndefined));
      const value = next(onDisk[key]);
      if (value !== undefined) await writeFileAtomic(this.filePath, JSON.stringify({ ...onDisk, [key]: value }), { overwrite: true });
      return value;
    };
    const written = this.writing.then(async () => {
      await fs.promises.mkdir(path.dirname(this.filePath), { recursive: true });
      return withFileLock(`${this.filePath}.lock`, readDecideWrite);
    });
    this.writing = written.then(
      () => undefined,
      () => undefined,
    );
    return written;
  }
}

function missingAsUndefined(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

function parseValues(text: string | undefined): Values {
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Values) : {};
  } catch {
    return {};
  }
}
