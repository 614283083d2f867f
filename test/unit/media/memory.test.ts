import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { openAtomicFile, type AtomicFile } from '../../../src/files/atomicFile';
import { extractBase64Fields } from '../../../src/gateway/media/jsonMediaStream';
import { withTempDir } from './mediaTestHelpers';

const MiB = 1024 * 1024;
/** 3 bytes per 4 base64 characters: 48 KiB of video make 64 KiB of base64. */
const RAW_PIECE = 48 * 1024;
const PIECES = (210 * MiB) / (64 * 1024);
const MAX_GROWTH = 96 * MiB;

/**
 * A synchronous video response with 210 MiB of base64, generated piece by
 * piece as it is read, like a network body; the hash covers the video bytes.
 */
function videoResponse(onPiece: () => void): { body: AsyncGenerator<Uint8Array>; hash: () => string } {
  const hash = createHash('sha256');
  async function* body(): AsyncGenerator<Uint8Array> {
    yield Buffer.from('{"created":1,"videos":[{"mime_type":"video/mp4","base64_encoded":"');
    for (let i = 0; i < PIECES; i++) {
      const raw = randomBytes(RAW_PIECE);
      hash.update(raw);
      const base64 = Buffer.from(raw.toString('base64'), 'latin1');
      // Cut at an odd place so that groups of 4 characters straddle chunks.
      yield base64.subarray(0, 30_001);
      yield base64.subarray(30_001);
      onPiece();
    }
    yield Buffer.from('"}],"usage":{"seconds":8}}');
  }
  return { body: body(), hash: () => hash.digest('hex') };
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

test('a 210 MiB base64 video streams to a file with bounded memory', async (t) => {
  await withTempDir(async (dir) => {
    const collectGarbage = (globalThis as { gc?: () => void }).gc;
    collectGarbage?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = (): void => {
      peak = Math.max(peak, process.memoryUsage().rss);
    };
    const sampler = setInterval(sample, 5);
    const response = videoResponse(sample);
    let file: AtomicFile | undefined;
    try {
      const result = await extractBase64Fields(response.body, ['base64_encoded'], async () => {
        file = await openAtomicFile(path.join(dir, 'video.mp4'));
        return file;
      });
      assert.equal(result.extracted, 1);
    } finally {
      clearInterval(sampler);
    }
    sample();
    const growth = peak - baseline;
    t.diagnostic(`peak RSS growth ${(growth / MiB).toFixed(1)} MiB (baseline ${(baseline / MiB).toFixed(0)} MiB)`);
    assert.ok(growth < MAX_GROWTH, `RSS grew by ${(growth / MiB).toFixed(1)} MiB`);
    assert.ok(file);
    assert.equal((await fs.stat(file.path)).size, PIECES * RAW_PIECE);
    assert.equal(await sha256OfFile(file.path), response.hash());
  });
});
