import type { ByteSink } from './byteSink';

/** Base64 characters decoded per batch, once the staging area has grown to it; a multiple of 4. */
const BATCH_CHARS = 1 << 19;
/**
 * A batch is decoded in pieces of this many characters (a multiple of 4):
 * each piece becomes a temporary string, and strings of 128 KiB to 1 MiB
 * are costly in V8 (large-object pages, freed late): decoding 256 MB in
 * pieces of 512 KiB took 0.45 s, in pieces of 32 KiB 0.06 s.
 */
const PIECE_CHARS = 1 << 15;
/** Small values, the common case for images, never need the full batch buffers. */
const INITIAL_STAGING_CHARS = 1 << 16;
/**
 * Decoded batches are gathered up to this many bytes before they are handed
 * to the sink: each file write costs a thread-pool round trip, and writing
 * 192 MB took 75-110 ms in writes of 384 KiB, 55 ms in writes of 1.5 MiB.
 */
const WRITE_BYTES = 3 * (BATCH_CHARS / 4) * 3;
/** A write buffer holds WRITE_BYTES and one more batch. */
const OUTPUT_CAPACITY = WRITE_BYTES + (BATCH_CHARS / 4) * 3;
const INITIAL_OUTPUT_BYTES = (INITIAL_STAGING_CHARS / 4) * 3;
/** Shorter runs without escapes go through the staging area: a direct decode costs a call or two more. */
const MIN_DIRECT_CHARS = 1 << 12;
/**
 * Write buffers: one being filled and the rest queued or being written, so a
 * write that stalls for a few ms (the disk, a flush) does not stop reading.
 */
const OUTPUT_COUNT = 3;
const EQUALS = 0x3d;

export class InvalidBase64Error extends Error {
  constructor(readonly detail?: string) {
    super(detail ?? 'invalid base64');
    this.name = 'InvalidBase64Error';
  }
}

/**
 * Decodes base64 text arriving in pieces of any size and writes the bytes to
 * a sink in writes of 1.5 MiB or so, one after the other; decoding goes on
 * while up to two writes are queued or in flight.
 *
 * Long runs without escapes, the usual case, are decoded straight from the
 * network chunk (`decodeRun`); other text goes through a staging area, where
 * adding characters is synchronous and the caller awaits `makeRoom` when `isFull`.
 *
 * Validation relies on Node's decoder skipping invalid characters and stopping
 * at "=": a batch decodes to fewer bytes than its length promises exactly when
 * it holds a character outside the alphabet or padding.
 */
export class Base64StreamDecoder {
  private staging = Buffer.allocUnsafe(INITIAL_STAGING_CHARS);
  private staged = 0;
  private readonly outputs: Buffer[] = Array.from({ length: OUTPUT_COUNT }, () => Buffer.alloc(0));
  /** The write of each output buffer, settled once the buffer is free again. */
  private readonly outputWrites: Promise<void>[] = this.outputs.map(() => Promise.resolve());
  private current = 0;
  /** Decoded bytes in the current output buffer, not handed to the sink yet. */
  private filled = 0;
  /** The last write queued: each write starts when the one before it is done. */
  private lastWrite: Promise<void> = Promise.resolve();
  private writeFailure: { error: unknown } | undefined;
  private cancelled = false;
  /* not shown: an invariant of this class, no user can meet it */
  private openSink: () => Promise<ByteSink> = () => Promise.reject(new Error('begin() was not called'));
  private sink: ByteSink | undefined;
  private decoded = 0;

  /**
   * Starts a new text; the buffers are reused from one text to the next.
   * @param openSink called once, when the first decoded bytes are ready.
   */
  begin(openSink: () => Promise<ByteSink>): void {
    this.openSink = openSink;
    this.sink = undefined;
    this.staged = 0;
    this.filled = 0;
    this.decoded = 0;
    this.writeFailure = undefined;
    this.cancelled = false;
    this.lastWrite = this.lastWrite.catch(() => undefined);
  }

  get decodedBytes(): number {
    return this.decoded;
  }

  get hasSink(): boolean {
    return this.sink !== undefined;
  }

  get isFull(): boolean {
    return this.staged === this.staging.length;
  }

  /**
   * Free space of at most `maxCount` characters at the end of the staging
   * area, to put base64 characters in directly; `commit` then says how many.
   * Not empty unless `isFull` or `maxCount` is 0.
   */
  reserve(maxCount: number): Buffer {
    return this.staging.subarray(this.staged, Math.min(this.staged + maxCount, this.staging.length));
  }

  commit(count: number): void {
    this.staged += count;
  }

  /** Adds one base64 character given by its code; there must be room. */
  appendChar(code: number): void {
    this.staging[this.staged++] = code;
  }

