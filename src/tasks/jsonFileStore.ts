/**
 * A key-value store in one JSON file on the extension host's disk. Unlike
 * globalState, which VS Code for the Web and code-server keep in the
 * browser, it survives a new browser profile. Read once when opened; each
 * update re-reads the file so keys written by another window are kept, then
 * replaces it atomically.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicFile';
import type { KeyValueStore } from './gatewayTaskStorage';

type Values = Record<string, unknown>;

export class JsonFileStore implements KeyValueStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly filePath: string,
    private values: Values,
  ) {}

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

  /** Resolves once written; writes happen in order, and one that fails does not stop the next. */
  update(key: string, value: unknown): Promise<void> {
    this.values = { ...this.values, [key]: value };
    const write = async (): Promise<void> => {
      const onDisk = parseValues(await fs.promises.readFile(this.filePath, 'utf8').catch(() => undefined));
      await fs.promises.mkdir(path.dirname(this.filePath), { recursive: true });
      await writeFileAtomic(this.filePath, JSON.stringify({ ...onDisk, [key]: value }), { overwrite: true });
    };
    const written = this.writing.then(write);
    this.writing = written.catch(() => undefined);
    return written;
  }
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
