import { type AtomicFile, openAtomicFile } from './atomicFile';
import type { ByteSink } from '../gateway/media/byteSink';
import { MEDIA_TYPE_HEAD_BYTES, sniffMediaType } from '../gateway/media/mediaType';

/**
 * An atomic file whose extension is chosen by its first bytes (see
 * sniffMediaType): nothing is created until they arrive, and abort() leaves
 * nothing behind.
 */
export interface ContentNamedFile extends ByteSink {
  /** Undefined until the first bytes chose the name; after close, the path actually used. */
  readonly path: string | undefined;
  close(): Promise<string>;
}

/**
 * @param pathFor the path to write, given the extension (without the dot);
 *   the file takes the next free name if that one is taken when it is closed.
 * @param fallbackExtension for content of no known type.
 */
export function openContentNamedFile(pathFor: (extension: string) => Promise<string>, fallbackExtension: string): ContentNamedFile {
  return new HeadSniffingFile(pathFor, fallbackExtension);
}

class HeadSniffingFile implements ContentNamedFile {
  private head: Buffer[] = [];
  private headLength = 0;
  private file: AtomicFile | undefined;
  private opening: Promise<AtomicFile> | undefined;

  constructor(
    private readonly pathFor: (extension: string) => Promise<string>,
    private readonly fallbackExtension: string,
  ) {}

  get path(): string | undefined {
    return this.file?.path;
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.file) return this.file.write(bytes);
    // Kept beyond this call, so copied.
    this.head.push(Buffer.from(bytes));
    this.headLength += bytes.byteLength;
    if (this.headLength >= MEDIA_TYPE_HEAD_BYTES) await this.open();
  }

  async finish(): Promise<void> {
    await (await this.open()).finish();
  }

  async close(): Promise<string> {
    return (await this.open()).close();
  }

  async abort(): Promise<void> {
    const file = await this.opening?.catch(() => undefined);
    await file?.abort();
  }

  private open(): Promise<AtomicFile> {
    this.opening ??= this.create();
    return this.opening;
  }

  private async create(): Promise<AtomicFile> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const extension = sniffMediaType(head)?.extension ?? this.fallbackExtension;
    const file = await openAtomicFile(await this.pathFor(extension));
    try {
      await file.write(head);
    } catch (error) {
      await file.abort();
      throw error;
    }
    this.file = file;
    return file;
  }
}
