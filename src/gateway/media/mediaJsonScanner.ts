import { t } from '../../l10n/localize';
import { GatewayError } from '../errors';
import { formatBytes, MAX_JSON_BODY_BYTES, MAX_MEDIA_FIELDS, MAX_MEDIA_FILE_BYTES, responseLimitError } from '../responseLimits';
import { InvalidBase64Error } from './base64StreamDecoder';
import { Base64StringReader } from './base64StringReader';
import type { ByteSink } from './byteSink';
import { JsonDocumentBuilder, type JsonPathSegment } from './jsonDocumentBuilder';
import { QuoteOrBackslashFinder } from './quoteOrBackslashFinder';

export interface MediaOccurrence {
  /** 0 for the first extracted value of the document, then 1, 2... */
  readonly index: number;
  readonly field: string;
  /** Keys and indexes from the root to the field, e.g. ['data', 0, 'b64_json']. */
  readonly path: JsonPathSegment[];
}

export type OpenMediaSink = (occurrence: MediaOccurrence) => Promise<ByteSink>;

/** Stands in the document where a base64 value was streamed to a sink. */
export class ExtractedField {
  constructor(
    readonly index: number,
    readonly field: string,
    readonly byteLength: number,
  ) {}

  /** A serialised document shows `{"$file": index}` in place of the base64. */
  toJSON(): { $file: number } {
    return { $file: this.index };
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

type Mode =
  | 'value' // a value must follow
  | 'valueOrEnd' // just after '['
  | 'keyOrEnd' // just after '{'
  | 'key' // after ',' in an object
  | 'colon'
  | 'afterValue' // ',' or the closing bracket
  | 'string' // inside a key or an ordinary string value
  | 'media' // inside a base64 value being extracted
  | 'scalar' // inside a number, true, false or null
  | 'done'; // only whitespace may follow

/**
 * A push parser for one JSON document that streams the string values of
 * chosen keys through a base64 decoder into sinks, and builds the rest of
 * the document. Feed it chunks, then call `end`.
 *
 * Each sink is finished (its file handle closed) as soon as its value ends,
 * so one is open at a time, and closed (published) only by `closeSinks`.
 * The document is held in memory, so what is not media counts against
 * MAX_JSON_BODY_BYTES; there are at most MAX_MEDIA_FIELDS media values, each
 * decoding to at most `maxFileBytes` (a file written, not memory held).
 */
export class MediaJsonScanner {
  private readonly builder = new JsonDocumentBuilder();
  private readonly media = new Base64StringReader();
  private readonly finder = new QuoteOrBackslashFinder();
  private readonly sinks: ByteSink[] = [];
  private closedSinks = 0;
  private mediaFields = 0;
  private mode: Mode = 'value';
  private chunkOffset = 0;
  /** Bytes of the body inside media values. */
  private mediaBytes = 0;
  private stringParts: Buffer[] = [];
  private stringIsKey = false;
  private escapePending = false;
  private mediaField = '';
  private mediaPath: JsonPathSegment[] = [];
  private scalar = '';

  constructor(
    private readonly fields: ReadonlySet<string>,
    private readonly openSink: OpenMediaSink,
    private readonly maxFileBytes: number = MAX_MEDIA_FILE_BYTES,
  ) {}

  get extracted(): number {
    return this.sinks.length;
  }

  async feed(chunk: Uint8Array): Promise<void> {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.finder.reset(bytes);
    let pos = 0;
    while (pos < bytes.length) {
      if (this.mode === 'media') {
        const end = await this.scanMedia(bytes, pos);
        this.mediaBytes += end - pos;
        pos = end;
      } else if (this.mode === 'string') pos = this.scanString(bytes, pos);
      else if (this.mode === 'scalar') pos = this.scanScalar(bytes, pos);
      else this.structural(bytes[pos], pos++);
    }
    this.chunkOffset += bytes.length;
    if (this.chunkOffset - this.mediaBytes > MAX_JSON_BODY_BYTES) {
      throw responseLimitError(
        t("The gateway's response holds more than {0} besides its media, the most this extension reads for a JSON answer.", formatBytes(MAX_JSON_BODY_BYTES)),
      );
    }
  }

  /** The document, once the body has ended. */
  end(): unknown {
    if (this.mode === 'scalar' && this.builder.depth === 0) this.finishScalar(0);
    if (this.mode !== 'done') throw streamError(t('The response body ended before its JSON document was complete.'));
    return this.builder.document;
  }

  /** Closes the sinks in order; only called once the whole document was read. */
  async closeSinks(): Promise<void> {
    while (this.closedSinks < this.sinks.length) {
      await this.sinks[this.closedSinks].close();
      this.closedSinks++;
    }
  }

  /** Aborts every sink not closed yet, ignoring their failures: the error that got us here matters more. */
  async abortSinks(): Promise<void> {
    await this.media.cancel();
    const open = this.sinks.slice(this.closedSinks);
    this.closedSinks = this.sinks.length;
    await Promise.allSettled(open.map((sink) => sink.abort()));
  }

  private structural(byte: number, pos: number): void {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) return;
    const mode = this.mode;
    if (mode === 'value' || (mode === 'valueOrEnd' && byte !== CLOSE_BRACKET)) {
      this.startValue(byte, pos);
    } else if ((mode === 'key' || mode === 'keyOrEnd') && byte === QUOTE) {
      this.startString(true);
    } else if ((mode === 'keyOrEnd' && byte === CLOSE_BRACE) || (mode === 'valueOrEnd' && byte === CLOSE_BRACKET)) {
      this.closeContainer();
    } else if (mode === 'colon' && byte === COLON) {
      this.mode = 'value';
    } else if (mode === 'afterValue' && byte === COMMA) {
      this.mode = this.builder.inObject ? 'key' : 'value';
    } else if (mode === 'afterValue' && byte === (this.builder.inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
      this.closeContainer();
    } else {
      throw this.malformed(t('unexpected {0}', describeByte(byte)), pos);
    }
  }

  private startValue(byte: number, pos: number): void {
    if (byte === OPEN_BRACE) {
      this.builder.openObject();
      this.mode = 'keyOrEnd';
    } else if (byte === OPEN_BRACKET) {
      this.builder.openArray();
      this.mode = 'valueOrEnd';
    } else if (byte === QUOTE) {
      const key = this.builder.pendingKey;
      if (key !== undefined && this.fields.has(key)) this.startMedia(key);
      else this.startString(false);
    } else if ('-0123456789tfn'.includes(String.fromCharCode(byte))) {
      this.scalar = String.fromCharCode(byte);
      this.mode = 'scalar';
    } else {
      throw this.malformed(t('unexpected {0}', describeByte(byte)), pos);
    }
  }

  private closeContainer(): void {
    this.builder.close();
    this.valueDone();
  }

  private valueDone(): void {
    this.mode = this.builder.isComplete ? 'done' : 'afterValue';
  }

  private scanScalar(bytes: Buffer, pos: number): number {
    let end = pos;
    while (end < bytes.length && isScalarByte(bytes[end])) end++;
    this.scalar += bytes.toString('latin1', pos, end);
    if (end < bytes.length) this.finishScalar(end);
    return end;
  }

  private finishScalar(pos: number): void {
    let value: unknown;
    try {
      value = JSON.parse(this.scalar);
    } catch {
      throw this.malformed(t('invalid value "{0}"', this.scalar.slice(0, 40)), pos);
    }
    this.scalar = '';
    this.builder.addValue(value);
    this.valueDone();
  }

  private startString(isKey: boolean): void {
    this.stringIsKey = isKey;
    this.stringParts = [];
    this.mode = 'string';
  }

  private scanString(bytes: Buffer, pos: number): number {
    let next = pos;
    if (this.escapePending) {
      this.escapePending = false;
      next++;
    }
    for (;;) {
      const special = this.finder.next(next);
      if (special === bytes.length || bytes[special] === QUOTE) {
        this.stringParts.push(Buffer.from(bytes.subarray(pos, special)));
        if (special === bytes.length) return special;
        this.finishString(special);
        return special + 1;
      }
      if (special + 1 === bytes.length) {
        this.escapePending = true;
        this.stringParts.push(Buffer.from(bytes.subarray(pos)));
        return bytes.length;
      }
      next = special + 2;
    }
  }

  private finishString(pos: number): void {
    let text: string;
    try {
      text = JSON.parse(`"${Buffer.concat(this.stringParts).toString('utf8')}"`) as string;
    } catch {
      throw this.malformed(t('invalid string'), pos);
    }
    this.stringParts = [];
    if (this.stringIsKey) {
      this.builder.setKey(text);
      this.mode = 'colon';
    } else {
      this.builder.addValue(text);
      this.valueDone();
    }
  }

  private startMedia(field: string): void {
    if (this.mediaFields === MAX_MEDIA_FIELDS) {
      throw responseLimitError(
        t("The gateway's response holds more than {0} media results, the most this extension saves from one response.", MAX_MEDIA_FIELDS),
      );
    }
    this.mediaFields++;
    this.mediaField = field;
    const path = this.builder.path();
    this.mediaPath = path;
    this.media.begin(async () => {
      const sink = await this.openSink({ index: this.sinks.length, field, path });
      this.sinks.push(sink);
      return sink;
    });
    this.mode = 'media';
  }

  private async scanMedia(bytes: Buffer, pos: number): Promise<number> {
    let end: number;
    try {
      end = await this.media.read(bytes, pos, this.finder);
    } catch (error) {
      if (!(error instanceof InvalidBase64Error)) throw error;
      const detail = error.detail === undefined ? '' : ` (${error.detail})`;
      throw streamError(t('The "{0}" value at {1} is not valid base64{2}.', this.mediaField, formatPath(this.mediaPath), detail));
    }
    // Counted after each chunk: at most one chunk more than the cap reaches the file, which is then aborted.
    if (this.media.decodedBytes > this.maxFileBytes) {
      throw responseLimitError(
        t(
          'The "{0}" value at {1} in the gateway\'s response is larger than {2}, the most this extension saves for one media file.',
          this.mediaField,
          formatPath(this.mediaPath),
          formatBytes(this.maxFileBytes),
        ),
      );
    }
    if (end === -1) return bytes.length;
    if (this.media.hasSink) await this.sinks[this.sinks.length - 1].finish();
    this.builder.addValue(
      this.media.hasSink ? new ExtractedField(this.sinks.length - 1, this.mediaField, this.media.decodedBytes) : '',
    );
    this.valueDone();
    return end;
  }

  private malformed(what: string, pos: number): GatewayError {
    return streamError(t('The response body is not valid JSON: {0} at byte {1}.', what, this.chunkOffset + pos));
  }
}

function isScalarByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    byte === 0x2b ||
    byte === 0x2d ||
    byte === 0x2e
  );
}

function describeByte(byte: number): string {
  return byte >= 0x21 && byte <= 0x7e ? `"${String.fromCharCode(byte)}"` : t('byte 0x{0}', byte.toString(16).padStart(2, '0'));
}

function formatPath(path: readonly JsonPathSegment[]): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

function streamError(message: string): GatewayError {
  return new GatewayError({ kind: 'stream', message });
}
