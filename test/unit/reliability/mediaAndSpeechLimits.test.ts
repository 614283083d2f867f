// A hostile server over real HTTP: speech audio is read into memory only up to its cap, and a media
// file (a signed link's download or a base64 value of a JSON response) is written to disk only up
// to its cap and for a limited time; a refused file leaves nothing behind, not even a `.part` file.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomic, openAtomicFile } from '../../../src/files/atomicFile';
import { openContentNamedFile } from '../../../src/files/contentNamedFile';
import { GatewayClient, type GatewayClientOptions } from '../../../src/gateway/client';
import { GatewayError } from '../../../src/gateway/errors';
import { formatBytes, MAX_MEDIA_FILE_BYTES, MAX_SPEECH_AUDIO_BYTES } from '../../../src/gateway/responseLimits';
import { downloadToFile } from '../../../src/output/generatedFiles';
import { readAudio } from '../../../src/speech/speechSynthesis';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { filesUnder } from './leftoverFiles';

const MiB = 2 ** 20;
/** Lower caps for the tests that would otherwise write gigabytes or wait an hour; the defaults are checked below. */
const TEST_FILE_BYTES = 8 * MiB;
const TEST_DOWNLOAD_MS = 300;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-speech-limits-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

let folders = 0;
function freshFolder(): string {
  const dir = path.join(root, String(++folders));
  fs.mkdirSync(dir);
  return dir;
}

function clientFor(server: RecordingServer, options: Partial<GatewayClientOptions> = {}): GatewayClient {
  return new GatewayClient({
    baseUrl: `${server.origin}/v1`,
    userAgent: 't',
    env: {},
    getCredential: async () => 'k-12345678',
    retry: { maxAttempts: 1 },
    ...options,
  });
}

/**
 * Writes `chunk` until `total` bytes are sent (standing for "endless": far
 * beyond the cap, yet finite so that a client without the cap ends too), as
 * fast as the socket takes them or `everyMs` apart. Resolves when the
 * response is closed: true when the server got to send it all, false when the
 * client let the connection go first.
 */
function longBody(response: http.ServerResponse, chunk: Buffer, total: number, everyMs?: number): Promise<boolean> {
  const closed = new Promise<boolean>((resolve) => response.once('close', () => resolve(response.writableFinished)));
  let sent = 0;
  const pump = (): void => {
    while (!response.destroyed && sent < total) {
      sent += chunk.length;
      if (everyMs !== undefined) {
        response.write(chunk);
        return void setTimeout(pump, everyMs);
      }
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end();
  };
  pump();
  return closed;
}

function limitError(error: unknown, ...named: string[]): GatewayError {
  assert.ok(error instanceof GatewayError, `a GatewayError, got ${String(error)}`);
  assert.equal(error.code, 'response_limit', error.message);
  for (const part of named) assert.ok(error.message.includes(part), `"${error.message}" names ${part}`);
  return error;
}

test('sizes in whole GiB are said in GiB, as the media cap is', () => {
  assert.equal(formatBytes(MAX_MEDIA_FILE_BYTES), '2 GiB');
  assert.equal(formatBytes(3 * 2 ** 30), '3 GiB');
  assert.equal(formatBytes(2 ** 30 + MiB), '1025 MiB');
});

test(`an endless speech answer is cut at ${formatBytes(MAX_SPEECH_AUDIO_BYTES)}, not held in memory, and its request ends`, { timeout: 60_000 }, async () => {
  let closed: Promise<boolean> | undefined;
  const server = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'audio/mpeg', 'x-request-id': 'speech-1' }); // chunked, no length
    closed = longBody(response, Buffer.alloc(MiB, 0x55), 2 * MAX_SPEECH_AUDIO_BYTES);
  });
  const client = clientFor(server);
  try {
    const audio = await client.speech.synthesize({ model: 'kokoro', voice: 'af_heart', input: 'Hello.', response_format: 'mp3' });
    const outcome = await readAudio(audio.body, new AbortController().signal).then(
      (bytes) => `${bytes.length / MiB} MiB held in memory`,
      (error: unknown) => error,
    );
    const error = limitError(outcome, formatBytes(MAX_SPEECH_AUDIO_BYTES));
    assert.equal(error.message, "The gateway's audio for one piece of speech is larger than 64 MiB, the most this extension reads for one request.");
    assert.equal(error.requestId, 'speech-1');
    assert.equal(await closed, false, 'the connection was let go before the server sent it all');
  } finally {
    await client.close();
    await server.close();
  }
});

test(
  `a speech answer whose Content-Length is above ${formatBytes(MAX_SPEECH_AUDIO_BYTES)} is refused before its body is read`,
  { timeout: 30_000 },
  async () => {
    const server = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(MAX_SPEECH_AUDIO_BYTES + 1) });
      response.write(Buffer.alloc(1024));
    });
    const client = clientFor(server);
    try {
      const outcome = await client.speech.synthesize({ model: 'kokoro', voice: 'af_heart', input: 'Hello.', response_format: 'wav' }).catch((e: unknown) => e);
      limitError(outcome, formatBytes(MAX_SPEECH_AUDIO_BYTES));
    } finally {
      await client.close();
      await server.close();
    }
  },
);

