/**
 * Reads streamed answers to screen readers politely, whole sentences at a
 * time and at most about once a second: announcing every token would flood
 * the reader's queue, and a newer announcement can cut an older one short.
 * Streamed text is only collected as it comes; it is searched for sentence
 * ends when an announcement is due.
 */
import { el } from './dom';

/** Sentence ends: . ! ? or a blank line, followed by white space. */
const SENTENCE_END = /[.!?](?=\s)|\n\s*\n/g;
const MIN_GAP_MS = 1000;

export class LiveAnnouncer {
  readonly element = el('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true', role: 'status' });
  /** Text after the last sentence end. */
  private partial = '';
  /** How much of `partial` was searched for a sentence end. */
  private searched = 0;
  /** Whole sentences not announced yet. */
  private sentences = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Text of the answer being streamed. */
  streamed(text: string): void {
    this.partial += text;
    this.timer ??= setTimeout(() => this.announceSentences(), MIN_GAP_MS);
  }

  /** The answer ended: what was not read yet, then how it ended. */
  finished(outcome: string): void {
    this.sentences += `${this.partial} ${outcome}`;
    this.partial = '';
    this.searched = 0;
    this.flush();
  }

  /** A change of state while the answer goes on ("Thinking…"): the whole sentences not read yet, then it. */
  status(message: string): void {
    this.sentences += ` ${message}`;
    this.flush();
  }

  /** Drops what was not announced (the conversation on screen changed). */
  reset(): void {
    this.partial = '';
    this.searched = 0;
    this.sentences = '';
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private announceSentences(): void {
    this.timer = undefined;
    // The two characters before the new text are searched again, for an end split across chunks.
    SENTENCE_END.lastIndex = Math.max(0, this.searched - 2);
    this.searched = this.partial.length;
    let end = -1;
    for (let match = SENTENCE_END.exec(this.partial); match; match = SENTENCE_END.exec(this.partial)) end = match.index + match[0].length;
    if (end < 0) return;
    this.sentences += this.partial.slice(0, end);
    this.partial = this.partial.slice(end);
    this.searched = this.partial.length;
    this.flush();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const plain = this.sentences
      .replace(/[`*_#>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    this.sentences = '';
    if (plain) this.element.textContent = plain;
  }
}
