/**
 * Markdown for text that arrives in chunks, at a cost that follows the
 * chunk, not the message so far.
 *
 * The text is split at a frozen boundary. Blocks before it are final: their
 * HTML was handed out once and is never recomputed. When new complete lines
 * arrive, only the text after the boundary is parsed (block level); every
 * top-level block that later text cannot change is rendered and the
 * boundary moves past it. What remains is the tail, rendered on demand.
 *
 * A block is final when another block follows it (markdown-it decides where
 * a block ends from the line after it, and only complete lines are parsed),
 * when it ends by itself (heading, rule, closed fence) or when a blank line
 * ends it (paragraph, quote, table), unless a link
 * reference definition may still be open above its end (ReferenceScanRisk).
 * Definitions change blocks above them: see ReferenceLedger; when one
 * contradicts frozen HTML, everything is rendered again and the update says
 * `reset`. The frozen HTML since the last reset, followed by the final
 * tail, equals renderMarkdown(text) for any chunking.
 */
import type MarkdownIt from 'markdown-it';
import { codeBlockHtml, fenceLanguage } from './codeBlockHtml';
import { escapeHtml } from './htmlEscape';
import { sharedMarkdownEngine } from './markdownEngine';
import { NewlineNormalizer } from './newlineNormalizer';
import { OpenFence } from './openFence';
import { definitionsIn, ReferenceLedger, type ParseEnv, type ReferenceParse } from './referenceLedger';
import { ReferenceScanRisk } from './referenceScanRisk';
import { lineOffset, lineStarts, lineText } from './sourceLines';
import { StreamText } from './streamText';
import { endedByBlankLine, endsByItself, fenceCloser, topLevelBlocks, type TopLevelBlock } from './topLevelBlocks';

type Token = MarkdownIt.Token;

export interface MarkdownUpdate {
  /** HTML of blocks that became final in this call, in order. */
  frozen: string[];
  /** HTML of the still-open last block(s); replaces the previous tail. Computed when first read. */
  tail: string;
  /** Frozen HTML handed out before this update is void (a reference definition changed it): `frozen` starts again from the top of the message. */
  reset?: boolean;
  /** Set when, since the previous update, the tail only grew by this text at the end of an open code block: a DOM may append it to the tail's `<code>` instead of replacing the tail. */
  tailCodeAppend?: string;
}

