import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeOutcome } from '../../../src/tools/search/searchOutcome';

const limits = { maxMatches: 2, timeLimitMs: 10_000 };
const shown = (file: string) => file.replace('/ws/', '');
const found = [{ file: '/ws/a.ts', line: 3, text: 'const a = 1;' }];

test('the model reads path:line: text, then why the search stopped early', () => {
  assert.equal(describeOutcome({ found }, 'a', limits, shown), 'a.ts:3: const a = 1;');
  assert.equal(describeOutcome({ found: [] }, 'a"b', limits, shown), 'No line matches "a\\"b".');
  assert.equal(describeOutcome({ found, stopped: 'maxMatches' }, 'a', limits, shown), 'a.ts:3: const a = 1;\n(stopped at 2 matches)');
  assert.equal(
    describeOutcome({ found: [], stopped: 'timeLimit' }, 'a', limits, shown),
    '(the search took too long and was stopped after 10 s, before any line matched; narrow "include" or simplify the pattern)',
  );
  assert.match(describeOutcome({ found, stopped: 'outputLimit' }, 'a', limits, shown), /^a\.ts:3: const a = 1;\n\(stopped: the matching lines are too long/);
});
