/**
 * Reasoning that a server inlines in the answer text instead of a separate
 * field: `<think>…</think>` (DeepSeek-R1 and QwQ served without a reasoning
 * parser: Together, Ollama before 0.9, vLLM without `--reasoning-parser`,
 * llama.cpp with `reasoning_format: none`) or `<thought>…</thought>`
 * (Gemini's OpenAI endpoint with `include_thoughts`). Only a tag that opens
 * the answer counts: a model writing about `<think>` later in its answer is
 * left alone. Tags may arrive split across chunks at any byte.
 */

const OPENING_TAGS = ['<think>', '<thought>'] as const;
/** The longest an opening tag can be, plus whitespace before it worth waiting for. */
const MAX_LEAD = 64;
/** Whitespace held back inside the reasoning at most (a longer run goes out as it is). */
const MAX_HELD = 4096;

export interface SplitText {
  text: string;
  reasoning: string;
}

type State = { kind: 'start'; pending: string } | { kind: 'inside'; closing: string; pending: string; started: boolean } | { kind: 'answer'; started: boolean };

export class InlineReasoningSplitter {
  private state: State = { kind: 'start', pending: '' };

  /** Splits the next piece of content; text that may still turn out to be a tag is held back until the next call or `end`. */
  push(piece: string): SplitText {
    const out: SplitText = { text: '', reasoning: '' };
    let rest = piece;
    while (rest !== '') rest = this.step(rest, out);
    return out;
  }

  /** What was held back, once the content has ended. */
  end(): SplitText {
    const state = this.state;
    if (state.kind === 'start') {
      this.state = { kind: 'answer', started: state.pending.trim() !== '' };
      return { text: state.pending, reasoning: '' };
    }
    if (state.kind === 'inside') {
      const reasoning = state.started ? state.pending : state.pending.trimStart();
      state.pending = '';
      return { text: '', reasoning };
    }
    return { text: '', reasoning: '' };
  }

  private step(rest: string, out: SplitText): string {
    const state = this.state;
    if (state.kind === 'answer') {
      const text = state.started ? rest : rest.trimStart();
      if (text !== '') state.started = true;
      out.text += text;
      return '';
    }
    if (state.kind === 'start') return this.stepStart(state, rest, out);
    return this.stepInside(state, rest, out);
  }

  private stepStart(state: Extract<State, { kind: 'start' }>, rest: string, out: SplitText): string {
    const seen = state.pending + rest;
    const lead = seen.trimStart();
    const tag = OPENING_TAGS.find((t) => lead.startsWith(t));
    if (tag) {
      this.state = { kind: 'inside', closing: `</${tag.slice(1)}`, pending: '', started: false };
      return lead.slice(tag.length);
    }
    if (lead === '' || (seen.length < MAX_LEAD && OPENING_TAGS.some((t) => t.startsWith(lead)))) {
      state.pending = seen;
      return '';
    }
    this.state = { kind: 'answer', started: true };
    out.text += seen;
    return '';
  }

  private stepInside(state: Extract<State, { kind: 'inside' }>, rest: string, out: SplitText): string {
    const seen = state.pending + rest;
    const close = seen.indexOf(state.closing);
    if (close >= 0) {
      this.appendReasoning(state, seen.slice(0, close).trimEnd(), out);
      this.state = { kind: 'answer', started: false };
      return seen.slice(close + state.closing.length);
    }
    const held = heldBack(seen, state.closing);
    this.appendReasoning(state, seen.slice(0, seen.length - held), out);
    state.pending = seen.slice(seen.length - held);
    return '';
  }

  private appendReasoning(state: Extract<State, { kind: 'inside' }>, piece: string, out: SplitText): void {
    const text = state.started ? piece : piece.trimStart();
    if (text !== '') state.started = true;
    out.reasoning += text;
  }
}

/**
 * How many characters at the end of `text` wait for the next piece: what
 * could begin the closing tag, and the whitespace before it (reasoning does
 * not end with the line break before its closing tag), within a bound.
 */
function heldBack(text: string, closing: string): number {
  let end = text.length - partialSuffix(text, closing);
  while (end > 0 && text.length - end < MAX_HELD && /\s/.test(text[end - 1]!)) end--;
  return text.length - end;
}

/** How many characters at the end of `text` could begin `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
