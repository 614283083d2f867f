import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ImageResult } from '../../../src/gateway/types/images';
import { pngSize } from '../../emulator/media/png';
import type { Emulator } from '../../emulator/index';
import { errorOf, post, withEmulator } from './kit';

async function generate(emu: Emulator, body: Record<string, unknown>): Promise<ImageResult> {
  const res = await post(emu, '/images/generations', body);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as ImageResult;
}

function decoded(result: ImageResult, index = 0): Buffer {
  return Buffer.from(result.data[index]?.b64_json ?? '', 'base64');
}

test('basic variant: 1024x1024 PNG served by a signed link without auth', () =>
  withEmulator({}, async (emu) => {
    const result = await generate(emu, { model: 'stable-image-core-1.1', prompt: 'a lighthouse', style: 'photographic' });
    const url = result.data[0]?.url ?? '';
    assert.match(url, new RegExp(`^${emu.origin}/files/[^?]+\\?expires=\\d+&sig=[0-9a-f]+$`));
    assert.ok(result.data[0]?.revised_prompt?.startsWith('a lighthouse'));
    const download = await fetch(url);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'image/png');
    assert.deepEqual(pngSize(Buffer.from(await download.arrayBuffer())), { width: 1024, height: 1024 });
    assert.ok((result.usage?.output_tokens ?? 0) > 0);
  }));

test('4.0: sizes 512x512 and WxH as b64_json; default 2K', () =>
  withEmulator({}, async (emu) => {
    const small = await generate(emu, { model: 'bytedance-seedream-4', prompt: 'a boat', size: '512x512', response_format: 'b64_json' });
    assert.deepEqual(pngSize(decoded(small)), { width: 512, height: 512 });
    assert.equal(small.data[0]?.size, '512x512');
    const wide = await generate(emu, { model: 'bytedance-seedream-4', prompt: 'a boat', size: '2048x1152', response_format: 'b64_json' });
    assert.deepEqual(pngSize(decoded(wide)), { width: 2048, height: 1152 });
    const fallback = await generate(emu, { model: 'bytedance-seedream-4', prompt: 'a boat' });
    assert.equal(fallback.data[0]?.size, '2048x2048');
  }));

test('4.5: 4K is 4096x4096; the same seed gives the same bytes, another seed other bytes', () =>
  withEmulator({}, async (emu) => {
    const big = await generate(emu, { model: 'bytedance-seedream-4-5', prompt: 'mountains at dawn', size: '4K', response_format: 'b64_json', seed: 7 });
    assert.deepEqual(pngSize(decoded(big)), { width: 4096, height: 4096 });
    const body = { model: 'bytedance-seedream-4-5', prompt: 'a bird', size: '2560x1440', response_format: 'b64_json' };
    const a = decoded(await generate(emu, { ...body, seed: 1 }));
    const b = decoded(await generate(emu, { ...body, seed: 1 }));
    const c = decoded(await generate(emu, { ...body, seed: 2 }));
    assert.ok(a.equals(b));
    assert.ok(!a.equals(c));
  }));

test('sequential set with max_images; fail-one makes one member an error', () =>
  withEmulator({}, async (emu) => {
    const set = await generate(emu, {
      model: 'bytedance-seedream-4-5',
      prompt: 'a comic strip about a cat, fail-one panel',
      size: '2560x1440',
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 3 },
    });
    assert.equal(set.data.length, 3);
    assert.equal(set.data.filter((d) => d.error).length, 1);
    const failed = set.data.find((d) => d.error);
    assert.equal(typeof failed?.error?.code, 'string');
    assert.equal(typeof failed?.error?.message, 'string');
    assert.equal(set.usage?.generated_images, 2);
    const urls = set.data.filter((d) => d.url).map((d) => d.url);
    assert.equal(new Set(urls).size, 2);
  }));

test('fields are checked per variant with param', () =>
  withEmulator({}, async (emu) => {
    const png = `data:image/png;base64,${Buffer.from('x').toString('base64')}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'stable-image-core-1.1', prompt: 'x', size: '2K' }, 'size'],
      [{ model: 'stable-image-core-1.1', prompt: 'x', style: 'watercolor-ish' }, 'style'],
      [{ model: 'bytedance-seedream-4', prompt: 'x', seed: 3 }, 'seed'],
      [{ model: 'bytedance-seedream-4', prompt: 'x', size: '640x360' }, 'size'],
      [{ model: 'bytedance-seedream-4-5', prompt: 'x', size: '2048x1152' }, 'size'],
      [{ model: 'bytedance-seedream-4-5', prompt: 'x', size: '1K' }, 'size'],
      [{ model: 'bytedance-seedream-4-5', prompt: 'x'.repeat(4001) }, 'prompt'],
      [{ model: 'bytedance-seedream-4-5', prompt: 'x', response_format: 'png' }, 'response_format'],
      [{ model: 'bytedance-seedream-4-5', prompt: 'x', image: Array(15).fill('https://example.com/a.png') }, 'image'],
      [{ model: 'bytedance-seedream-4', prompt: 'x', image: 'ftp://nope' }, 'image'],
      [{ model: 'bytedance-seedream-4', prompt: 'x', image: [png] }, 'image[0]'],
      [
        { model: 'bytedance-seedream-4-5', prompt: 'x', sequential_image_generation: 'auto', sequential_image_generation_options: { max_images: 16 } },
        'sequential_image_generation_options.max_images',
      ],
      [
        {
          model: 'bytedance-seedream-4-5',
          prompt: 'x',
          image: Array(10).fill('https://example.com/a.png'),
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 6 },
        },
        'sequential_image_generation_options.max_images',
      ],
      [{ model: 'bytedance-seedream-4-5' }, 'prompt'],
    ];
    for (const [body, param] of cases) {
      const res = await post(emu, '/images/generations', body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal((await errorOf(res)).param, param);
    }
  }));

test('signed links: bad signature and expiry give 403; Range and HEAD work', () =>
  // Long enough for the checks before expiry on a loaded machine (CI once saw the link expire at the HEAD with 1 s).
  withEmulator({ signedUrlTtlMs: 4000 }, async (emu) => {
    const result = await generate(emu, { model: 'bytedance-seedream-4', prompt: 'a tree', size: '512x512' });
    const url = result.data[0]?.url ?? '';
    const tampered = url.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`);
    const bad = await fetch(tampered);
    assert.equal(bad.status, 403);
    assert.match(await bad.text(), /SignatureDoesNotMatch/);
    const part = await fetch(url, { headers: { range: 'bytes=0-7' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range')?.startsWith('bytes 0-7/'), true);
    assert.equal(Buffer.from(await part.arrayBuffer()).toString('latin1', 1, 4), 'PNG');
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.ok(Number(head.headers.get('content-length')) > 8);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    const expired = await fetch(url);
    assert.equal(expired.status, 403);
    assert.match(await expired.text(), /Request has expired/);
  }));
