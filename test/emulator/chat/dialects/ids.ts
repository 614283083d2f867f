/** Deterministic identifiers derived from a per-request seed, in each server's format. */

import { createHash } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MIXED_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function draw(alphabet: string, seed: string, salt: string | number, length: number): string {
  let out = '';
  let block = 0;
  while (out.length < length) {
    const digest = createHash('sha256').update(`${seed}/${salt}/${block}`).digest();
    for (const byte of digest) {
      if (out.length === length) break;
      out += alphabet[byte % alphabet.length];
    }
    block += 1;
  }
  return out;
}

export const lowerAlnum = (seed: string, salt: string | number, length: number): string => draw(LOWER_ALNUM, seed, salt, length);
export const mixedAlnum = (seed: string, salt: string | number, length: number): string => draw(MIXED_ALNUM, seed, salt, length);
export const hex = (seed: string, salt: string | number, length: number): string => draw(HEX, seed, salt, length);
export const digits = (seed: string, salt: string | number, length: number): string => draw('0123456789', seed, salt, length);

export function uuid(seed: string, salt: string | number): string {
  const h = hex(seed, salt, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
