// Generation end to end against the emulator, without VS Code: form values → request → saved files and sidecars.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isGatewayError } from '../../../src/gateway/errors';
import type { FormValues, MediaVariant } from '../../../src/mediaGeneration/forms/formFields';
import { givenValues } from '../../../src/mediaGeneration/forms/formValues';
import { formFor } from '../../../src/mediaGeneration/forms/mediaForms';
import { prepareGeneration } from '../../../src/mediaGeneration/generation/generationPlan';
import { type GenerationOutcome, type MediaOutput, runGeneration } from '../../../src/mediaGeneration/generation/generationRun';
import { pngSize, renderPng } from '../../emulator/media/png';
import { renderMp4 } from '../../emulator/media/mp4';
import { folderMediaOutput } from '../../support/folderMediaOutput';
import { assertRefused } from '../validation/refusal';
import { clientFixture, type ClientFixture } from '../client/harness';

const AT = new Date('2026-03-04T05:06:07Z');
const STAMP = '20260304-050607';

let fx: ClientFixture;
let workspace: string;

before(async () => {
  fx = await clientFixture();
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-'));
  fs.mkdirSync(path.join(workspace, 'inputs'));
  fs.writeFileSync(input('cat.png'), renderPng({ width: 64, height: 48, prompt: 'cat' }));
  fs.writeFileSync(input('dog.png'), renderPng({ width: 48, height: 64, prompt: 'dog' }));
  fs.writeFileSync(input('clip.mp4'), renderMp4({ width: 32, height: 32, seconds: 0.5, prompt: 'clip' }));
});

after(async () => {
  await fx.close();
  fs.rmSync(workspace, { recursive: true, force: true });
});

function input(name: string): string {
  return path.join(workspace, 'inputs', name);
}

/** A fresh output folder, written through the same naming and download code as OutputFiles. */
function outputDir(): { dir: string; output: MediaOutput } {
  const dir = fs.mkdtempSync(path.join(workspace, 'generated-'));
  return { dir, output: folderMediaOutput(dir) };
}

interface Run {
  variant: MediaVariant;
  model: string;
  prompt: string;
  values?: FormValues;
  signal?: AbortSignal;
  report?: (message: string) => void;
  output?: MediaOutput;
}

async function generate(run: Run): Promise<GenerationOutcome & { dir: string }> {
  const target = run.output ? { dir: '', output: run.output } : outputDir();
  const form = formFor(run.variant);
  const prepared = await prepareGeneration({ form, model: run.model, prompt: run.prompt, values: givenValues(form, run.values ?? {}) }, (file) =>
    path.relative(workspace, file),
  );
  const outcome = await runGeneration(fx.client, target.output, prepared, run.signal ?? new AbortController().signal, run.report, AT);
  return { ...outcome, dir: target.dir };
}

function sidecar(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Record<string, unknown>;
}

function lastBody(pathSuffix: string): Record<string, unknown> {
  const request = [...fx.emu.requests].reverse().find((r) => r.path.endsWith(pathSuffix));
  assert.ok(request, `a request to ${pathSuffix}`);
  return request.body as Record<string, unknown>;
}

const base64Of = (file: string): string => fs.readFileSync(file).toString('base64');
const listing = (dir: string): string[] => fs.readdirSync(dir).sort();

test('basic image, URL result: downloaded at once, named from the prompt and the time, with its sidecar', async () => {
  const result = await generate({ variant: 'image-basic', model: 'stable-image-core-1.1', prompt: 'A lighthouse!', values: { style: 'photographic' } });
  const name = `a-lighthouse-${STAMP}.png`;
  assert.deepEqual(listing(result.dir), [name, `${name}.json`]);
  assert.deepEqual(result.saved, [{ path: path.join(result.dir, name), sidecar: path.join(result.dir, `${name}.json`), member: undefined }]);
  assert.deepEqual(pngSize(fs.readFileSync(result.saved[0].path)), { width: 1024, height: 1024 });
  const data = sidecar(result.saved[0].path);
  assert.equal(data.model, 'stable-image-core-1.1');
  assert.equal(data.variant, 'image-basic');
  assert.equal(data.endpoint, '/v1/images/generations');
  assert.deepEqual(data.request, { model: 'stable-image-core-1.1', prompt: 'A lighthouse!', style: 'photographic' });
  assert.match(String(data.revised_prompt), /^A lighthouse!, highly detailed/);
  assert.equal(data.seed, null);
  assert.ok((data.usage as { total_tokens: number }).total_tokens > 0);
  assert.equal(data.request_id, result.requestId);
  assert.equal(data.created_at, AT.toISOString());
});

