import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ByteSink } from '../../../src/gateway/media/byteSink';
import type { MediaOccurrence } from '../../../src/gateway/media/jsonMediaStream';

/** Yields `text` cut at the given positions. */
export async function* chunked(text: string | Buffer, cuts: readonly number[] = []): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

export async function* inChunksOf(text: string | Buffer, size: number): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A sink keeping what it receives in memory and recording how it ended. */
export class MemorySink implements ByteSink {
  readonly parts: Buffer[] = [];
  state: 'open' | 'finished' | 'closed' | 'aborted' = 'open';

  constructor(readonly occurrence: MediaOccurrence) {}

  get bytes(): Buffer {
    return Buffer.concat(this.parts);
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.parts.push(Buffer.from(bytes));
  }

  async finish(): Promise<void> {
    this.state = 'finished';
  }

  async close(): Promise<void> {
    this.state = 'closed';
  }

  async abort(): Promise<void> {
    if (this.state !== 'closed') this.state = 'aborted';
  }
}

/** An openSink callback for extractBase64Fields that collects MemorySinks. */
export function memorySinks(): { sinks: MemorySink[]; open: (occurrence: MediaOccurrence) => Promise<MemorySink> } {
  const sinks: MemorySink[] = [];
  return {
    sinks,
    open: async (occurrence) => {
      const sink = new MemorySink(occurrence);
      sinks.push(sink);
      return sink;
    },
  };
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'genai-media-test-'));
  try {
    return await run(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Every entry of `dir`, hidden temporary files included, sorted. */
export async function listDir(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}
