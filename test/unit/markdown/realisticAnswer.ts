/** A deterministic, realistic long model answer: sections of prose, lists, code, tables and quotes. */

const WORDS = (
  'the service returns a response when the request succeeds and the client retries with exponential backoff ' +
  'configuration values are read from the environment before the server starts listening on the port ' +
  'this function validates its input and throws an error that names the field which failed the check ' +
  'streaming keeps the interface responsive because tokens appear as soon as the model produces them'
).split(' ');

const CODE = [
  'export async function fetchWithRetry(url: string, attempts = 3): Promise<Response> {',
  '  for (let attempt = 0; attempt < attempts; attempt++) {',
  '    const response = await fetch(url, { headers: { accept: "application/json" } });',
  '    if (response.ok) return response;',
  '    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100));',
  '  }',
  '  throw new Error(`gave up after ${attempts} attempts`);',
  '}',
  '',
  '// Parse the configuration once and share it.',
  'const config = JSON.parse(readFileSync("config.json", "utf8")) as Config;',
];

class Random {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return this.seed / 2147483648;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
}

function sentence(random: Random, words: number): string {
  const parts = Array.from({ length: words }, () => random.pick(WORDS));
  const decorate = random.int(0, 5);
  if (decorate === 0) parts[1] = `**${parts[1]}**`;
  if (decorate === 1) parts[2] = `\`${parts[2]}()\``;
  if (decorate === 2) parts[3] = `[${parts[3]}](https://example.com/docs/${parts[3]})`;
  if (decorate === 3) parts[0] = `*${parts[0]}*`;
  return `${parts.join(' ')}.`;
}

function paragraph(random: Random): string {
  return Array.from({ length: random.int(2, 6) }, () => sentence(random, random.int(8, 20))).join(' ');
}

function bulletList(random: Random): string {
  return Array.from({ length: random.int(3, 8) }, () => `- ${sentence(random, random.int(6, 16))}`).join('\n');
}

function orderedList(random: Random): string {
  return Array.from({ length: random.int(3, 6) }, (_, i) => {
    const step = `${i + 1}. ${sentence(random, random.int(6, 14))}`;
    return random.int(0, 3) === 0 ? `${step}\n\n   \`\`\`bash\n   npm run build -- --step ${i}\n   \`\`\`\n` : step;
  }).join('\n');
}

function codeBlock(random: Random): string {
  const lines = Array.from({ length: random.int(10, 60) }, (_, i) => CODE[i % CODE.length]!.replace('attempts', `attempts${random.int(0, 999)}`));
  return `\`\`\`${random.pick(['ts', 'typescript', 'js', 'python', 'json', 'bash'])}\n${lines.join('\n')}\n\`\`\``;
}

function table(random: Random): string {
  const rows = Array.from(
    { length: random.int(3, 12) },
    (_, i) => `| \`option${i}\` | ${random.pick(['string', 'number', 'boolean'])} | ${sentence(random, random.int(4, 9))} |`,
  );
  return ['| Option | Type | Description |', '|:-------|:----:|-------------|', ...rows].join('\n');
}

function quote(random: Random): string {
  return `> **Note:** ${sentence(random, random.int(10, 20))}\n> ${sentence(random, random.int(6, 12))}`;
}

const BLOCKS = [paragraph, paragraph, paragraph, bulletList, orderedList, codeBlock, table, quote];

export function realisticAnswer(targetLength: number, seed = 1): string {
  const random = new Random(seed);
  const parts: string[] = [];
  let length = 0;
  for (let section = 1; length < targetLength; section++) {
    const blocks = [`## ${section}. ${sentence(random, random.int(3, 6)).slice(0, -1)}`];
    for (let i = random.int(3, 7); i > 0; i--) blocks.push(random.pick(BLOCKS)(random));
    const text = blocks.join('\n\n');
    parts.push(text);
    length += text.length + 2;
  }
  return `${parts.join('\n\n')}\n`;
}

/** Cuts `text` into `count` chunks of (nearly) equal size, as a token stream would. */
export function chunksOf(text: string, count: number): string[] {
  const cutAt = (i: number): number => Math.floor((i * text.length) / count);
  return Array.from({ length: count }, (_, i) => text.slice(cutAt(i), cutAt(i + 1)));
}
