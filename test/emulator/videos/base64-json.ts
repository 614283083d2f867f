/**
 * Writes `{"videos":[{"base64_encoded":"...","mime_type":"video/mp4"},...]}`
 * without building the base64 string: each video is encoded in slices whose
 * size is a multiple of 3 bytes, so the pieces join into one valid base64 text.
 */

import type { Reply } from '../core/reply';

const SLICE_BYTES = 3 * 64 * 1024;

export async function sendVideosAsBase64(reply: Reply, videos: readonly Buffer[], headers: Record<string, string>): Promise<void> {
  const open = '{"videos":[';
  const itemOpen = '{"base64_encoded":"';
  const itemClose = '","mime_type":"video/mp4"}';
  const close = ']}';
  const base64Length = (n: number): number => 4 * Math.ceil(n / 3);
  const length =
    open.length +
    close.length +
    videos.reduce((sum, v) => sum + itemOpen.length + base64Length(v.length) + itemClose.length, 0) +
    Math.max(0, videos.length - 1);
  reply.start(200, { 'content-type': 'application/json', 'content-length': String(length), ...headers });
  await reply.write(open);
  for (const [i, video] of videos.entries()) {
    await reply.write(`${i > 0 ? ',' : ''}${itemOpen}`);
    for (const slice of base64Slices(video)) {
      if (reply.isClosed) break;
      await reply.write(slice);
    }
    await reply.write(itemClose);
  }
  await reply.write(close);
  await reply.end();
}

/**
 * The base64 of each video, kept as long as the video is (the render cache
 * keeps it): encoding a large video took longer than sending it, so the
 * emulator, not the client, set the pace of large-video tests.
 */
const encodedVideos = new WeakMap<Buffer, Buffer[]>();

function base64Slices(video: Buffer): Buffer[] {
  let slices = encodedVideos.get(video);
  if (!slices) {
    slices = [];
    for (let at = 0; at < video.length; at += SLICE_BYTES) slices.push(Buffer.from(video.subarray(at, at + SLICE_BYTES).toString('base64'), 'latin1'));
    encodedVideos.set(video, slices);
  }
  return slices;
}
