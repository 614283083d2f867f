/**
 * A message with its web addresses apart, so a view can keep each address
 * whole on a line, or break it only after a `/` (never in the middle of a
 * host or port, as `http://127.0.0.1:1978` / `7`).
 */
export type TextPiece = { text: string } | { address: string[] };

const ADDRESS = /\bhttps?:\/\/[^\s"'<>`]+/g;
/** Closing punctuation that ends a sentence rather than the address: "Could not reach http://host:1: refused." */
const TRAILING = /[.,;:!?)\]}]+$/;

export function addressPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    if (match.index > from) pieces.push({ text: text.slice(from, match.index) });
    pieces.push({ address: address.split(/(?<=[^:/]\/)/) });
    from = match.index + address.length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}