  /** Grows the staging area up to a full batch, then makes room by decoding a batch. */
  async makeRoom(): Promise<void> {
    if (this.staging.length < BATCH_CHARS) {
      const larger = Buffer.allocUnsafe(this.staging.length * 2);
      this.staging.copy(larger, 0, 0, this.staged);
      this.staging = larger;
      return;
    }
    // Holds back the last group of 4, which may turn out to be the padded end of the text.
    const count = this.staged - (this.staged % 4 || 4);
    await this.decodeStaged(count, (count / 4) * 3);
  }

  /**
   * Decodes characters straight from `text`, which must hold no escapes,
   * after what is staged; the last group of 4 is held back, as it may be the
   * padded end of the text.
   * @returns how many characters of `text` were taken; 0 for a short run, which the caller stages.
   */
  async decodeRun(text: Buffer, start: number, end: number): Promise<number> {
    const topUp = (4 - (this.staged % 4)) % 4;
    const groups = Math.floor((end - start - topUp) / 4) - 1;
    if (groups * 4 < MIN_DIRECT_CHARS || this.staged + topUp > this.staging.length) return 0;
    if (this.staged + topUp > 0) {
      text.copy(this.staging, this.staged, start, start + topUp);
      this.staged += topUp;
      await this.decodeStaged(this.staged, (this.staged / 4) * 3);
    }
    const count = Math.min(groups * 4, BATCH_CHARS);
    await this.decode(text, start + topUp, start + topUp + count, (count / 4) * 3);
    return topUp + count;
  }

  /** Decodes what is left, checks the padding and waits until every byte was written by the sink. */
  async finish(): Promise<void> {
    let padding = 0;
    while (padding < this.staged && this.staging[this.staged - 1 - padding] === EQUALS) padding++;
    const chars = this.staged - padding;
    const paddingFits = padding === 0 || (padding <= 2 && this.staged % 4 === 0);
    if (!paddingFits || chars % 4 === 1) throw new InvalidBase64Error();
    const expected = Math.floor(chars / 4) * 3 + (chars % 4 === 0 ? 0 : (chars % 4) - 1);
    await this.decodeStaged(this.staged, expected);
    this.queueWrite();
    await this.lastWrite;
  }

  /**
   * Drops the writes not started yet and waits for the one in flight, so the
   * sink can be aborted; failures are ignored (the caller is failing already).
   */
  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.lastWrite.catch(() => undefined);
  }

  private async decodeStaged(count: number, expected: number): Promise<void> {
    await this.decode(this.staging, 0, count, expected);
    this.staging.copyWithin(0, count, this.staged);
    this.staged -= count;
  }

  private async decode(source: Buffer, start: number, end: number, expected: number): Promise<void> {
    this.throwIfWriteFailed();
    const output = await this.outputWithRoom(expected);
    let written = 0;
    for (let at = start; at < end; at += PIECE_CHARS) {
      const piece = source.toString('latin1', at, Math.min(at + PIECE_CHARS, end));
      written += output.write(piece, this.filled + written, 'base64');
    }
    if (written !== expected) throw new InvalidBase64Error();
    if (written === 0) return;
    this.sink ??= await this.openSink();
    this.filled += written;
    this.decoded += written;
    if (this.filled >= WRITE_BYTES) this.queueWrite();
  }

  /** The current output buffer, once free, with room for `count` more bytes. */
  private async outputWithRoom(count: number): Promise<Buffer> {
    if (this.filled === 0) {
      await this.outputWrites[this.current].catch(() => undefined);
      this.throwIfWriteFailed();
    }
    const output = this.outputs[this.current];
    if (output.length >= this.filled + count) return output;
    // A long value fills whole write buffers: no need to grow them step by step.
    const size = this.decoded >= WRITE_BYTES ? OUTPUT_CAPACITY : Math.min(OUTPUT_CAPACITY, Math.max(INITIAL_OUTPUT_BYTES, output.length * 2));
    const larger = Buffer.allocUnsafe(Math.max(size, this.filled + count));
    output.copy(larger, 0, 0, this.filled);
    this.outputs[this.current] = larger;
    return larger;
  }

  /** Hands the filled part of the current output buffer to the sink after the writes before it, and moves to the next buffer. */
  private queueWrite(): void {
    const sink = this.sink;
    if (this.filled === 0 || sink === undefined) return;
    const bytes = this.outputs[this.current].subarray(0, this.filled);
    const write = this.lastWrite.then(() => (this.cancelled ? undefined : sink.write(bytes)));
    // Seen by the next decode or by finish; without a handler now, a failure while reading the network would crash the process.
    write.catch((error: unknown) => (this.writeFailure ??= { error }));
    this.lastWrite = write;
    this.outputWrites[this.current] = write;
    this.current = (this.current + 1) % OUTPUT_COUNT;
    this.filled = 0;
  }

  private throwIfWriteFailed(): void {
    if (this.writeFailure) throw this.writeFailure.error;
  }
}