test('4.0: one local image edited (sent as a data URL), b64_json streamed to disk; the sidecar names the input by path', async () => {
  const result = await generate({
    variant: 'image-4.0',
    model: 'bytedance-seedream-4',
    prompt: 'make the cat wear a tiny red hat please',
    values: { image: [input('cat.png')], size: '512x512', watermark: false, response_format: 'b64_json' },
  });
  const sent = lastBody('/images/generations');
  assert.equal(sent.image, `data:image/png;base64,${base64Of(input('cat.png'))}`);
  assert.deepEqual([sent.size, sent.watermark, sent.response_format, sent.sequential_image_generation], ['512x512', false, 'b64_json', 'disabled']);
  assert.equal(result.saved.length, 1);
  assert.deepEqual(pngSize(fs.readFileSync(result.saved[0].path)), { width: 512, height: 512 });
  const data = sidecar(result.saved[0].path);
  assert.deepEqual(data.inputs, { image: ['inputs/cat.png'] });
  assert.deepEqual((data.request as Record<string, unknown>).image, { file: 'inputs/cat.png' });
  assert.equal(data.revised_prompt, null, 'long prompts are not revised');
  const text = fs.readFileSync(`${result.saved[0].path}.json`, 'utf8');
  assert.ok(!text.includes('base64,') && !text.includes(base64Of(input('cat.png')).slice(0, 40)), 'no input bytes in the sidecar');
});

test('4.5: reference images, a sequential set of 3 with seed and custom size, numbered as one group', async () => {
  const reports: string[] = [];
  const result = await generate({
    variant: 'image-4.5',
    model: 'bytedance-seedream-4-5',
    prompt: 'three views of the same cat and dog',
    values: {
      image: [input('cat.png'), input('dog.png')],
      sequential_image_generation: 'auto',
      max_images: 3,
      seed: 42,
      size: '2560x1440',
      response_format: 'b64_json',
    },
    report: (m) => reports.push(m),
  });
  const sent = lastBody('/images/generations');
  assert.deepEqual(
    (sent.image as string[]).map((url) => url.slice(0, 22)),
    ['data:image/png;base64,', 'data:image/png;base64,'],
  );
  assert.deepEqual(sent.sequential_image_generation_options, { max_images: 3 });
  assert.equal(sent.seed, 42);
  const names = [1, 2, 3].map((n) => `three-views-of-the-same-cat-and-dog-${STAMP}-${n}.png`);
  assert.deepEqual(listing(result.dir), names.flatMap((n) => [n, `${n}.json`]).sort());
  assert.deepEqual(
    result.saved.map((s) => s.member),
    [1, 2, 3],
  );
  for (const [i, saved] of result.saved.entries()) {
    assert.deepEqual(pngSize(fs.readFileSync(saved.path)), { width: 2560, height: 1440 });
    const data = sidecar(saved.path);
    assert.deepEqual(data.member, { index: i + 1, of: 3 });
    assert.equal(data.seed, 42);
    assert.deepEqual(data.inputs, { image: ['inputs/cat.png', 'inputs/dog.png'] });
  }
  assert.ok(reports.includes('Receiving image 3…'), reports.join(' | '));
  assert.match(result.generated ?? '', /^3 images, 2560×1440, [\d,]+ output tokens$/);
});

test('a set with a failed member: the failure is reported with its reason, the others are kept', async () => {
  const result = await generate({
    variant: 'image-4.5',
    model: 'bytedance-seedream-4-5',
    prompt: 'four seasons of one tree fail-one',
    values: { sequential_image_generation: 'auto', max_images: 4, size: '2560x1440' },
  });
  assert.deepEqual(
    result.saved.map((s) => s.member),
    [1, 2, 3],
  );
  assert.equal(result.failed.length, 1);
  assert.equal(result.failed[0].member, 4);
  assert.match(result.failed[0].message, /sensitive information.*OutputImageSensitiveContentDetected/);
  assert.equal(listing(result.dir).length, 6, 'three images and their sidecars');
  assert.deepEqual(sidecar(result.saved[2].path).member, { index: 3, of: 4 });
});

test('video V2: n videos with enhance_prompt, base64 streamed into numbered MP4s', async () => {
  const result = await generate({ variant: 'video-v2', model: 'veo-2', prompt: 'waves on a beach', values: { n: 2, enhance_prompt: true } });
  assert.deepEqual(lastBody('/videos/generation'), { model: 'veo-2', prompt: 'waves on a beach', n: 2, enhance_prompt: true });
  assert.deepEqual(
    listing(result.dir),
    [1, 2].flatMap((n) => [`waves-on-a-beach-${STAMP}-${n}.mp4`, `waves-on-a-beach-${STAMP}-${n}.mp4.json`]),
  );
  for (const saved of result.saved) assert.equal(fs.readFileSync(saved.path).subarray(4, 8).toString('latin1'), 'ftyp');
  assert.deepEqual(result.silentAudio, [], "the emulator's videos have no AAC track");
  assert.equal(sidecar(result.saved[0].path).endpoint, '/v1/videos/generation');
  // The answer holds only the videos: what was generated is read from the saved files.
  assert.match(result.generated ?? '', /^2 videos, 8 s, \d+×\d+$/);
});

