import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ripgrepArgs, ripgrepFailure, RipgrepJsonReader } from '../../../src/tools/search/ripgrepOutput';

// Recorded from `rg --json` (13.0 and 15.0 print the same): a file with a match, one whose line is not UTF-8, the summary.
const RECORDED = [
  '{"type":"begin","data":{"path":{"text":"./src/a.txt"}}}',
  '{"type":"match","data":{"path":{"text":"./src/a.txt"},"lines":{"text":"héllo world\\r\\n"},"line_number":3,"absolute_offset":0,"submatches":[{"match":{"text":"héllo"},"start":0,"end":6}]}}',
  '{"type":"end","data":{"path":{"text":"./src/a.txt"},"binary_offset":null,"stats":{"elapsed":{"secs":0,"nanos":2728,"human":"0.000003s"},"searches":1,"searches_with_match":1,"bytes_searched":16,"bytes_printed":241,"matched_lines":1,"matches":1}}}',
  '{"type":"begin","data":{"path":{"text":"./latin.txt"}}}',
  '{"type":"match","data":{"path":{"text":"./latin.txt"},"lines":{"bytes":"eP9oZWxsbwo="},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":2,"end":7}]}}',
  '{"type":"end","data":{"path":{"text":"./latin.txt"},"binary_offset":null,"stats":{"elapsed":{"secs":0,"nanos":4875,"human":"0.000005s"},"searches":1,"searches_with_match":1,"bytes_searched":8,"bytes_printed":241,"matched_lines":1,"matches":1}}}',
  '{"data":{"elapsed_total":{"human":"0.001404s","nanos":1404436,"secs":0},"stats":{"bytes_printed":982,"bytes_searched":36,"elapsed":{"human":"0.000030s","nanos":30135,"secs":0},"matched_lines":2,"matches":2,"searches":2,"searches_with_match":2}},"type":"summary"}',
]
  .map((line) => `${line}\n`)
  .join('');

const EXPECTED = [
  { file: '/ws/src/a.txt', line: 3, text: 'héllo world' },
  { file: '/ws/latin.txt', line: 1, text: 'x\ufffdhello' },
];

test('the matches of recorded --json output, whole or cut into chunks anywhere (even inside a character)', () => {
  const bytes = Buffer.from(RECORDED);
  for (const size of [bytes.length, 1, 7, 64]) {
    const reader = new RipgrepJsonReader('/ws');
    const found = [];
    for (let at = 0; at < bytes.length; at += size) found.push(...reader.push(bytes.subarray(at, at + size)));
    assert.deepEqual(found, EXPECTED, `chunks of ${size} bytes`);
    assert.equal(reader.finished, true);
  }
});

test('a match is reported once its line is complete; the summary marks the end; other lines are ignored', () => {
  const reader = new RipgrepJsonReader('/ws');
  const [begin, match] = RECORDED.split('\n');
  assert.deepEqual(reader.push(Buffer.from(`${begin}\n${match!.slice(0, 50)}`)), []);
  assert.deepEqual(reader.push(Buffer.from(`${match!.slice(50)}\nnot json\n\n`)), [EXPECTED[0]]);
  assert.equal(reader.finished, false);
});

test('long lines are cut', () => {
  const line = JSON.stringify({ type: 'match', data: { path: { text: 'min.js' }, lines: { text: `${'x'.repeat(500)}\n` }, line_number: 1 } });
  const [found] = new RipgrepJsonReader('/ws').push(Buffer.from(`${line}\n`));
  assert.equal(found?.text, `${'x'.repeat(200)}…`);
});

test('what ripgrep says of a pattern it cannot run reaches the model without the advice to use --pcre2', () => {
  const lookAround =
    'rg: regex parse error:\n    (?:(?=a))\n       ^^^\nerror: look-around, including look-ahead and look-behind, is not supported\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.\n';
  assert.equal(
    ripgrepFailure(lookAround),
    '"query" is not a regular expression the search understands (Rust syntax, as ripgrep uses: no look-around, no backreferences). regex parse error:\n    (?:(?=a))\n       ^^^\nerror: look-around, including look-ahead and look-behind, is not supported',
  );
  assert.match(
    ripgrepFailure(
      'regex parse error:\n    (a)\\1\n       ^^\nerror: backreferences are not supported\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.\n',
    ),
    /no backreferences\)\. regex parse error:[^]*backreferences are not supported$/,
  );
  assert.equal(
    ripgrepFailure("error parsing glob 'a{b,{c,d}}': nested alternate groups are not allowed\n"),
    "The search failed: error parsing glob 'a{b,{c,d}}': nested alternate groups are not allowed",
  );
  assert.equal(ripgrepFailure(''), 'The search failed: ripgrep ended without saying why');
});

test('the arguments: the query is always a value, fixed strings unless a regex, globs before it', () => {
  const args = ripgrepArgs({ query: '--files', isRegex: false, include: 'src/**', excludes: ['**/node_modules'] });
  assert.equal(args[args.indexOf('--regexp') + 1], '--files');
  assert.deepEqual(args.slice(-2), ['--', '.']);
  assert.ok(args.includes('--fixed-strings') && args.includes('--json') && args.includes('--no-config') && args.includes('--ignore-case'));
  assert.deepEqual(args.slice(args.indexOf('--glob'), args.indexOf('--regexp')), ['--glob', '/src/**', '--glob', '!**/node_modules']);
  assert.ok(!ripgrepArgs({ query: 'a+', isRegex: true, excludes: [] }).includes('--fixed-strings'));
});
