/**
 * What kind of media a file holds, from its first bytes. Generated media
 * arrives as base64 or behind a link whose JSON says nothing of its format
 * (the spec's sample images are JPEG, the emulator's PNG), and a local file's
 * extension may lie, so the bytes decide.
 */

export interface MediaType {
  mimeType: string;
  /** The usual extension, without the dot. */
  extension: string;
}

interface Signature extends MediaType {
  /** Other extensions files of this type commonly have. */
  aliases: readonly string[];
  matches(head: Uint8Array): boolean;
}

const ascii = (head: Uint8Array, offset: number, text: string): boolean =>
  head.length >= offset + text.length && [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));

const bytes = (head: Uint8Array, offset: number, expected: readonly number[]): boolean =>
  head.length >= offset + expected.length && expected.every((b, i) => head[offset + i] === b);

const SIGNATURES: readonly Signature[] = [
  { mimeType: 'image/png', extension: 'png', aliases: [], matches: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', extension: 'jpg', aliases: ['jpeg'], matches: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/webp', extension: 'webp', aliases: [], matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP') },
  { mimeType: 'image/gif', extension: 'gif', aliases: [], matches: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a') },
  { mimeType: 'image/bmp', extension: 'bmp', aliases: [], matches: (h) => ascii(h, 0, 'BM') && h.length >= 14 },
  {
    mimeType: 'image/tiff',
    extension: 'tiff',
    aliases: ['tif'],
    matches: (h) => bytes(h, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(h, 0, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { mimeType: 'video/mp4', extension: 'mp4', aliases: ['m4v'], matches: (h) => ascii(h, 4, 'ftyp') },
];

/** Bytes enough to tell every known type apart. */
export const MEDIA_TYPE_HEAD_BYTES = 16;

/** The type of media starting with `head`; undefined when it is none of the known ones. */
export function sniffMediaType(head: Uint8Array): MediaType | undefined {
  const found = SIGNATURES.find((s) => s.matches(head));
  return found && { mimeType: found.mimeType, extension: found.extension };
}

/** The extensions (without dots) files of a MIME type may have; empty for an unknown type. */
export function extensionsOf(mimeType: string): string[] {
  const found = SIGNATURES.find((s) => s.mimeType === mimeType);
  return found ? [found.extension, ...found.aliases] : [];
}
