/** The texts of the scripted chat model. */

const FILLER = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'eiusmod', 'tempor'];

/** Largest `length N` honoured, to keep a typo from producing gigabytes. */
export const MAX_LENGTH_WORDS = 100_000;

export function echoAnswer(text: string): string {
  return `echo: ${text}`;
}

export function wordsAnswer(count: number): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(FILLER[i % FILLER.length] ?? 'lorem');
  return words.join(' ');
}

const FENCE = '```';

export const MARKDOWN_ANSWER = [
  '# Markdown sample',
  '',
  'This answer exercises the **renderer**: headings, *emphasis*, `inline code`, lists, a table, code blocks and a link.',
  '',
  '## Lists',
  '',
  '- First bullet with **bold** text',
  '- Second bullet',
  '  - Nested bullet',
  '- Third bullet',
  '',
  '1. Step one',
  '2. Step two',
  '3. Step three',
  '',
  '## Table',
  '',
  '| Language | Typing | Released |',
  '|---|---|---|',
  '| TypeScript | static | 2012 |',
  '| Python | dynamic | 1991 |',
  '| Bash | untyped | 1989 |',
  '',
  '## Code',
  '',
  `${FENCE}typescript`,
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`;',
  '}',
  FENCE,
  '',
  `${FENCE}python`,
  'def greet(name: str) -> str:',
  '    return f"Hello, {name}!"',
  FENCE,
  '',
  `${FENCE}bash`,
  'for name in Ada Grace; do',
  '  echo "Hello, $name!"',
  'done',
  FENCE,
  '',
  '### Further reading',
  '',
  '> Quoted text closes the sample.',
  '',
  'See the [CommonMark specification](https://spec.commonmark.org/) for the syntax.',
].join('\n');