test(
  'an endless media download is cut at the media file cap, and no partial file is left (as OutputFiles.download saves a video)',
  { timeout: 60_000 },
  async () => {
    let closed: Promise<boolean> | undefined;
    const server = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' }); // chunked, no length
      closed = longBody(response, Buffer.alloc(MiB, 0), 8 * TEST_FILE_BYTES);
    });
    const client = clientFor(server, { limits: { mediaFileBytes: TEST_FILE_BYTES } });
    const dir = freshFolder();
    try {
      const response = await client.download(`${server.origin}/files/video.mp4?sig=secret`);
      const outcome = await writeFileAtomic(path.join(dir, 'video.mp4'), response.body).then(
        (saved) => `${fs.statSync(saved).size / MiB} MiB written to ${path.basename(saved)}`,
        (error: unknown) => error,
      );
      const error = limitError(outcome, formatBytes(TEST_FILE_BYTES), `${server.origin}/files/video.mp4`);
      assert.equal(error.message, `The media file at ${server.origin}/files/video.mp4 is larger than 8 MiB, the most this extension saves for one file.`);
      assert.doesNotMatch(error.message, /secret/, 'the link is shown without its signature');
      assert.equal(await closed, false, 'the connection was let go before the server sent it all');
      assert.deepEqual(filesUnder(dir), [], 'nothing is left, not even the .part file');
    } finally {
      await client.close();
      await server.close();
    }
  },
);

test('an endless generated image saved by downloadToFile is cut at the cap and leaves nothing behind', { timeout: 60_000 }, async () => {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(MiB - 8)]);
  const server = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    void longBody(response, png, 8 * TEST_FILE_BYTES);
  });
  const client = clientFor(server, { limits: { mediaFileBytes: TEST_FILE_BYTES } });
  const dir = freshFolder();
  try {
    const file = openContentNamedFile(async (extension) => path.join(dir, `image.${extension}`), 'bin');
    const outcome = await downloadToFile(client, `${server.origin}/files/image.png?sig=1`, file).catch((e: unknown) => e);
    limitError(outcome, formatBytes(TEST_FILE_BYTES));
    assert.deepEqual(filesUnder(dir), []);
  } finally {
    await client.close();
    await server.close();
  }
});

test(`a media link announcing more than ${formatBytes(MAX_MEDIA_FILE_BYTES)} is refused before anything is written`, { timeout: 30_000 }, async () => {
  const server = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(MAX_MEDIA_FILE_BYTES + 1) });
    response.write(Buffer.alloc(64 * 1024));
  });
  const client = clientFor(server);
  const dir = freshFolder();
  try {
    const file = openContentNamedFile(async (extension) => path.join(dir, `video.${extension}`), 'mp4');
    const outcome = await downloadToFile(client, `${server.origin}/files/video.mp4?sig=1`, file).catch((e: unknown) => e);
    limitError(outcome, formatBytes(MAX_MEDIA_FILE_BYTES));
    assert.deepEqual(filesUnder(dir), []);
  } finally {
    await client.close();
    await server.close();
  }
});

test('a media download that trickles (never silent long enough for the idle timeout) is cut at its time cap', { timeout: 30_000 }, async () => {
  let closed: Promise<boolean> | undefined;
  const server = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4' });
    closed = longBody(response, Buffer.from([0]), 200, 20); // 4 s at least, the cap is 0.3 s
  });
  const client = clientFor(server, { limits: { mediaDownloadMs: TEST_DOWNLOAD_MS } });
  const dir = freshFolder();
  try {
    const response = await client.download(`${server.origin}/files/slow.mp4?sig=1`);
    const outcome = await writeFileAtomic(path.join(dir, 'slow.mp4'), response.body).catch((e: unknown) => e);
    const error = limitError(outcome, '0.3 seconds');
    assert.equal(
      error.message,
      `The download of ${server.origin}/files/slow.mp4 took longer than 0.3 seconds, the most this extension waits for one media file; it was cut off there.`,
    );
    assert.equal(await closed, false, 'the connection was let go before the server sent it all');
    assert.deepEqual(filesUnder(dir), []);
  } finally {
    await client.close();
    await server.close();
  }
});

test('a base64 video in a JSON response is cut at the media file cap, and its file is aborted', { timeout: 60_000 }, async () => {
  let closed: Promise<boolean> | undefined;
  const server = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"videos":[{"base64_encoded":"');
    closed = longBody(response, Buffer.alloc(MiB, 'A'), 8 * TEST_FILE_BYTES);
  });
  const client = clientFor(server, { limits: { mediaFileBytes: TEST_FILE_BYTES } });
  const dir = freshFolder();
  try {
    const outcome = await client.videos
      .generateToSinks({ model: 'veo-2', prompt: 'an endless ocean' }, async () => openAtomicFile(path.join(dir, 'ocean.mp4')))
      .catch((e: unknown) => e);
    const error = limitError(outcome, formatBytes(TEST_FILE_BYTES));
    assert.equal(
      error.message,
      `The "base64_encoded" value at videos[0].base64_encoded in the gateway's response is larger than 8 MiB, the most this extension saves for one media file.`,
    );
    assert.equal(await closed, false, 'the connection was let go before the server sent it all');
    assert.deepEqual(filesUnder(dir), []);
  } finally {
    await client.close();
    await server.close();
  }
});
