import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { VideoResult } from '../../../src/gateway/types/videos';
import type { Emulator } from '../../emulator/index';
import { errorOf, post, withEmulator } from './kit';

async function generate(emu: Emulator, body: Record<string, unknown>): Promise<{ result: VideoResult; contentLength: number; bodyLength: number }> {
  const res = await post(emu, '/videos/generation', body);
  assert.equal(res.status, 200, await res.clone().text());
  const text = await res.text();
  return { result: JSON.parse(text) as VideoResult, contentLength: Number(res.headers.get('content-length')), bodyLength: Buffer.byteLength(text) };
}

function isMp4(buf: Buffer): boolean {
  return buf.toString('latin1', 4, 8) === 'ftyp' && buf.includes(Buffer.from('avc1'));
}

test('V2 returns n base64 MP4s with an exact Content-Length', () =>
  withEmulator({}, async (emu) => {
    const { result, contentLength, bodyLength } = await generate(emu, { model: 'veo-2', prompt: 'waves on a beach', n: 2, enhance_prompt: true });
    assert.equal(result.videos.length, 2);
    assert.equal(contentLength, bodyLength);
    const [a, b] = result.videos.map((v) => Buffer.from(v.base64_encoded ?? '', 'base64'));
    assert.ok(a && b && isMp4(a) && isMp4(b));
    assert.ok(!a.equals(b), 'each video of the set differs');
  }));

test('V3 base64 by default; V3.1 url output downloads an MP4', () =>
  withEmulator({}, async (emu) => {
    const v3 = await generate(emu, { model: 'google-veo-3', prompt: 'a city at night', duration: 4, aspect_ratio: '9:16' });
    assert.ok(isMp4(Buffer.from(v3.result.videos[0]?.base64_encoded ?? '', 'base64')));
    const v31 = await generate(emu, {
      model: 'google-veo-3-1',
      prompt: 'a dancer',
      output_format: 'url',
      image: { mime_type: 'image/png', url: 'https://example.com/first.png' },
      last_frame: { mime_type: 'image/png', base_64_encoded: 'iVBORw0KGgo=' },
      resize_mode: 'crop',
    });
    const url = v31.result.videos[0]?.url ?? '';
    assert.match(url, /\/files\/.+\?expires=\d+&sig=/);
    const download = await fetch(url);
    assert.equal(download.headers.get('content-type'), 'video/mp4');
    assert.ok(isMp4(Buffer.from(await download.arrayBuffer())));
  }));

test('largeVideoBytes pads synchronous videos and the base64 still decodes', () =>
  withEmulator({ largeVideoBytes: 8 * 1024 * 1024 }, async (emu) => {
    const { result, contentLength, bodyLength } = await generate(emu, { model: 'google-veo-3', prompt: 'padding test' });
    const video = Buffer.from(result.videos[0]?.base64_encoded ?? '', 'base64');
    assert.ok(Math.abs(video.length - 8 * 1024 * 1024) < 64 * 1024, String(video.length));
    assert.ok(isMp4(video));
    assert.equal(contentLength, bodyLength);
  }));

test('video fields are checked per variant with param', () =>
  withEmulator({}, async (emu) => {
    const image = { mime_type: 'image/png', url: 'https://example.com/a.png' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'veo-2', prompt: 'x', output_format: 'url' }, 'output_format'],
      [{ model: 'veo-2', prompt: 'x', n: 11 }, 'n'],
      [{ model: 'google-veo-3', prompt: 'x', enhance_prompt: true }, 'enhance_prompt'],
      [{ model: 'google-veo-3', prompt: 'x', n: 5 }, 'n'],
      [{ model: 'google-veo-3', prompt: 'x', duration: 5 }, 'duration'],
      [{ model: 'google-veo-3', prompt: 'x', resolution: '1080p', duration: 4 }, 'resolution'],
      [{ model: 'google-veo-3', prompt: 'x', last_frame: image, image }, 'last_frame'],
      [{ model: 'google-veo-3', prompt: 'x', seed: -1 }, 'seed'],
      [{ model: 'google-veo-3', prompt: 'x', resize_mode: 'pad' }, 'resize_mode'],
      [{ model: 'google-veo-3', prompt: 'x', image: { mime_type: 'image/gif', url: 'https://example.com/a.gif' } }, 'image.mime_type'],
      [{ model: 'google-veo-3', prompt: 'x', image: { mime_type: 'image/png', url: 'https://a/b', base_64_encoded: 'AAAA' } }, 'image'],
      [{ model: 'google-veo-3-1', prompt: 'x', reference_images: [{ image, reference_type: 'style' }] }, 'reference_images[0].reference_type'],
      [{ model: 'google-veo-3-1', prompt: 'x', duration: 6, reference_images: [{ image, reference_type: 'subject' }] }, 'duration'],
      [{ model: 'google-veo-3-1', prompt: 'x', reference_images: Array(4).fill({ image, reference_type: 'subject' }) }, 'reference_images'],
      [{ model: 'google-veo-3' }, 'prompt'],
    ];
    for (const [body, param] of cases) {
      const res = await post(emu, '/videos/generation', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((await errorOf(res)).param, param);
    }
  }));