/** Lines that often end a block: blank lines, headings, fences. Their arrival triggers a parse. */
const BLOCK_BOUNDARY_LINE = /^[ \t]*(?:\n|#|`|~)/m;
/** Without such lines, the unfrozen text is parsed again once it has grown by this share (so each character is parsed a bounded number of times). */
const REPARSE_GROWTH = 0.25;

export class IncrementalMarkdown {
  private readonly engine: MarkdownIt;
  private readonly normalizer = new NewlineNormalizer();
  private readonly referenceRisk = new ReferenceScanRisk();
  private readonly references = new ReferenceLedger();
  private received = '';
  /** The received text, normalised as markdown-it normalises it. */
  private readonly source = new StreamText();
  /** Where the unfrozen text starts (a line start in `source`). */
  private boundary = 0;
  /** Where the last line break seen ends. */
  private completeEnd = 0;
  /** Up to where complete lines were last considered for freezing. */
  private consideredTo = 0;
  private openFence: OpenFence | undefined;
  private finished = false;
  private tailCache = { start: -1, end: -1, html: '' };

  constructor(engine?: MarkdownIt) {
    this.engine = engine ?? sharedMarkdownEngine();
  }

  get text(): string {
    return this.received;
  }

  append(text: string): MarkdownUpdate {
    if (this.finished) throw new Error('IncrementalMarkdown: append() after finish()');
    this.received += text;
    const added = this.normalizer.push(text);
    const lastBreak = added.lastIndexOf('\n');
    if (lastBreak !== -1) this.completeEnd = this.source.length + lastBreak + 1;
    this.source.append(added);
    if (this.openFence?.grow(added)) {
      const update = this.update([], false);
      update.tailCodeAppend = added;
      return update;
    }
    this.openFence = undefined;
    if (!this.worthFreezing()) return this.update([], false);
    const { frozen, reset } = this.freeze(this.completeEnd, false);
    return this.update(frozen, reset);
  }

  /** Everything left becomes final: the returned `frozen` holds it and `tail` is empty. */
  finish(): MarkdownUpdate {
    /* not shown */
    if (this.finished) throw new Error('IncrementalMarkdown: finish() called twice');
    this.finished = true;
    this.source.append(this.normalizer.flush());
    this.openFence = undefined;
    const { frozen, reset } = this.freeze(this.source.length, true);
    return reset ? { frozen, tail: '', reset } : { frozen, tail: '' };
  }

  private worthFreezing(): boolean {
    if (this.completeEnd <= this.consideredTo) return false;
    const fresh = this.source.slice(this.consideredTo, this.completeEnd);
    return BLOCK_BOUNDARY_LINE.test(fresh) || fresh.length >= REPARSE_GROWTH * (this.completeEnd - this.boundary);
  }

  /** Parses `source` from the boundary to `end` (complete lines, or everything when `final`) and freezes what is final. */
  private freeze(end: number, final: boolean): { frozen: string[]; reset: boolean } {
    this.consideredTo = end;
    let parse = this.references.startParse();
    let region = this.source.slice(this.boundary, end);
    let tokens = this.parseBlocks(region, parse);
    const reset = this.references.contradicts(parse);
    if (reset) {
      this.boundary = 0;
      this.source.unsettle();
      this.references.clear();
      parse = this.references.startParse();
      region = this.source.slice(0, end);
      tokens = this.parseBlocks(region, parse);
    }
    const starts = lineStarts(region);
    const blocks = topLevelBlocks(tokens);
    const count = final ? blocks.length : this.finalBlockCount(tokens, blocks, region, starts, end);
    const frozenLength = count ? lineOffset(starts, blocks[count - 1]!.endLine, region.length) : 0;
    const frozen = count ? this.render(tokens.slice(0, blocks[count - 1]!.end), blocks.slice(0, count), parse) : [];
    if (count) this.references.commit(parse.sawDefinition ? definitionsIn(this.engine, region.slice(0, frozenLength)) : {}, parse.lookups);
    if (!final) this.openFence = this.openFenceIn(tokens, blocks.slice(count), region, starts);
    this.boundary += frozenLength;
    this.source.settle(this.boundary);
    return { frozen, reset };
  }

  private parseBlocks(region: string, parse: ReferenceParse): Token[] {
    const tokens: Token[] = [];
    this.engine.block.parse(region, this.engine, parse.env, tokens);
    return tokens;
  }

  private finalBlockCount(tokens: Token[], blocks: TopLevelBlock[], region: string, starts: number[], end: number): number {
    const riskFrom = this.referenceRisk.update(this.source, end);
    let count = 0;
    for (const block of blocks) {
      const isLast = block === blocks[blocks.length - 1];
      const opening = tokens[block.start]!;
      if (isLast && !endsByItself(opening, block, lineText(region, starts, block.endLine - 1)) && !endedByBlankLine(opening, block, starts.length)) break;
      if (riskFrom !== undefined && this.boundary + lineOffset(starts, block.endLine, region.length) > riskFrom) break;
      count++;
    }
    return count;
  }

  /** Inline-parses the frozen tokens (recording reference lookups) and renders each block. */
  private render(tokens: Token[], blocks: TopLevelBlock[], parse: ReferenceParse): string[] {
    parse.recordLookups(() => {
      // markdown-it's core chain after block parsing (inline, linkify, text join): with an empty source, its normalize and block rules do nothing.
      const state = new this.engine.core.State('', this.engine, parse.env);
      state.tokens = tokens;
      this.engine.core.process(state);
    });
    return blocks.map((block) => this.engine.renderer.render(tokens.slice(block.start, block.end), this.engine.options, parse.env));
  }

  /** The fast path for a code block still being written: the tail is one top-level fence, opened at column 0, not closed. */
  private openFenceIn(tokens: Token[], rest: TopLevelBlock[], region: string, starts: number[]): OpenFence | undefined {
    const block = rest[0];
    const fence = block && tokens[block.start]!;
    if (rest.length !== 1 || !block || fence?.type !== 'fence') return undefined;
    if (!'`~'.includes(region[starts[block.firstLine]!]!)) return undefined;
    if (endsByItself(fence, block, lineText(region, starts, block.endLine - 1))) return undefined;
    const contentStart = this.boundary + lineOffset(starts, block.firstLine + 1, region.length);
    const content = this.source.slice(contentStart, this.source.length);
    return new OpenFence(this.source, contentStart, fenceCloser(fence.markup), fenceLanguage(this.engine, fence.info), content);
  }

  private update(frozen: string[], reset: boolean): MarkdownUpdate {
    const update = new LazyTailUpdate(frozen, this.tailHtml, this.boundary, this.source.length, this.openFence);
    if (reset) update.reset = true;
    return update;
  }

  /** The tail HTML for the text in [start, end); called when an update's tail is read. */
  private readonly tailHtml: TailRenderer = (start, end, fence) => {
    if (fence) return fence.html(end);
    const cache = this.tailCache;
    if (cache.start !== start || cache.end !== end) this.tailCache = { start, end, html: this.renderUnfrozen(this.source.slice(start, end)) };
    return this.tailCache.html;
  };

  /** Renders tail text; a code block at its end is shown unhighlighted, since it may still grow (it is highlighted once, when final). */
  private renderUnfrozen(text: string): string {
    const env: ParseEnv = this.references.tailEnv();
    const tokens = this.engine.parse(text, env);
    const last = topLevelBlocks(tokens).at(-1);
    const fence = last && tokens[last.start]!;
    if (!last || fence?.type !== 'fence') return this.engine.renderer.render(tokens, this.engine.options, env);
    const before = this.engine.renderer.render(tokens.slice(0, last.start), this.engine.options, env);
    return before + codeBlockHtml(fenceLanguage(this.engine, fence.info), escapeHtml(fence.content));
  }
}

type TailRenderer = (start: number, end: number, fence: OpenFence | undefined) => string;

/** An update whose tail is rendered only if someone reads it (a DOM may skip repainting some). */
class LazyTailUpdate implements MarkdownUpdate {
  reset?: boolean;
  tailCodeAppend?: string;

  constructor(
    public frozen: string[],
    private readonly render: TailRenderer,
    private readonly start: number,
    private readonly end: number,
    private readonly fence: OpenFence | undefined,
  ) {}

  get tail(): string {
    return this.render(this.start, this.end, this.fence);
  }
}
