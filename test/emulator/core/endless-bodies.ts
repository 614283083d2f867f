/**
 * Bodies of a hostile gateway, generated as they are sent so the emulator's
 * memory stays flat: a JSON answer of any size, an error that never ends.
 */

import type { Reply } from './reply';

const HUGE_PIECE_BYTES = 1 << 20;
const ERROR_PIECE_BYTES = 4096;

export const ENDLESS_ERROR_MESSAGE = 'The upstream sent an error that never ends.';

/** 200 with `{"object":"list","data":[],"padding":"xxx..."}` of `bytes` bytes (Content-Length set). */
export async function sendHugeBody(reply: Reply, bytes: number): Promise<void> {
  const head = '{"object":"list","data":[],"padding":"';
  const tail = '"}';
  const padding = Math.max(0, bytes - head.length - tail.length);
  reply.start(200, { 'content-type': 'application/json', 'content-length': String(head.length + padding + tail.length) });
  await reply.write(head);
  const piece = Buffer.alloc(Math.min(HUGE_PIECE_BYTES, padding), 'x');
  for (let left = padding; left > 0 && !reply.isClosed; left -= piece.length) {
    await reply.write(left >= piece.length ? piece : piece.subarray(0, left));
  }
  await reply.write(tail);
  await reply.end();
}

/** `status` with an OpenAI envelope whose padding goes on until the client goes (chunked, no length). */
export async function sendEndlessError(reply: Reply, status: number): Promise<void> {
  reply.start(status, { 'content-type': 'application/json' });
  await reply.write(`{"error":{"message":"${ENDLESS_ERROR_MESSAGE}","type":"server_error","param":null,"code":"endless_error","padding":"`);
  const piece = Buffer.alloc(ERROR_PIECE_BYTES, 'x');
  while (!reply.isClosed) await reply.write(piece);
}
