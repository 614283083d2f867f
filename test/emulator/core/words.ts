/** Words stand in for tokens in the scripted model. */

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The text up to the end of its `n`-th word, spacing kept. */
export function firstWords(text: string, n: number): string {
  const words = /\S+/g;
  let end = 0;
  for (let i = 0; i < n; i++) {
    const match = words.exec(text);
    if (!match) return text;
    end = match.index + match[0].length;
  }
  return text.slice(0, end);
}

/** Splits into pieces of `size` code points, so no piece ends inside a surrogate pair. */
export function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
