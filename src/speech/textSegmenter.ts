/**
 * Where text may be cut: sentences, and inside a sentence too long to send
 * whole, word and character boundaries. Intl.Segmenter knows the rules of
 * every script (CJK words without spaces included); the regular-expression
 * fallback, for runtimes without it, cuts after sentence punctuation,
 * whitespace and between CJK characters.
 */

export interface TextSpan {
  start: number;
  end: number;
}

export interface TextBreak {
  offset: number;
  /** The cut follows whitespace or punctuation, not a word boundary inside a run of letters. */
  afterSeparator: boolean;
}

export interface TextSegmenter {
  /** Sentences in order, covering the text. */
  sentences(text: string): TextSpan[];
  /** Word boundaries strictly inside (start, end), ascending. */
  wordBreaks(text: string, start: number, end: number): TextBreak[];
  /** Character (grapheme) boundaries strictly inside (start, end), ascending: the last resort. */
  characterBreaks(text: string, start: number, end: number): number[];
}

export function intlSegmenter(locale?: string): TextSegmenter {
  const sentence = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const word = new Intl.Segmenter(locale, { granularity: 'word' });
  const grapheme = new Intl.Segmenter(locale, { granularity: 'grapheme' });
  return {
    sentences: (text) => [...sentence.segment(text)].map((s) => ({ start: s.index, end: s.index + s.segment.length })),
    wordBreaks: (text, start, end) => {
      const breaks: TextBreak[] = [];
      for (const s of word.segment(text.slice(start, end))) {
        const offset = start + s.index + s.segment.length;
        if (offset < end) breaks.push({ offset, afterSeparator: !s.isWordLike });
      }
      return breaks;
    },
    characterBreaks: (text, start, end) => [...grapheme.segment(text.slice(start, end))].map((s) => start + s.index).filter((o) => o > start),
  };
}

const SENTENCE = /[^.!?…。！？\n]*(?:[.!?…。！？]+["'”’)\]]*|\n|$)\s*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEPARATOR = /[\s\p{P}]/u;

export const regexSegmenter: TextSegmenter = {
  sentences: (text) => {
    const spans: TextSpan[] = [];
    for (const m of text.matchAll(SENTENCE)) if (m[0].length > 0) spans.push({ start: m.index, end: m.index + m[0].length });
    return spans;
  },
  wordBreaks: (text, start, end) => {
    const breaks: TextBreak[] = [];
    for (let i = start + 1; i < end; i++) {
      const before = text[i - 1];
      const after = text[i];
      if (isLowSurrogate(after)) continue;
      const separator = SEPARATOR.test(before) && !SEPARATOR.test(after);
      if (separator || CJK.test(before) || CJK.test(after)) breaks.push({ offset: i, afterSeparator: separator });
    }
    return breaks;
  },
  characterBreaks: (text, start, end) => {
    const breaks: number[] = [];
    for (let i = start + 1; i < end; i++) if (!isLowSurrogate(text[i])) breaks.push(i);
    return breaks;
  },
};

export function defaultSegmenter(): TextSegmenter {
  return typeof Intl.Segmenter === 'function' ? intlSegmenter() : regexSegmenter;
}

function isLowSurrogate(char: string | undefined): boolean {
  return char !== undefined && /[\uDC00-\uDFFF]/.test(char);
}
