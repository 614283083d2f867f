/** Whether a saved file is whole: a PNG ends with its IEND chunk, an MP4's top-level boxes fill it exactly. */
const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export function isWholeMediaFile(bytes: Buffer): boolean {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return bytes.subarray(-PNG_END.length).equals(PNG_END);
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return mp4BoxesFill(bytes);
  return bytes.length > 0;
}

function mp4BoxesFill(bytes: Buffer): boolean {
  let at = 0;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(at);
    const boxSize = size === 1 ? Number(bytes.readBigUInt64BE(at + 8)) : size;
    if (boxSize < 8) return false;
    at += boxSize;
  }
  return at === bytes.length;
}
