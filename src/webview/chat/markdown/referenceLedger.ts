/**
 * Link reference definitions (`[label]: url`) apply to the whole message,
 * also to blocks above them that are already on screen. The ledger keeps
 * the definitions of the frozen part ("committed": they precede everything
 * still to be parsed, and the first definition of a label wins) and the
 * labels frozen HTML looked up without a committed answer, with what it
 * saw. When a later parse disagrees with what frozen HTML saw, the frozen
 * HTML is wrong and the caller starts over.
 */
import type MarkdownIt from 'markdown-it';

export interface ReferenceDefinition {
  href: string;
  title: string;
}

type Definitions = Record<string, ReferenceDefinition>;

export interface ParseEnv {
  references?: Definitions;
}

export class ReferenceLedger {
  private committed: Definitions = {};
  private readonly unsettled = new Map<string, string | undefined>();

  startParse(): ReferenceParse {
    return new ReferenceParse(this.committed);
  }

  /** Whether `parse` found definitions that contradict what frozen HTML was rendered with. */
  contradicts(parse: ReferenceParse): boolean {
    for (const [label, seen] of this.unsettled) if (fingerprint(parse.definition(label)) !== seen) return true;
    return false;
  }

  /** Records a freeze: the definitions inside the frozen text and the lookups its rendering made. */
  commit(frozenDefinitions: Definitions, lookups: ReadonlyMap<string, string | undefined>): void {
    for (const [label, definition] of Object.entries(frozenDefinitions)) this.committed[label] ??= definition;
    for (const [label, seen] of lookups) this.unsettled.set(label, seen);
    for (const [label, seen] of this.unsettled) {
      if (label in this.committed && fingerprint(this.committed[label]) === seen) this.unsettled.delete(label);
    }
  }

  clear(): void {
    this.committed = {};
    this.unsettled.clear();
  }

  /** An environment for rendering the tail: committed definitions, no bookkeeping. */
  tailEnv(): ParseEnv {
    return { references: { ...this.committed } };
  }
}

/**
 * One parse's environment. Its `references` always exists, so that inline
 * parsing looks up every reference-like label (markdown-it skips lookups
 * when a document has no definitions at all), and a proxy records them.
 */
export class ReferenceParse {
  readonly env: ParseEnv;
  readonly lookups = new Map<string, string | undefined>();
  private readonly definitions: Definitions;
  private recording = false;
  private defined = false;

  constructor(committed: Definitions) {
    this.definitions = { ...committed };
    this.env = {
      references: new Proxy(this.definitions, {
        get: (target, key) => {
          const value: unknown = Reflect.get(target, key);
          if (this.recording && typeof key === 'string') this.lookups.set(key, fingerprint(value as ReferenceDefinition | undefined));
          return value;
        },
        set: (target, key, value) => {
          this.defined = true;
          return Reflect.set(target, key, value);
        },
      }),
    };
  }

  /** Whether the block parse met any definition. */
  get sawDefinition(): boolean {
    return this.defined;
  }

  definition(label: string): ReferenceDefinition | undefined {
    return this.definitions[label];
  }

  /** Runs inline parsing (the phase that resolves references) while recording lookups. */
  recordLookups(inlinePhase: () => void): void {
    this.recording = true;
    try {
      inlinePhase();
    } finally {
      this.recording = false;
    }
  }
}

/** The definitions located in `source` (a block-level parse; inline content is not parsed). */
export function definitionsIn(engine: MarkdownIt, source: string): Definitions {
  const env: ParseEnv = {};
  engine.block.parse(source, engine, env, []);
  return env.references ?? {};
}

function fingerprint(definition: ReferenceDefinition | undefined): string | undefined {
  return definition && JSON.stringify([definition.href, definition.title]);
}
