import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GatewayClient } from '../../../src/gateway/client';
import { openAtomicFile } from '../../../src/files/atomicFile';
import { startEmulatorProcess } from '../../support/emulatorProcess';

const VIDEO_BYTES = 160 * 1024 * 1024; // about 213 MB of base64 on the wire
const MAX_GROWTH_MB = 64;

test('a video response of more than 200 MB of base64 is saved with bounded memory', { timeout: 180_000 }, async () => {
  const emu = await startEmulatorProcess(['--large-video-bytes', String(VIDEO_BYTES)]);
  const client = new GatewayClient({ baseUrl: emu.url, userAgent: 't', env: {}, getCredential: async () => emu.apiKey });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-large-'));
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const started = Date.now();
    const saved = await client.videos.generateToSinks({ model: 'veo-2', prompt: 'a very long ocean' }, async () => openAtomicFile(path.join(dir, 'ocean.mp4')));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const file = path.join(dir, 'ocean.mp4');
    const size = fs.statSync(file).size;
    assert.equal(saved.files, 1);
    assert.equal(size, VIDEO_BYTES);
    const head = fs.readFileSync(file).subarray(0, 8);
    assert.equal(head.subarray(4, 8).toString('latin1'), 'ftyp', 'the saved bytes are the MP4');
    assert.equal(createHash('sha256').update(head).digest('hex').length, 64);
    const growthMb = (peak - baseline) / 2 ** 20;
    console.log(
      `large video: ${(size / 2 ** 20).toFixed(0)} MB from ${((size * 4) / 3 / 2 ** 20).toFixed(0)} MB of base64 in ${seconds.toFixed(1)} s; client peak RSS growth ${growthMb.toFixed(1)} MB`,
    );
    assert.ok(growthMb < MAX_GROWTH_MB, `peak growth ${growthMb.toFixed(1)} MB`);
  } finally {
    clearInterval(sampler);
    await client.close();
    await emu.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
