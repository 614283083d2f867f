/** ISO base media file format box builders (ISO/IEC 14496-12). */

export function box(type: string, ...payload: Buffer[]): Buffer {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...payload], size);
}

export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  return box(type, u32((version << 24) | flags), ...payload);
}

export function u8(...values: number[]): Buffer {
  return Buffer.from(values);
}

export function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => out.writeUInt16BE(value & 0xffff, i * 2));
  return out;
}

export function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => out.writeUInt32BE(value >>> 0, i * 4));
  return out;
}

export function fourCc(...codes: string[]): Buffer {
  return Buffer.from(codes.join(''), 'latin1');
}

export function zeros(length: number): Buffer {
  return Buffer.alloc(length);
}

/** The identity transformation matrix of mvhd and tkhd. */
export const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
