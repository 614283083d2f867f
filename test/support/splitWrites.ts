/** The ways tests cut a body into the writes a server makes: the decoders must read every one alike. */

/** `bytes` in pieces of the given sizes (cycled; 1 byte each when none are given). */
export function inPieces(bytes: Uint8Array, sizes: readonly number[] = []): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes.length ? sizes[i % sizes.length] : 1;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

/** `bytes` whole, one byte per write, and in two writes split at every byte boundary, each named for assertion messages. */
export function* everySplit(bytes: Uint8Array): Generator<{ name: string; writes: Uint8Array[] }> {
  yield { name: 'whole', writes: [bytes] };
  yield { name: 'byte by byte', writes: inPieces(bytes) };
  for (let split = 1; split < bytes.length; split++) {
    yield { name: `split at byte ${split}`, writes: [bytes.subarray(0, split), bytes.subarray(split)] };
  }
}

/** A response body that yields `writes` in order. */
export async function* bodyOf(writes: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const write of writes) yield write;
}
