/** MSB-first bit writer over a growable byte array, shared by the H.264, FLAC and MP3 writers. */
export class BitWriter {
  private bytes: Uint8Array;
  private byteLength = 0;
  /** Bits not yet flushed, left-aligned in the low `pendingCount` bits of `pending`. */
  private pending = 0;
  private pendingCount = 0;

  constructor(initialCapacity = 1024) {
    this.bytes = new Uint8Array(Math.max(16, initialCapacity));
  }

  /** Writes the low `count` bits of `value` (0 <= count <= 32), most significant first. */
  writeBits(value: number, count: number): void {
    if (count > 24) {
      this.writeBits(Math.floor(value / 0x10000) & 0xffff, count - 16);
      this.writeBits(value & 0xffff, 16);
      return;
    }
    if (count === 0) {
      return;
    }
    this.pending = (this.pending << count) | (value & ((1 << count) - 1));
    this.pendingCount += count;
    while (this.pendingCount >= 8) {
      this.pendingCount -= 8;
      this.pushByte((this.pending >>> this.pendingCount) & 0xff);
    }
    this.pending &= (1 << this.pendingCount) - 1;
  }

  writeBit(bit: boolean | number): void {
    this.writeBits(bit ? 1 : 0, 1);
  }

  /** Unsigned exp-Golomb code, ue(v) in H.264. */
  writeUe(value: number): void {
    const codeNum = value + 1;
    const length = 32 - Math.clz32(codeNum);
    this.writeBits(0, length - 1);
    this.writeBits(codeNum, length);
  }

  /** Signed exp-Golomb code, se(v) in H.264. */
  writeSe(value: number): void {
    this.writeUe(value > 0 ? 2 * value - 1 : -2 * value);
  }

  /** `count` zero bits followed by a one: FLAC's unary code. */
  writeUnary(count: number): void {
    let remaining = count;
    while (remaining > 24) {
      this.writeBits(0, 24);
      remaining -= 24;
    }
    this.writeBits(1, remaining + 1);
  }

  /** Pads with zero bits up to the next byte boundary. */
  alignWithZeros(): void {
    if (this.pendingCount > 0) {
      this.writeBits(0, 8 - this.pendingCount);
    }
  }

  /** Appends whole bytes; the writer must be byte-aligned. */
  writeBytes(source: Uint8Array): void {
    if (this.pendingCount !== 0) {
      throw new Error('BitWriter.writeBytes needs byte alignment');
    }
    this.ensureCapacity(source.length);
    this.bytes.set(source, this.byteLength);
    this.byteLength += source.length;
  }

  /** The bytes written so far; the writer must be byte-aligned. */
  toBuffer(): Buffer {
    if (this.pendingCount !== 0) {
      throw new Error('BitWriter.toBuffer needs byte alignment');
    }
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.byteLength);
  }

  private pushByte(byte: number): void {
    if (this.byteLength === this.bytes.length) {
      this.ensureCapacity(1);
    }
    this.bytes[this.byteLength++] = byte;
  }

  private ensureCapacity(extra: number): void {
    const needed = this.byteLength + extra;
    if (needed <= this.bytes.length) {
      return;
    }
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.byteLength));
    this.bytes = grown;
  }
}
