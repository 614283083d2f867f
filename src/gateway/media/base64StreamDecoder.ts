import type { ByteSink } from './byteSink';

/** Base64 characters decoded and written per batch, once the staging area has grown to it; a multiple of 4. */
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
const EQUALS = 0x3d;

export class InvalidBase64Error extends Error {
  constructor(readonly detail?: string) {
    super(detail ?? 'invalid base64');
    this.name = 'InvalidBase64Error';
  }
}

/**
 * Decodes base64 text arriving in pieces of any size and writes the bytes to
 * a sink, in batches of a few hundred KB so decoding and file writes are few and large.
 * The next batch is decoded while the previous one is being written.
 *
 * Adding characters is synchronous; the caller awaits `makeRoom` when `isFull`.
 *
 * Validation relies on Node's decoder skipping invalid characters and stopping
 * at "=": a batch decodes to fewer bytes than its length promises exactly when
 * it holds a character outside the alphabet or padding.
 */
export class Base64StreamDecoder {
  private staging = Buffer.allocUnsafe(INITIAL_STAGING_CHARS);
  private staged = 0;
  private readonly outputs: Buffer[] = [Buffer.alloc(0), Buffer.alloc(0)];
  private nextOutput = 0;
  private pendingWrite: Promise<void> | undefined;
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
    this.decoded = 0;
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
    await this.decode(count, (count / 4) * 3);
  }

  /** Decodes what is left, checks the padding and waits until every byte was handed to the sink. */
  async finish(): Promise<void> {
    let padding = 0;
    while (padding < this.staged && this.staging[this.staged - 1 - padding] === EQUALS) padding++;
    const chars = this.staged - padding;
    const paddingFits = padding === 0 || (padding <= 2 && this.staged % 4 === 0);
    if (!paddingFits || chars % 4 === 1) throw new InvalidBase64Error();
    const expected = Math.floor(chars / 4) * 3 + (chars % 4 === 0 ? 0 : (chars % 4) - 1);
    await this.decode(this.staged, expected);
    await this.settle();
  }

  /** Waits for the write in flight, if any; its failure is thrown by `finish` or the next batch. */
  async settle(): Promise<void> {
    const pending = this.pendingWrite;
    this.pendingWrite = undefined;
    await pending;
  }

  private async decode(count: number, expected: number): Promise<void> {
    // Free to reuse: the write that used it was awaited before the latest write was started.
    let output = this.outputs[this.nextOutput];
    if (output.length < expected) {
      output = Buffer.allocUnsafe((this.staging.length / 4) * 3);
      this.outputs[this.nextOutput] = output;
    }
    let written = 0;
    for (let start = 0; start < count; start += PIECE_CHARS) {
      written += output.write(this.staging.toString('latin1', start, Math.min(start + PIECE_CHARS, count)), written, 'base64');
    }
    if (written !== expected) throw new InvalidBase64Error();
    this.staging.copyWithin(0, count, this.staged);
    this.staged -= count;
    if (written === 0) return;
    this.sink ??= await this.openSink();
    await this.settle();
    const write = this.sink.write(output.subarray(0, written));
    // Observed later by settle(); without a handler now, a failure while reading the network would crash the process.
    write.catch(() => undefined);
    this.pendingWrite = write;
    this.nextOutput = 1 - this.nextOutput;
    this.decoded += written;
  }
}
