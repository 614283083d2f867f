/**
 * What a command printed, as text a person and a model can read: escape
 * sequences (colours, cursor moves, titles, shell integration marks)
 * removed, a line rewritten with a carriage return (progress bars) kept in
 * its last state, and only the head and the tail past a cap, saying how
 * much was cut. Chunks may split a sequence or a line anywhere. Pure.
 */

const ESC = '\u001b';
const BEL = '\u0007';

type State = 'text' | 'escape' | 'csi' | 'string' | 'stringEscape';

/** Removes terminal escape sequences from a stream of chunks. */
export class EscapeStripper {
  private state: State = 'text';

  push(chunk: string): string {
    let out = '';
    let runStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      switch (this.state) {
        case 'text':
          if (c === ESC || c === '\u009b') {
            out += chunk.slice(runStart, i);
            this.state = c === ESC ? 'escape' : 'csi';
            runStart = i + 1;
          }
          continue;
        case 'escape':
          // CSI; OSC, DCS, SOS, PM, APC run to a terminator; any other is ESC, intermediates (space to "/") and one final character.
          if (c >= ' ' && c <= '/') break;
          this.state = c === '[' ? 'csi' : ']PX^_'.includes(c) ? 'string' : 'text';
          break;
        case 'csi':
          if (c >= '@' && c <= '~') this.state = 'text';
          break;
        case 'string':
          if (c === BEL) this.state = 'text';
          else if (c === ESC) this.state = 'stringEscape';
          break;
        case 'stringEscape':
          this.state = c === '\\' ? 'text' : 'string';
          break;
      }
      runStart = i + 1;
    }
    return this.state === 'text' ? out + chunk.slice(runStart) : out;
  }
}

/**
 * Lines as they end up on screen: a carriage return starts its line again,
 * a backspace takes back a character. Ended lines come out of `push`; the
 * line being written is `pending`.
 */
export class LineAssembler {
  private line = '';
  private carriageReturn = false;

  push(text: string): string {
    let done = '';
    for (const c of text) {
      if (this.carriageReturn && c !== '\n') this.line = '';
      this.carriageReturn = false;
      if (c === '\n') {
        done += `${this.line}\n`;
        this.line = '';
      } else if (c === '\r') this.carriageReturn = true;
      else if (c === '\b') this.line = this.line.slice(0, -1);
      else this.line += c;
    }
    return done;
  }

  get pending(): string {
    return this.line;
  }
}

/** The first `headChars` and the last `tailChars` of a text of any length, in bounded memory. */
export class HeadAndTail {
  private head = '';
  private tail = '';
  private total = 0;

  constructor(
    private readonly headChars: number,
    private readonly tailChars: number,
  ) {}

  append(text: string): void {
    this.total += text.length;
    const toHead = Math.max(0, this.headChars - this.head.length);
    if (toHead) this.head += text.slice(0, toHead);
    const rest = text.slice(toHead);
    if (!rest) return;
    this.tail += rest;
    if (this.tail.length > 2 * this.tailChars) this.tail = this.tail.slice(-this.tailChars);
  }

  /** Characters cut between head and tail. */
  get cutChars(): number {
    return Math.max(0, this.total - this.head.length - Math.min(this.tail.length, this.tailChars));
  }

  /* model text */
  text(): string {
    const tail = this.tail.slice(-this.tailChars);
    const cut = this.cutChars;
    return cut ? `${this.head}\n[... ${cut} characters cut ...]\n${tail}` : this.head + tail;
  }
}

/**
 * A command's output from raw terminal data: cleaned, capped, with the line
 * being written; and what ended since it was last taken (a background
 * command read bit by bit).
 */
export class CommandOutput {
  private readonly stripper = new EscapeStripper();
  private readonly lines = new LineAssembler();
  private readonly kept: HeadAndTail;
  private fresh: HeadAndTail;

  constructor(private readonly maxChars: number) {
    this.kept = capped(maxChars);
    this.fresh = capped(maxChars);
  }

  /** Adds raw data; returns the text of the lines it ended. */
  push(data: string): string {
    const ended = this.lines.push(this.stripper.push(data));
    if (ended) {
      this.kept.append(ended);
      this.fresh.append(ended);
    }
    return ended;
  }

  /** The lines ended since the last call (capped), and the line being written. */
  takeFresh(): string {
    const text = this.fresh.text() + this.lines.pending;
    this.fresh = capped(this.maxChars);
    return text;
  }

  get cutChars(): number {
    return this.kept.cutChars;
  }

  /** The head, the tail and the line still being written. */
  text(): string {
    return this.kept.text() + this.lines.pending;
  }
}

/** A quarter of the cap for the head, the rest for the tail: a command's end says how it went. */
function capped(maxChars: number): HeadAndTail {
  const head = Math.floor(maxChars / 4);
  return new HeadAndTail(head, maxChars - head);
}
