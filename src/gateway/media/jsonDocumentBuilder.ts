/** One step of the path to a value inside a JSON document: a key or an array index. */
export type JsonPathSegment = string | number;

type Frame =
  | { readonly kind: 'object'; readonly container: Record<string, unknown>; key: string | undefined }
  | { readonly kind: 'array'; readonly container: unknown[] };

/**
 * Assembles a JSON value from parse events (open, key, value, close), so a
 * document read token by token ends up as the value JSON.parse would give.
 */
export class JsonDocumentBuilder {
  private readonly frames: Frame[] = [];
  private root: unknown;
  private complete = false;

  get depth(): number {
    return this.frames.length;
  }

  get isComplete(): boolean {
    return this.complete;
  }

  get document(): unknown {
    return this.root;
  }

  /** Whether the innermost open container is an object (which then expects keys). */
  get inObject(): boolean {
    return this.frames.at(-1)?.kind === 'object';
  }

  /** The latest key read in the innermost object: once its colon is read, the next value's key. */
  get pendingKey(): string | undefined {
    const frame = this.frames.at(-1);
    return frame?.kind === 'object' ? frame.key : undefined;
  }

  /** Where the next value goes: keys and indexes from the root down. */
  path(): JsonPathSegment[] {
    const innermost = this.frames.length - 1;
    return this.frames.map((frame, i) => {
      if (frame.kind === 'object') return frame.key ?? '';
      // An outer array's last element is the container still open.
      return i === innermost ? frame.container.length : frame.container.length - 1;
    });
  }

  setKey(key: string): void {
    const frame = this.frames.at(-1);
    if (frame?.kind === 'object') frame.key = key;
  }

  openObject(): void {
    const container: Record<string, unknown> = {};
    this.place(container);
    this.frames.push({ kind: 'object', container, key: undefined });
  }

  openArray(): void {
    const container: unknown[] = [];
    this.place(container);
    this.frames.push({ kind: 'array', container });
  }

  close(): void {
    this.frames.pop();
    if (this.frames.length === 0) this.complete = true;
  }

  /** Adds a value that is not a container (string, number, literal, placeholder). */
  addValue(value: unknown): void {
    this.place(value);
    if (this.frames.length === 0) this.complete = true;
  }

  private place(value: unknown): void {
    const frame = this.frames.at(-1);
    if (frame === undefined) {
      this.root = value;
    } else if (frame.kind === 'array') {
      frame.container.push(value);
    } else {
      setOwnProperty(frame.container, frame.key ?? '', value);
    }
  }
}

/** Plain assignment of "__proto__" would replace the prototype instead of adding a key. */
function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
