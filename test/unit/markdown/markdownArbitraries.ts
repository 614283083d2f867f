/** fast-check generators of realistic (and awkward) markdown documents and of ways to cut them into chunks. */
import fc from 'fast-check';

const word = fc.constantFrom(
  'the',
  'model',
  'answer',
  'streams',
  'tokens',
  'fast',
  'a|b',
  '中文字符',
  '日本語',
  '😀',
  '🚀✨',
  'Ünïcödé',
  '&amp;',
  '&copy;',
  '\\*',
  'x_y_z',
  'snake_case',
  '<b>bold</b>',
  '<script>alert(1)</script>',
  '2 < 3 > 1',
  '"quoted"',
  "it's",
  'a*b',
  '~~',
  '|',
);

const inline = fc.oneof(
  { weight: 8, arbitrary: word },
  fc.constantFrom(
    '*emphasis*',
    '**strong**',
    '_under_',
    '__strong__',
    '~~struck~~',
    '`code`',
    '``co`de``',
    '`unclosed',
    '[link](http://example.com/a)',
    '[titled](https://example.com "Title")',
    '<http://example.com/auto>',
    'http://example.org/path?q=1',
    '[r1]',
    '[text][r1]',
    '[r2][]',
    '[missing]',
    '[ ] task',
    '[x]',
    'arr[i]',
    '![alt](http://evil.example/x.png)',
    '![](https://i.example/y.gif)',
    '[js](javascript:alert(1))',
    '[f](file:///etc/passwd)',
    '[d](data:text/html,x)',
    'README.md',
    'foo@example.com',
    '**unclosed',
    '*',
    '[![badge](http://i.example/b.svg)](http://ci.example)',
    '\\[not a link\\]',
    '<img src=x onerror=alert(1)>',
  ),
);

const textLine = fc.array(inline, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
const lines = (min: number, max: number) => fc.array(textLine, { minLength: min, maxLength: max });

const paragraph = fc.tuple(lines(1, 3), fc.boolean()).map(([ls, hardBreak]) => ls.join(hardBreak ? '  \n' : '\n'));
const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), textLine).map(([level, text]) => `${'#'.repeat(level)} ${text}`);
const setextHeading = fc.tuple(lines(1, 2), fc.constantFrom('===', '---', '=', '-- ')).map(([ls, rule]) => `${ls.join('\n')}\n${rule}`);
const rule = fc.constantFrom('---', '***', '___', '- - -', ' * * *');

const language = fc.constantFrom('', 'ts', 'typescript', 'js', 'python', 'bash', 'json', 'rust', 'go', 'html', 'diff', 'nosuchlang', 'c++ {.class}');
const codeLine = fc.constantFrom(
  'const x = 1;',
  'function f(a, b) { return a < b; }',
  '  indented();',
  '',
  '# not a heading',
  '[',
  '[a]: http://x',
  '```',
  '~~~',
  '<div onclick="x()">',
  '"unterminated string',
  '/* open comment',
  '*/',
  '\tTabbed',
  '- not a list',
  '| a | b |',
  '},',
  'print("中文")',
);
const fence = fc
  .tuple(fc.constantFrom('```', '~~~', '````'), language, fc.array(codeLine, { maxLength: 8 }), fc.boolean())
  .map(([marker, lang, code, indented]) => `${indented ? '  ' : ''}${marker}${lang}\n${code.join('\n')}${code.length ? '\n' : ''}${marker}`);
const unclosedFence = fc.tuple(language, fc.array(codeLine, { maxLength: 6 })).map(([lang, code]) => `\`\`\`${lang}\n${code.join('\n')}`);
const indentedCode = fc
  .array(fc.constantFrom('    code line', '    more()', '\tTabbed code', '    '), { minLength: 1, maxLength: 4 })
  .map((ls) => ls.join('\n'));

const bulletItem = fc
  .tuple(fc.constantFrom('-', '*', '+'), textLine, fc.option(textLine), fc.option(lines(1, 2)))
  .map(
    ([marker, first, continuation, nested]) =>
      `${marker} ${first}` + (continuation ? `\n  ${continuation}` : '') + (nested ? nested.map((l) => `\n  - ${l}`).join('') : ''),
  );
