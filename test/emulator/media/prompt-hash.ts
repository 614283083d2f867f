import { createHash } from 'node:crypto';

/** 32 deterministic bytes derived from the prompt (and seed), used to pick colours, pitches and motion. */
export function promptHash(...parts: Array<string | number | undefined>): Uint8Array {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${part === undefined ? '' : String(part)}\u0000`);
  }
  return hash.digest();
}
