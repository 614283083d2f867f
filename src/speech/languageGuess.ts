/**
 * A guess at which language of the voice table a text is in, so each
 * language can have its own default voice: by script for Japanese, Chinese
 * and Hindi, by frequent short words for the Latin-script languages.
 * Undefined when unsure.
 */

const SAMPLE_CHARS = 4000;

const SCRIPTS: ReadonlyArray<{ language: string; pattern: RegExp }> = [
  { language: 'Japanese', pattern: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu },
  { language: 'Hindi', pattern: /\p{Script=Devanagari}/gu },
  { language: 'Chinese', pattern: /\p{Script=Han}/gu },
];

/** Words frequent in one language and rare in the others. */
const FUNCTION_WORDS: ReadonlyArray<{ language: string; words: ReadonlySet<string> }> = [
  { language: 'English (American)', words: new Set(['the', 'and', 'is', 'of', 'to', 'with', 'that', 'this', 'are', 'was', 'it', 'for']) },
  { language: 'French', words: new Set(['le', 'les', 'et', 'est', 'des', 'une', 'du', 'dans', 'pour', 'pas', 'sur', 'avec', 'vous', 'nous']) },
  { language: 'Italian', words: new Set(['il', 'di', 'che', 'è', 'per', 'sono', 'gli', 'della', 'nel', 'anche', 'questo', 'non']) },
  { language: 'Portuguese', words: new Set(['o', 'os', 'não', 'uma', 'em', 'do', 'da', 'você', 'isso', 'são', 'com', 'mas']) },
  { language: 'German/European', words: new Set(['el', 'los', 'las', 'y', 'es', 'por', 'para', 'una', 'del', 'pero', 'como', 'está']) },
];

export function guessLanguage(text: string): string | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return undefined;
  for (const { language, pattern } of SCRIPTS) {
    if ((sample.match(pattern) ?? []).length >= letters * 0.2) return language;
  }
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores = FUNCTION_WORDS.map(({ language, words: set }) => ({ language, score: words.filter((w) => set.has(w)).length })).sort(
    (a, b) => b.score - a.score,
  );
  const [best, second] = scores;
  return best.score >= 2 && best.score >= 2 * second.score ? best.language : undefined;
}
