import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GatewayError } from '../../../src/gateway/errors';
import { openAtomicFile } from '../../../src/files/atomicFile';
import { collectChat } from '../../../src/chat/streamAssembler';
import { pngSize } from '../../emulator/media/png';
import { until } from '../../support/until';
import { clientFixture } from './harness';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gw-client-'));

test('chat: non-streaming and streaming give the same scripted answer, with usage', async () => {
  const f = await clientFixture({ chunkChars: 3 });
  try {
    const req = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hello there' }] };
    const whole = await f.client.chat.create(req);
    const streamed = await f.client.chat.stream(req, { includeUsage: true });
    assert.ok(streamed.requestId);
    const message = await collectChat(streamed.chunks);
    assert.equal(message.content, whole.choices[0].message.content);
    assert.equal(message.finishReason, 'stop');
    assert.ok(message.usage && message.usage.total_tokens > 0);
  } finally {
    await f.close();
  }
});

test('chat: a tool-call round trip through the streaming assembler', async () => {
  const f = await clientFixture();
  try {
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'get_weather', parameters: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } },
      },
    ];
    const first = await collectChat(
      (
        await f.client.chat.stream({
          model: 'gpt-4o-mini',
          tools,
          tool_choice: { type: 'function', function: { name: 'get_weather' } },
          messages: [{ role: 'user', content: 'weather in Paris?' }],
        })
      ).chunks,
    );
    assert.equal(first.finishReason, 'tool_calls');
    assert.equal(first.content, null);
    assert.equal(first.toolCalls.length, 1);
    const call = first.toolCalls[0];
    assert.equal(call.function.name, 'get_weather');
    assert.doesNotThrow(() => JSON.parse(call.function.arguments));
    const second = await f.client.chat.create({
      model: 'gpt-4o-mini',
      tools,
      messages: [
        { role: 'user', content: 'weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: first.toolCalls },
        { role: 'tool', tool_call_id: call.id, name: 'get_weather', content: 'sunny, 21 C' },
      ],
    });
    assert.match(String(second.choices[0].message.content ?? ''), /sunny, 21 C/);
  } finally {
    await f.close();
  }
});

test('chat: cancelling mid-stream aborts the request', async () => {
  const f = await clientFixture({ chunkDelayMs: 20, chunkChars: 2 });
  try {
    const abort = new AbortController();
    const stream = await f.client.chat.stream({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'length 400' }] }, { signal: abort.signal });
    let received = 0;
    await assert.rejects(
      async () => {
        for await (const chunk of stream.chunks) {
          received += chunk.choices[0]?.delta.content?.length ?? 0;
          if (received > 20) abort.abort();
        }
      },
      (e: unknown) => e instanceof GatewayError && e.kind === 'aborted',
    );
    assert.ok(received > 20 && received < 400 * 3);
  } finally {
    await f.close();
  }
});

test('chat: a stream cut without [DONE] is an error, not a success', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ dropDone: true, pathPrefix: '/chat' });
    const stream = await f.client.chat.stream({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    await assert.rejects(collectChat(stream.chunks), (e: unknown) => e instanceof GatewayError && e.kind === 'stream');
  } finally {
    await f.close();
  }
});

test('validation refuses bad input before anything is sent', async () => {
  const f = await clientFixture();
  try {
    const before = f.emu.requests.length;
    await assert.rejects(
      f.client.chat.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stop: ['a', 'b', 'c', 'd', 'e'] }),
      (e: unknown) => e instanceof GatewayError && e.param === 'stop',
    );
    await assert.rejects(
      f.client.images.generate({ model: 'bytedance-seedream-4', prompt: 'x', seed: 3 }),
      (e: unknown) => e instanceof GatewayError && e.param === 'seed',
    );
    await assert.rejects(
      f.client.videos.generate({ model: 'google-veo-3', prompt: 'x', duration: 5 as 4 }),
      (e: unknown) => e instanceof GatewayError && e.param === 'duration',
    );
    await assert.rejects(
      f.client.speech.synthesize({ model: 'kokoro', input: 'x', voice: 'nobody' }),
      (e: unknown) => e instanceof GatewayError && e.param === 'voice',
    );
    await assert.rejects(f.client.images.generate({ model: 'gpt-4o-mini', prompt: 'x' }), (e: unknown) => e instanceof GatewayError && e.param === 'model');
    assert.equal(f.emu.requests.length, before);
  } finally {
    await f.close();
  }
});

