/**
 * The length of the longest run of backticks in `text`, for a fence or code
 * span that it cannot close early. Counted in one pass: spreading every run
 * into Math.max threw a RangeError for texts with some 100,000 runs (a large
 * minified or markdown file).
 */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  for (let at = text.indexOf('`'); at !== -1; at = text.indexOf('`', at)) {
    let end = at + 1;
    while (text.charCodeAt(end) === 0x60) end++;
    longest = Math.max(longest, end - at);
    at = end;
  }
  return longest;
}
