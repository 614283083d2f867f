/**
 * One run of the large video benchmark, in a process of its own so that its
 * peak RSS is its own:
 *   node largeVideoRun.js <ours|json|limit|receive> <gateway url> <api key> <output dir> <base64 bytes> [warm]
 * With `warm`, the same work is done once before the measured run, as in an
 * extension host that has saved a video before. Prints one JSON line: { growthMb, seconds, bytes }: the bytes of the file
 * written, or for `receive` (which writes none) the bytes of the response body.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { GatewayClient } from '../../src/gateway/client';
import { openAtomicFile } from '../../src/files/atomicFile';
import { Transport } from '../../src/gateway/transport';
import type { ImageResult } from '../../src/gateway/types/images';
import type { VideoResult } from '../../src/gateway/types/videos';

export type LargeVideoContestant = 'ours' | 'json' | 'limit' | 'receive';

const REQUEST = { model: 'veo-2', prompt: 'a very long ocean' };
/** A small base64 response made first, as a running extension host has made requests before: the code is loaded and compiled. */
const WARM_UP = { model: 'bytedance-seedream-4', prompt: 'a small lighthouse', response_format: 'b64_json' as const };
/** Characters of base64 the limit decodes at once: the largest batch ours decodes at once. */
const LIMIT_PIECE_CHARS = 1 << 19;

async function main(): Promise<void> {
  const [contestant, url, apiKey, dir, base64Bytes, mode] = process.argv.slice(2);
  if (!contestant || !url || !apiKey || !dir || !base64Bytes)
    throw new Error('usage: largeVideoRun.js <ours|json|limit|receive> <url> <api key> <dir> <base64 bytes>');
  const file = path.join(dir, `${contestant}-${process.pid}.mp4`);
  let received = 0;
  const { run, close } = await prepare(contestant as LargeVideoContestant, url, apiKey, file, Number(base64Bytes), (n) => (received += n));
  if (mode === 'warm') {
    await run();
    await fs.rm(file, { force: true });
    received = 0;
  }
  const baseline = process.memoryUsage.rss();
  const peakWasReset = resetPeakRss();
  let sampledPeak = baseline;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss())), 5);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  // The kernel's peak catches what the sampler misses while the event loop is busy.
  const peak = Math.max(sampledPeak, peakWasReset ? kernelPeakRss() : 0);
  const bytes = contestant === 'receive' ? received : (await fs.stat(file)).size;
  await fs.rm(file, { force: true });
  await close?.();
  process.stdout.write(`${JSON.stringify({ growthMb: (peak - baseline) / 2 ** 20, seconds, bytes })}\n`);
}

interface PreparedRun {
  /** The measured part; it can be run again. */
  run(): Promise<void>;
  close?(): Promise<void>;
}

/** Everything a contestant needs before the measured part, and that part. */
async function prepare(
  contestant: LargeVideoContestant,
  url: string,
  apiKey: string,
  file: string,
  base64Bytes: number,
  onReceived: (bytes: number) => void,
): Promise<PreparedRun> {
  switch (contestant) {
    case 'ours': {
      const client = new GatewayClient({ baseUrl: url, userAgent: 'bench', env: {}, getCredential: async () => apiKey });
      await client.images.generateToSinks(WARM_UP, async () => openAtomicFile(file));
      await fs.rm(file);
      return {
        run: async () => void (await client.videos.generateToSinks(REQUEST, async () => openAtomicFile(file))),
        close: () => client.close(),
      };
    }
    case 'json': {
      const post = (route: string, body: object): Promise<Response> =>
        fetch(`${url}${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const image = (await (await post('/images/generations', WARM_UP)).json()) as ImageResult;
      await writeSynced(file, [Buffer.from(image.data[0]!.b64_json!, 'base64')]);
      await fs.rm(file);
      return {
        run: async () => {
          const result = (await (await post('/videos/generation', REQUEST)).json()) as VideoResult;
          await writeSynced(file, [Buffer.from(result.videos[0]!.base64_encoded!, 'base64')]);
        },
      };
    }
    case 'receive': {
      // The network path alone: our transport (undici), the body drained and dropped.
      const transport = new Transport({ baseUrl: url, userAgent: 'bench', env: {}, getCredential: async () => apiKey });
      const drain = async (path: string, json: object, count: (bytes: number) => void): Promise<void> => {
        const response = await transport.send({ method: 'POST', path, json, retry: 'paid' });
        for await (const chunk of response.body) count(chunk.byteLength);
      };
      await drain('/images/generations', WARM_UP, () => undefined);
      return { run: () => drain('/videos/generation', REQUEST, onReceived), close: () => transport.close() };
    }
    case 'limit': {
      const pieces = base64Pieces(base64Bytes);
      return { run: () => writeSynced(file, decodeEach(pieces)) };
    }
  }
}

/** Resets the kernel's peak RSS of this process (Linux), so that VmHWM is then the peak of the run alone. */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function kernelPeakRss(): number {
  const found = /^VmHWM:\s*(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return found ? Number(found[1]) * 1024 : 0;
}

/** Base64 text of random bytes, in pieces of LIMIT_PIECE_CHARS. */
function base64Pieces(base64Bytes: number): string[] {
  const pieces: string[] = [];
  for (let left = base64Bytes; left > 0; left -= LIMIT_PIECE_CHARS) {
    pieces.push(randomBytes((Math.min(left, LIMIT_PIECE_CHARS) / 4) * 3).toString('base64'));
  }
  return pieces;
}

function* decodeEach(pieces: readonly string[]): Generator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece, 'base64');
}

/** Writes the pieces to a new file and flushes it to disk, as ours does. */
async function writeSynced(file: string, pieces: Iterable<Uint8Array>): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    for (const piece of pieces) await handle.write(piece);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