test('images: basic url, 4.0 b64 into files, 4.5 set with seed; sizes are real', async () => {
  const f = await clientFixture();
  const dir = tmp();
  try {
    const basic = await f.client.images.generate({ model: 'stable-image-core-1.1', prompt: 'a red fox', response_format: 'url' });
    const url = basic.data[0].url!;
    const bytes = await readAll((await f.client.download(url)).body);
    assert.deepEqual(pngSize(bytes), { width: 1024, height: 1024 });
    const download = f.emu.requests.find((r) => r.path.startsWith('/files/'));
    assert.ok(download && !download.headers.authorization, 'a signed link is fetched without the key');

    const saved = await f.client.images.generateToSinks(
      { model: 'bytedance-seedream-4', prompt: 'a blue bird', response_format: 'b64_json', size: '512x512' },
      async ({ index }) => openAtomicFile(path.join(dir, `bird-${index}.png`)),
    );
    assert.equal(saved.files, 1);
    assert.deepEqual(pngSize(fs.readFileSync(path.join(dir, 'bird-0.png'))), { width: 512, height: 512 });

    const set = await f.client.images.generate({
      model: 'bytedance-seedream-4-5',
      prompt: 'four seasons',
      seed: 42,
      size: '2K',
      response_format: 'url',
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 3 },
    });
    assert.equal(set.data.length, 3);
    assert.ok(set.usage);
  } finally {
    await f.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('paid requests: a 500 is not re-sent, a 503 is', async () => {
  const f = await clientFixture();
  try {
    f.emu.setFaults({ statusBurst: { status: 500, count: 1 }, pathPrefix: '/images' });
    await assert.rejects(
      f.client.images.generate({ model: 'stable-image-core-1.1', prompt: 'x' }),
      (e: unknown) => e instanceof GatewayError && e.status === 500,
    );
    assert.equal(f.received('/images'), 1, 'a 500 may mean the image is being made: not re-sent');
    f.emu.setFaults({ statusBurst: { status: 503, count: 1 }, pathPrefix: '/contents' });
    const before = f.emu.tasks().length;
    await f.client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: 'a cat' }] });
    assert.equal(f.received('/contents'), 2, 'a 503 means not accepted: re-sent');
    assert.equal(f.emu.tasks().length, before + 1, 'exactly one task exists');
    f.emu.setFaults({ resetAfterBytes: 0, pathPrefix: '/contents' });
    await assert.rejects(f.client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: 'a dog' }] }));
    assert.equal(f.received('/contents'), 3, 'a reset after sending is not re-sent');
  } finally {
    await f.close();
  }
});

test('videos: V2 base64 and V3.1 url; the MP4 bytes are real', async () => {
  const f = await clientFixture();
  const dir = tmp();
  try {
    const saved = await f.client.videos.generateToSinks({ model: 'veo-2', prompt: 'waves', n: 2 }, async ({ index }) =>
      openAtomicFile(path.join(dir, `v-${index}.mp4`)),
    );
    assert.equal(saved.files, 2);
    for (const name of ['v-0.mp4', 'v-1.mp4']) assert.equal(fs.readFileSync(path.join(dir, name)).subarray(4, 8).toString('latin1'), 'ftyp');
    const byUrl = await f.client.videos.generate({ model: 'google-veo-3-1', prompt: 'waves', output_format: 'url', duration: 4 });
    const bytes = await readAll((await f.client.download(byUrl.videos[0].url!)).body);
    assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp');
  } finally {
    await f.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('tasks: create, get, list with filters, delete', async () => {
  const f = await clientFixture({ taskTiming: { queuedMs: 3000, runningMs: 300 } });
  try {
    const { id } = await f.client.tasks.create({ model: 'seedance-1-0-pro-fast-251015', content: [{ type: 'text', text: 'a lighthouse --rs 720p --dur 5' }] });
    assert.match(id, /^cgt-\d{14}-[a-z0-9]{5}$/);
    const second = await f.client.tasks.create({ model: 'seedance-1-0-pro-250528', content: [{ type: 'text', text: 'a tree' }] });
    assert.equal((await f.client.tasks.get(id)).status, 'queued');
    const listed = await f.client.tasks.list({ task_ids: [id, second.id], page_size: 10 });
    assert.equal(listed.total, 2);
    await f.client.tasks.delete(second.id);
    assert.equal((await f.client.tasks.get(second.id)).status, 'cancelled');
    await until('the task succeeded', async () => (await f.client.tasks.get(id)).status === 'succeeded', 15_000);
    const done = await f.client.tasks.get(id);
    assert.ok(done.content?.video_url);
    await f.client.tasks.delete(id);
    await assert.rejects(f.client.tasks.get(id), (e: unknown) => e instanceof GatewayError && e.status === 404);
    await assert.rejects(f.client.tasks.list({ page_size: 501 }), (e: unknown) => e instanceof GatewayError && e.param === 'page_size');
  } finally {
    await f.close();
  }
});

test('speech: real audio with the usage headers', async () => {
  const f = await clientFixture();
  try {
    const audio = await f.client.speech.synthesize({ model: 'kokoro', input: 'Hello there. How are you?', voice: 'af_heart', response_format: 'wav' });
    assert.equal(audio.contentType, 'audio/wav');
    assert.ok((audio.usage.totalTokens ?? 0) > 0);
    const bytes = await readAll(audio.body);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
  } finally {
    await f.close();
  }
});

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
