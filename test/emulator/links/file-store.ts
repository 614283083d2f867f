/** Media served by signed links. Bytes are produced on first download, so listing tasks never renders video. */

interface StoredFile {
  contentType: string;
  produce: () => Buffer;
  bytes?: Buffer;
}

/** Oldest entries are dropped past this count to bound memory in long runs. */
const MAX_FILES = 512;

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  put(id: string, contentType: string, produce: () => Buffer): void {
    this.files.delete(id);
    this.files.set(id, { contentType, produce });
    while (this.files.size > MAX_FILES) {
      const oldest = this.files.keys().next().value;
      if (oldest === undefined) break;
      this.files.delete(oldest);
    }
  }

  has(id: string): boolean {
    return this.files.has(id);
  }

  get(id: string): { contentType: string; bytes: Buffer } | undefined {
    const file = this.files.get(id);
    if (!file) return undefined;
    file.bytes ??= file.produce();
    return { contentType: file.contentType, bytes: file.bytes };
  }
}
