/** Identifiers in the formats the real services use. */

import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export class RequestIds {
  private counter = 0;
  next(): string {
    this.counter += 1;
    return `req_${this.counter}_${randomToken(10)}`;
  }
}

export function completionId(): string {
  return `chatcmpl-${randomToken(24)}`;
}

export function toolCallId(): string {
  return `call_${randomToken(24)}`;
}

/** `cgt-YYYYMMDDhhmmss-xxxxx`, in UTC. */
export function taskId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `cgt-${stamp}-${randomToken(5)}`;
}

export function fileId(extension: string): string {
  return `file-${randomToken(16)}.${extension}`;
}

export function unixSeconds(ms: number = Date.now()): number {
  return Math.floor(ms / 1000);
}
