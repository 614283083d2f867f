/** What a text search found and why it ended early, the same from ripgrep and from the worker; the text the model reads. Pure. */

export interface FoundLine {
  /** Absolute path of the file. */
  file: string;
  /** 1-based. */
  line: number;
  /** The line without its line break, cut when long. */
  text: string;
}

/** Why a search ended before it had looked everywhere. */
export type SearchStop = 'maxMatches' | 'timeLimit' | 'outputLimit';

export interface SearchOutcome {
  found: FoundLine[];
  stopped?: SearchStop;
}

export interface SearchLimits {
  maxMatches: number;
  /** For the whole search, all folders together. */
  timeLimitMs: number;
}

/** How long search_text may run: a pattern that takes too long ends with what it found by then. */
export const SEARCH_TIME_LIMIT_MS = 10_000;

/** What a search rejects with when the tool call is cancelled. */
/* model text */
export function searchCancelled(): Error {
  return new Error('The search was cancelled.');
}

/** The tool's result: one `path:line: text` per line found, then why it stopped, if it did. */
/* model text */
export function describeOutcome(outcome: SearchOutcome, query: string, limits: SearchLimits, shown: (file: string) => string): string {
  const lines = outcome.found.map((f) => `${shown(f.file)}:${f.line}: ${f.text}`);
  const none = lines.length === 0;
  switch (outcome.stopped) {
    case undefined:
      return none ? `No line matches ${JSON.stringify(query)}.` : lines.join('\n');
    case 'maxMatches':
      return [...lines, `(stopped at ${limits.maxMatches} matches)`].join('\n');
    case 'timeLimit':
      return [
        ...lines,
        `(the search took too long and was stopped after ${limits.timeLimitMs / 1000} s${none ? ', before any line matched' : ''}; narrow "include" or simplify the pattern)`,
      ].join('\n');
    case 'outputLimit':
      return [...lines, '(stopped: the matching lines are too long to show more; narrow "include" or the pattern)'].join('\n');
  }
}