test('video V3: first frame (cropped) and a video to extend, no prompt, URL output downloaded at once', async () => {
  const result = await generate({
    variant: 'video-v3',
    model: 'google-veo-3',
    prompt: '',
    values: { image: [input('cat.png')], video: [input('clip.mp4')], resize_mode: 'crop', duration: 4, output_format: 'url', generate_audio: false },
  });
  const sent = lastBody('/videos/generation');
  assert.equal(sent.prompt, undefined);
  assert.deepEqual(sent.image, { mime_type: 'image/png', base_64_encoded: base64Of(input('cat.png')) });
  assert.deepEqual(sent.video, { mime_type: 'video/mp4', base_64_encoded: base64Of(input('clip.mp4')) });
  assert.equal(result.saved.length, 1);
  assert.match(path.basename(result.saved[0].path), new RegExp(`^cat-${STAMP}\\.mp4$`), 'named after the input when there is no prompt');
  const data = sidecar(result.saved[0].path);
  assert.deepEqual(data.inputs, { image: ['inputs/cat.png'], video: ['inputs/clip.mp4'] });
  assert.deepEqual((data.request as Record<string, unknown>).video, { mime_type: 'video/mp4', base_64_encoded: { file: 'inputs/clip.mp4' } });
});

test('video V3.1: last frame, subject references, 1080p and every output option', async () => {
  const result = await generate({
    variant: 'video-v3.1',
    model: 'google-veo-3-1',
    prompt: 'the cat walks towards the dog',
    values: {
      image: [input('cat.png')],
      last_frame: [input('dog.png')],
      reference_images: [input('cat.png'), input('dog.png')],
      resolution: '1080p',
      aspect_ratio: '9:16',
      seed: 7,
      negative_prompt: 'rain',
      person_generation: 'dont_allow',
      compression_quality: 'lossless',
      n: 1,
    },
  });
  const sent = lastBody('/videos/generation');
  assert.deepEqual(
    (sent.reference_images as Array<{ reference_type: string }>).map((r) => r.reference_type),
    ['subject', 'subject'],
  );
  assert.deepEqual([sent.duration, sent.resolution, sent.aspect_ratio, sent.seed, sent.resize_mode], [8, '1080p', '9:16', 7, 'pad']);
  assert.equal(result.saved.length, 1);
  const data = sidecar(result.saved[0].path);
  assert.deepEqual(data.inputs, { image: ['inputs/cat.png'], last_frame: ['inputs/dog.png'], reference_images: ['inputs/cat.png', 'inputs/dog.png'] });
  assert.equal(data.seed, 7);
});

test('refusals before sending: invalid values, a missing, too big or wrongly typed input file', async () => {
  const sentBefore = fx.received('/images') + fx.received('/videos');
  const refused = (run: Run) => assert.rejects(generate(run), (e: unknown) => isGatewayError(e) && e.kind === 'validation');
  await refused({ variant: 'image-4.5', model: 'bytedance-seedream-4-5', prompt: '' });
  await refused({ variant: 'video-v3', model: 'google-veo-3', prompt: 'x', values: { duration: 6, resolution: '1080p' } });
  const big = input('huge.png');
  fs.writeFileSync(big, renderPng({ width: 8, height: 8, prompt: 'big' }));
  fs.truncateSync(big, 11 * 1024 * 1024);
  const text = input('notes.png');
  fs.writeFileSync(text, 'plain text, not an image');
  const gif = input('anim.gif');
  fs.writeFileSync(gif, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]));
  const prepare = (file: string, variant: MediaVariant = 'image-4.5') => {
    const form = formFor(variant);
    return prepareGeneration({ form, model: 'm', prompt: 'p', values: givenValues(form, { image: [file] }) }, (f) => path.relative(workspace, f));
  };
  const tooBig = await prepare(big).catch((e: unknown) => e);
  assertRefused(
    () => {
      throw tooBig;
    },
    { param: 'image', value: 'inputs/huge.png', allowed: 'of at most 10 MB' },
  );
  assert.match(String((tooBig as Error).message), /11 MB/);
  const notMedia = await prepare(text).catch((e: unknown) => e);
  assertRefused(
    () => {
      throw notMedia;
    },
    { param: 'image', value: 'inputs/notes.png', allowed: 'image/png' },
  );
  assert.match(String((notMedia as Error).message), /not a known media type/);
  await prepare(gif);
  const gifOn40 = await prepare(gif, 'image-4.0').catch((e: unknown) => e);
  assertRefused(
    () => {
      throw gifOn40;
    },
    { param: 'image', value: 'inputs/anim.gif', allowed: 'image/jpeg, image/png' },
  );
  assert.match(String((gifOn40 as Error).message), /a image\/gif file/);
  const missing = await prepare(input('none.png')).catch((e: unknown) => e);
  assertRefused(
    () => {
      throw missing;
    },
    { param: 'image', value: 'inputs/none.png' },
  );
  const videoForm = formFor('video-v3');
  const webpAsFrame = input('frame.webp');
  fs.writeFileSync(webpAsFrame, Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(32)]));
  const notForVideo = await prepareGeneration(
    { form: videoForm, model: 'm', prompt: '', values: givenValues(videoForm, { image: [webpAsFrame] }) },
    (f) => f,
  ).catch((e: unknown) => e);
  assertRefused(
    () => {
      throw notForVideo;
    },
    { param: 'image', allowed: 'image/jpeg, image/png' },
  );
  assert.equal(fx.received('/images') + fx.received('/videos'), sentBefore, 'nothing was sent');
});

