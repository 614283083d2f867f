/**
 * The # picker's matching: the query's characters in order anywhere in the
 * candidate (case-insensitive), scored higher when they fall on the file
 * name, at word starts and one after another. Pure.
 */

/** Higher is better; undefined when the query's characters are not all found in order. */
export function fuzzyScore(query: string, candidate: string): number | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (q === '') return 0;
  const c = candidate.toLowerCase();
  const nameStart = candidate.lastIndexOf('/') + 1;
  let score = 0;
  let previous = -2;
  let at = 0;
  for (const ch of q) {
    const found = c.indexOf(ch, at);
    if (found < 0) return undefined;
    score += 1;
    if (found === previous + 1) score += 3;
    if (found >= nameStart) score += 2;
    if (found === 0 || '/._- '.includes(c[found - 1]!) || (candidate[found] !== c[found] && candidate[found - 1] === c[found - 1])) score += 4;
    previous = found;
    at = found + 1;
  }
  // Among equal matches, the shorter path (nearer the root) first.
  return score - candidate.length / 1000;
}

/** The best `limit` items by their key's score, best first; items that do not match are left out. */
export function bestMatches<T>(items: Iterable<T>, query: string, key: (item: T) => string, limit: number): T[] {
  const scored: Array<{ item: T; score: number }> = [];
  for (const item of items) {
    const score = fuzzyScore(query, key(item));
    if (score !== undefined) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.item);
}
