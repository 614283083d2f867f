/** What both halves of bench #8 call things: the contestants, the metrics, the word searched. */
export const NEEDLE = 'benchNeedle';

export const SEARCH = "ours: search_text (VS Code's ripgrep)";
export const PEER_SEARCH = 'VS Code findFiles + reading every file';
export const LISTING = 'ours: file listing (# picker, list_files: rg --files)';
export const PEER_LISTING = 'VS Code findFiles';
export const METRICS = {
  firstMs: { label: 'time to first result', unit: 'ms' },
  totalMs: { label: 'total time', unit: 'ms' },
  results: { label: 'results', unit: 'count' },
  gapMs: { label: 'longest event-loop gap', unit: 'ms' },
};