test('Cancel while a base64 video streams: an aborted error, and no file or .part left', async () => {
  fx.emu.setFaults({ slowChunkMs: 150, pathPrefix: '/videos' });
  try {
    const abort = new AbortController();
    const { dir, output } = outputDir();
    const cancelling: MediaOutput = {
      ...output,
      mediaFile: (name) => {
        const file = output.mediaFile(name);
        // Cancel once the first bytes are on disk.
        return {
          get path() {
            return file.path;
          },
          finish: () => file.finish(),
          close: () => file.close(),
          abort: () => file.abort(),
          write: async (bytes) => {
            await file.write(bytes);
            abort.abort();
          },
        };
      },
    };
    await assert.rejects(
      generate({ variant: 'video-v2', model: 'veo-2', prompt: 'a long slow river', signal: abort.signal, output: cancelling }),
      (e: unknown) => isGatewayError(e) && e.kind === 'aborted',
    );
    assert.deepEqual(listing(dir), [], 'no partial file, no .part');
  } finally {
    fx.emu.setFaults(undefined);
  }
});

test('Cancel while downloading a set: the finished members are kept, no partial file', async () => {
  fx.emu.setFaults({ slowChunkMs: 100, pathPrefix: '/files' });
  try {
    const abort = new AbortController();
    const result = await generate({
      variant: 'image-4.5',
      model: 'bytedance-seedream-4-5',
      prompt: 'a set to cancel halfway',
      values: { sequential_image_generation: 'auto', max_images: 3, size: '2560x1440' },
      signal: abort.signal,
      report: (message) => {
        if (message.startsWith('Downloading image 2')) setTimeout(() => abort.abort(), 120);
      },
    });
    assert.equal(result.cancelled, true);
    assert.deepEqual(
      result.saved.map((s) => s.member),
      [1],
    );
    const name = `a-set-to-cancel-halfway-${STAMP}-1.png`;
    assert.deepEqual(listing(result.dir), [name, `${name}.json`]);
  } finally {
    fx.emu.setFaults(undefined);
  }
});

test('name collisions: the same prompt at the same time never overwrites', async () => {
  const { dir, output } = outputDir();
  const run: Run = { variant: 'image-4.0', model: 'bytedance-seedream-4', prompt: 'twin', values: { size: '512x512', response_format: 'b64_json' }, output };
  const first = await generate(run);
  const second = await generate(run);
  const third = await generate({ ...run, values: { size: '512x512' } });
  assert.deepEqual(
    [first, second, third].map((r) => path.basename(r.saved[0].path)),
    [`twin-${STAMP}.png`, `twin-${STAMP}-2.png`, `twin-${STAMP}-3.png`],
  );
  assert.equal(listing(dir).length, 6);
  assert.ok(!fs.readFileSync(first.saved[0].path).equals(Buffer.alloc(0)));
  assert.equal(sidecar(second.saved[0].path).created_at, AT.toISOString());
});

test('an expired link fails its member with the reason instead of failing the whole run', async () => {
  fx.emu.setFaults({ expiredUrls: true });
  try {
    const result = await generate({ variant: 'image-basic', model: 'stable-image-core-1.1', prompt: 'an expiring lighthouse' });
    assert.deepEqual(result.saved, []);
    assert.equal(result.failed.length, 1);
    assert.match(result.failed[0].message, /403|expired|AccessDenied/i);
    assert.deepEqual(listing(result.dir), []);
  } finally {
    fx.emu.setFaults(undefined);
  }
});
