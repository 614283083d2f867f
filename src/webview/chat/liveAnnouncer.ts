/**
 * Reads streamed answers to screen readers politely, whole sentences at a
 * time and at most about once a second: announcing every token would flood
 * the reader's queue, and a newer announcement can cut an older one short.
 */
import { el } from './dom';

/** Sentence ends: . ! ? or a blank line, followed by white space. */
const SENTENCE_END = /[.!?](?=\s)|\n\s*\n/g;
const MIN_GAP_MS = 1000;

export class LiveAnnouncer {
  readonly element = el('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true', role: 'status' });
  /** Text after the last sentence end. */
  private partial = '';
  /** Whole sentences not announced yet. */
  private sentences = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Text of the answer being streamed. */
  streamed(text: string): void {
    // Only the new text (and the two characters before it, for an end split across chunks) is searched.
    SENTENCE_END.lastIndex = Math.max(0, this.partial.length - 2);
    this.partial += text;
    let end = -1;
    for (let match = SENTENCE_END.exec(this.partial); match; match = SENTENCE_END.exec(this.partial)) end = match.index + match[0].length;
    if (end < 0) return;
    this.sentences += this.partial.slice(0, end);
    this.partial = this.partial.slice(end);
    this.timer ??= setTimeout(() => this.flush(), MIN_GAP_MS);
  }

  /** The answer ended: what was not read yet, then how it ended. */
  finished(outcome: string): void {
    this.sentences += `${this.partial} ${outcome}`;
    this.partial = '';
    this.flush();
  }

  /** Drops what was not announced (the conversation on screen changed). */
  reset(): void {
    this.partial = '';
    this.sentences = '';
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const plain = this.sentences.replace(/[`*_#>|]+/g, ' ').replace(/\s+/g, ' ').trim();
    this.sentences = '';
    if (plain) this.element.textContent = plain;
  }
}
