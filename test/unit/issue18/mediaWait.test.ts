/** Issue #18, point 1: paid synchronous generations wait much longer than chat, say what a timeout means, and Cancel aborts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/gateway/errors';
import { elapsedProgress, formatElapsed } from '../../../src/mediaGeneration/generation/elapsedProgress';
import { imageLatencyMs, videoLatencyMs } from '../../emulator/media/latency';
import { clientFixture } from '../client/harness';

const VIDEO = { model: 'google-veo-3-1', prompt: 'a slow pan over a harbour', output_format: 'url' as const, duration: 4 };

test('emulator: generation time per model, scaled by mediaLatencyScale', async () => {
  assert.ok(videoLatencyMs('google-veo-3-1', 1, 8) >= 11_000 && videoLatencyMs('google-veo-3-1', 1, 8) <= 360_000);
  assert.ok(imageLatencyMs('bytedance-seedream-4-5', 6) >= 60_000, 'a set takes minutes');
  const f = await clientFixture({ mediaLatencyScale: 0.004 });
  try {
    const started = Date.now();
    await f.client.videos.generate(VIDEO);
    assert.ok(Date.now() - started >= videoLatencyMs('google-veo-3-1', 1, 4) * 0.004 - 20);
  } finally {
    await f.close();
  }
});

test('a video slower than the chat header timeout still arrives: media requests have their own wait', async () => {
  const f = await clientFixture({ mediaLatencyScale: 0.004 }, { timeouts: { headersMs: 100 } });
  try {
    const result = await f.client.videos.generate(VIDEO, undefined, { timeoutMs: 5_000 });
    assert.equal(result.videos.length, 1);
    assert.equal(f.received('/videos'), 1);
  } finally {
    await f.close();
  }
});

test('after the media wait: a media_timeout error saying the result may still be billed, suggesting a task; never re-sent', async () => {
  const f = await clientFixture({ mediaLatencyScale: 0.01 });
  try {
    const error = await f.client.videos.generate(VIDEO, undefined, { timeoutMs: 150 }).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof GatewayError);
    assert.equal(error.kind, 'timeout');
    assert.equal(error.code, 'media_timeout');
    assert.match(error.message, /may still have produced \(and billed\) the video/);
    assert.match(error.userMessage, /video task/);
    assert.equal(f.received('/videos'), 1);
    const images = await f.client.images
      .generate(
        {
          model: 'bytedance-seedream-4-5',
          prompt: 'six postcards of one town',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 6 },
        },
        undefined,
        { timeoutMs: 150 },
      )
      .then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      );
    assert.ok(images instanceof GatewayError && images.code === 'media_timeout');
    assert.match(images.userMessage, /imageTimeoutSeconds/);
    assert.equal(f.received('/images'), 1);
  } finally {
    await f.close();
  }
});

test('Cancel aborts the waiting request at once (not a timeout)', async () => {
  const f = await clientFixture({ mediaLatencyScale: 0.1 });
  try {
    const abort = new AbortController();
    const started = Date.now();
    setTimeout(() => abort.abort(), 100);
    const error = await f.client.videos.generate(VIDEO, abort.signal).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof GatewayError);
    assert.equal(error.kind, 'aborted');
    assert.ok(Date.now() - started < 2_000);
  } finally {
    await f.close();
  }
});

test('progress messages carry the elapsed time, refreshed every second', () => {
  let now = 0;
  let tick: () => void = () => undefined;
  const shown: string[] = [];
  const progress = elapsedProgress((m) => shown.push(m), { now: () => now, every: (_ms, t) => ((tick = t), () => (tick = () => undefined)) });
  progress.report('Waiting for the gateway…');
  now = 65_000;
  tick();
  progress.stop();
  tick();
  assert.deepEqual(shown, ['Waiting for the gateway… 0:00 elapsed', 'Waiting for the gateway… 1:05 elapsed']);
  assert.equal(formatElapsed(3_725_000), '1:02:05');
});