const bulletList = fc.tuple(fc.array(bulletItem, { minLength: 1, maxLength: 5 }), fc.boolean()).map(([items, loose]) => items.join(loose ? '\n\n' : '\n'));
const orderedList = fc
  .tuple(fc.constantFrom(1, 2, 7), fc.constantFrom('.', ')'), fc.array(textLine, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.boolean())
  .map(([start, delimiter, items, loose, withCode]) =>
    items.map((item, i) => `${start + i}${delimiter} ${item}` + (withCode && i === 0 ? '\n\n   ```sh\n   npm test\n   ```' : '')).join(loose ? '\n\n' : '\n'),
  );

const tableRow = fc
  .array(fc.oneof(word, fc.constantFrom('`a|b`', '**x**', '', '\\|')), { minLength: 1, maxLength: 4 })
  .map((cells) => `| ${cells.join(' | ')} |`);
const table = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(tableRow, { maxLength: 4 }), fc.boolean()).map(([columns, rows, withDelimiter]) => {
  const header = `| ${Array.from({ length: columns }, (_, i) => `h${i}`).join(' | ')} |`;
  const delimiter = `|${Array.from({ length: columns }, (_, i) => [':---', '---:', ':-:', '---'][i % 4]).join('|')}|`;
  return [header, ...(withDelimiter ? [delimiter] : []), ...rows].join('\n');
});

const blockquote = fc
  .tuple(lines(1, 3), fc.boolean(), fc.boolean())
  .map(([ls, lazy, withList]) => ls.map((l, i) => (lazy && i > 0 ? l : `> ${l}`)).join('\n') + (withList ? '\n> - quoted item\n>\n> > nested' : ''));

const definition = fc
  .tuple(fc.constantFrom('r1', 'R1', 'r2', 'missing', 'x'), fc.constantFrom('', ' "T"', "\n'next line title'", " 'open"))
  .map(([label, title]) => `[${label}]: http://example.com/${label}${title}`);
const awkward = fc.constantFrom(
  '[a\n===\nb',
  '[r1\n]: /late',
  '<div>\nraw html block\n</div>',
  '<!-- comment -->',
  '  \t ',
  '-',
  '1.',
  '>',
  '#',
  '#hashtag',
  '|',
  '|---|',
  '# heading | with pipe\n-|-',
  '```a|b\n-|-\n```',
  '\\',
  '***bold italic***',
  '- [ ] todo\n- [x] done',
  'line one\\\nline two',
  'a\n\u0000b',
  // A definition whose label or title spans a setext underline: its lines parse as a heading until the end arrives.
  '[a\n===\nb\n]: /url\n\n[a]',
  "[r1]: /u\n'tit\n===\nfoo\nbar'\n\n[r1]",
  '> [q\n> ===\n> ]: /q\n\n[q]',
  '- [l\n  ===\n  ]: /l\n\n[l]',
);

const block = fc.oneof(
  { weight: 6, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 1, arbitrary: setextHeading },
  { weight: 1, arbitrary: rule },
  { weight: 3, arbitrary: fence },
  { weight: 1, arbitrary: indentedCode },
  { weight: 3, arbitrary: bulletList },
  { weight: 2, arbitrary: orderedList },
  { weight: 2, arbitrary: table },
  { weight: 2, arbitrary: blockquote },
  { weight: 1, arbitrary: definition },
  { weight: 1, arbitrary: awkward },
);

const separator = fc.constantFrom('\n\n', '\n\n', '\n\n', '\n', '\n\n\n', '\n \n');

export const markdownDocument: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 8 }),
    fc.option(unclosedFence),
    fc.constantFrom('', '\n', '\n\n'),
    fc.constantFrom('lf', 'lf', 'crlf', 'cr', 'mixed'),
  )
  .map(([blocks, openFence, ending, newlines]) => {
    const text = blocks.map(([b, sep]) => b + sep).join('') + (openFence ?? '') + ending;
    if (newlines === 'crlf') return text.replace(/\n/g, '\r\n');
    if (newlines === 'cr') return text.replace(/\n/g, '\r');
    if (newlines === 'mixed') return text.replace(/\n/g, (_, offset: number) => (offset % 3 === 0 ? '\r\n' : '\n'));
    return text;
  });

/** Chunk sizes: one character at a time, a fixed size, or random sizes. */
export const chunking: fc.Arbitrary<number[]> = fc.oneof(
  fc.constant<number[]>([1]),
  fc.integer({ min: 2, max: 40 }).map((size) => [size]),
  fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }),
);

export function cut(text: string, sizes: readonly number[]): string[] {
  const chunks: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}
