/**
 * Reading a streamed chat chunk by comparison with the one before it. In a
 * stream, consecutive chunks are mostly the same text: the same id,
 * created, model and fingerprint around a delta whose only change is the
 * few characters of text it brings. A chunk whose payload is the previous
 * payload with only that text replaced is built from the previous chunk's
 * values instead of being parsed again: two comparisons of text in place of
 * a JSON.parse, and the unchanged strings are shared between the chunks
 * instead of allocated for each (less to collect; `npm run bench` #1).
 * OpenAI's random `obfuscation` padding, different in every chunk, is
 * read beside the text. Anything else (another field that changes, tool
 * calls, nested values) is parsed as usual.
 */

/** The delta fields that carry the streamed text, in the order a template prefers them. */
const TEXT_FIELDS = ['content', 'reasoning_content', 'reasoning'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/**
 * OpenAI's last field of each chunk by default: random characters that hide
 * the text's length from someone watching the traffic. It is left on (not
 * refused with `stream_options.include_obfuscation: false`), so it is read here.
 */
const PADDING_FIELD = 'obfuscation';
/** After this many misses in a row, a new template is learned only every LEARN_EVERY_AFTER_MISSES chunks (a stream whose chunks differ, e.g. by random padding, would pay for learning each one). */
const MISSES_BEFORE_BACKING_OFF = 4;
const LEARN_EVERY_AFTER_MISSES = 64;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FIRST_PRINTABLE = 0x20;
/** Texts no stream sends in these places: what the template's variable texts become when checking a template. */
const PROBE = '\u0001probe';
const PADDING_PROBE = '\u0001padding';
const CLOSING_BRACE = '}';

type JsonRecord = Record<string, unknown>;

export class ChunkTemplate<Chunk extends object> {
  /** The payload up to the opening quote of the text's value, and from after its closing quote (up to the padding's value when padded). */
  private prefix: string | undefined;
  private suffix = '';
  /** Whether the payload ends with the padding field's value and a closing brace. */
  private padded = false;
  private field: TextField = 'content';
  /** Copies of the learned chunk's objects: what a chunk handed out may have changed does not reach the next. */
  private chunk: JsonRecord = {};
  private choice: JsonRecord = {};
  private delta: JsonRecord = {};
  private misses = 0;

  /** The chunk `payload` holds, equal to what JSON.parse gives for it, when the payload matches the template; else undefined. */
  read(payload: string): Chunk | undefined {
    const chunk = this.build(payload);
    if (chunk === undefined) this.misses++;
    else this.misses = 0;
    return chunk as Chunk | undefined;
  }

  private build(payload: string): JsonRecord | undefined {
    const prefix = this.prefix;
    // Slices compared with === (V8 compares flat one-byte strings with memcmp): several times faster than startsWith here.
    if (prefix === undefined || payload.slice(0, prefix.length) !== prefix) return undefined;
    const textEnd = literalEnd(payload, prefix.length);
    if (textEnd === -1) return undefined;
    const suffixEnd = textEnd + this.suffix.length;
    if (payload.slice(textEnd, suffixEnd) !== this.suffix) return undefined;
    let padding: string | undefined;
    if (this.padded) {
      if (!payload.endsWith(CLOSING_BRACE)) return undefined;
      padding = textOfLiteral(payload, suffixEnd, payload.length - 1);
      if (padding === undefined) return undefined;
    } else if (suffixEnd !== payload.length) {
      return undefined;
    }
    const text = textOfLiteral(payload, prefix.length, textEnd);
    if (text === undefined) return undefined;
    const delta = { ...this.delta };
    delta[this.field] = text;
    const choice = { ...this.choice };
    choice.delta = delta;
    const chunk = { ...this.chunk };
    chunk.choices = [choice];
    if (padding !== undefined) chunk[PADDING_FIELD] = padding;
    return chunk;
  }

  /**
   * Learns the template of `payload`, which JSON.parse read as `chunk`; not
   * after every miss when chunks keep differing. A chunk that can be no
   * template leaves the template as it was.
   */
  learn(payload: string, chunk: Chunk): void {
    if (this.misses >= MISSES_BEFORE_BACKING_OFF && this.misses % LEARN_EVERY_AFTER_MISSES !== 0) return;
    const record = chunk as JsonRecord;
    const choices = record.choices;
    if (!Array.isArray(choices) || choices.length !== 1) return;
    const choice: unknown = choices[0];
    if (!isRecord(choice) || !isRecord(choice.delta)) return;
    const delta = choice.delta;
    const field = TEXT_FIELDS.find((name) => typeof delta[name] === 'string');
    if (field === undefined || !onlyPrimitivesBeside(record, 'choices') || !onlyPrimitivesBeside(choice, 'delta') || !onlyPrimitivesBeside(delta)) return;
    // The text's value as it stands in the payload, once and only once.
    const entry = `${JSON.stringify(field)}:${JSON.stringify(delta[field])}`;
    const at = payload.indexOf(entry);
    if (at === -1 || payload.indexOf(entry, at + 1) !== -1) return;
    const prefix = payload.slice(0, at + field.length + 3);
    const padding = record[PADDING_FIELD];
    const paddingLiteral = typeof padding === 'string' ? JSON.stringify(padding) : '';
    const padded = paddingLiteral !== '' && payload.endsWith(`${paddingLiteral}${CLOSING_BRACE}`);
    const suffix = payload.slice(at + entry.length, payload.length - (padded ? paddingLiteral.length + 1 : 0));
    // A chunk already holding a probe's text (e.g. behind a later duplicate key) would pass the probe wherever the text's literal lands.
    if (delta[field] === PROBE || padding === PADDING_PROBE || !placesTextAt(prefix, suffix, field, padded)) return;
    this.prefix = prefix;
    this.suffix = suffix;
    this.padded = padded;
    this.field = field;
    // The places of `choices` and `delta` are kept (for the key order), not the reader's objects.
    this.chunk = { ...record, choices: null };
    this.choice = { ...choice, delta: null };
    this.delta = { ...delta };
  }
}

/** Where the JSON string literal that starts at `start` ends (after its closing quote); -1 when none does. */
function literalEnd(payload: string, start: number): number {
  if (payload.charCodeAt(start) !== QUOTE) return -1;
  for (let i = start + 1; i < payload.length; i++) {
    const code = payload.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    if (code === BACKSLASH) i++;
    else if (code < FIRST_PRINTABLE) return -1;
  }
  return -1;
}

/**
 * The value of the JSON string literal from `start` to `end`; undefined
 * unless that is exactly one string literal. Without escapes its text is
 * taken as it stands; with escapes JSON.parse reads it.
 */
function textOfLiteral(payload: string, start: number, end: number): string | undefined {
  if (end - start < 2 || payload.charCodeAt(start) !== QUOTE || payload.charCodeAt(end - 1) !== QUOTE) return undefined;
  for (let i = start + 1; i < end - 1; i++) {
    const code = payload.charCodeAt(i);
    if (code === QUOTE || code === BACKSLASH || code < FIRST_PRINTABLE) return parsedText(payload.slice(start, end));
  }
  return payload.slice(start + 1, end - 1);
}

function parsedText(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a text put after `prefix` lands in the first choice's delta as `field`, and one after `suffix` (when padded) in the padding.
 * Only conclusive when the learned chunk's text and padding are not the probes': only then can the probes be found there by no other way than through the literals they replaced.
 */
function placesTextAt(prefix: string, suffix: string, field: TextField, padded: boolean): boolean {
  const tail = padded ? `${JSON.stringify(PADDING_PROBE)}${CLOSING_BRACE}` : '';
  try {
    const probe: unknown = JSON.parse(`${prefix}${JSON.stringify(PROBE)}${suffix}${tail}`);
    if (!isRecord(probe) || !Array.isArray(probe.choices) || (padded && probe[PADDING_FIELD] !== PADDING_PROBE)) return false;
    const choice: unknown = probe.choices[0];
    return isRecord(choice) && isRecord(choice.delta) && choice.delta[field] === PROBE;
  } catch {
    return false;
  }
}

function onlyPrimitivesBeside(record: JsonRecord, except?: string): boolean {
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key !== except && typeof value === 'object' && value !== null) return false;
  }
  return true;
}

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
