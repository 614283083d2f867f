import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContextChip, Turn } from '../../../src/chat/conversation';
import { applicableInstructions, candidateFrom, chipFiles, isIgnored, responseFiles, type InstructionCandidate } from '../../../src/chat/instructionSelection';
import { instructionsPrompt } from '../../../src/chat/workspaceInstructions';
import { globMatcher } from '../../../src/workspace/globMatcher';

const candidate = (file: string, text = file): InstructionCandidate => candidateFrom(file, text)!;
const files = (inPlay: string[], candidates: InstructionCandidate[]) => applicableInstructions(candidates, inPlay, globMatcher).map((i) => i.file);

const TREE = [
  candidate('.github/copilot-instructions.md'),
  candidate('packages/web/src/AGENTS.md'),
  candidate('AGENTS.md'),
  candidate('packages/AGENTS.md'),
  candidate('packages/web/AGENTS.md'),
  candidate('packages/api/AGENTS.md'),
  candidate('packages/web-old/AGENTS.md'),
];

test('nested AGENTS.md: those on the way from the root to a file in play, the nearest last; the root one and copilot-instructions always', () => {
  assert.deepEqual(files([], TREE), ['AGENTS.md', '.github/copilot-instructions.md']);
  assert.deepEqual(files(['packages/web/src/ui/button.ts'], TREE), [
    'AGENTS.md',
    '.github/copilot-instructions.md',
    'packages/AGENTS.md',
    'packages/web/AGENTS.md',
    'packages/web/src/AGENTS.md',
  ]);
  // A sibling folder whose name starts the same is not on the way.
  assert.ok(!files(['packages/web/a.ts'], TREE).includes('packages/web-old/AGENTS.md'));
  // Two files in play: the union, still by depth.
  assert.deepEqual(files(['packages/api/x.ts', 'packages/web/y.ts'], TREE).slice(2), [
    'packages/AGENTS.md',
    'packages/api/AGENTS.md',
    'packages/web/AGENTS.md',
  ]);
  // An attached folder counts as in play for its own AGENTS.md.
  assert.deepEqual(files(['packages/api'], TREE).slice(2), ['packages/AGENTS.md', 'packages/api/AGENTS.md']);
});

test('a nested AGENTS.md says in the prompt which folder it applies to', () => {
  const [nested] = applicableInstructions([candidate('src/ui/AGENTS.md', 'Use signals.')], ['src/ui/a.ts'], globMatcher);
  assert.match(
    instructionsPrompt([nested!]),
    /from its file src\/ui\/AGENTS\.md \(they apply to the folder src\/ui\):\n<instructions file="src\/ui\/AGENTS\.md">\nUse signals\.\n/,
  );
});

test('.instructions.md apply when an applyTo glob matches a file in play; ** always; without applyTo never', () => {
  const ts = candidate('.github/instructions/ts.instructions.md', '---\napplyTo: "**/*.ts, **/*.{tsx,mts}"\n---\nStrict types.\n');
  const docs = candidate('.github/instructions/docs.instructions.md', '---\napplyTo:\n  - docs/**\n  - "*.md"\n---\nShort sentences.\n');
  const all = candidate('.github/instructions/all.instructions.md', '---\napplyTo: "**"\n---\nBe kind.\n');
  const none = candidate('.github/instructions/manual.instructions.md', '---\ndescription: only when attached\n---\nManual.\n');
  const set = [ts, docs, all, none];
  assert.deepEqual(ts.applyTo, ['**/*.ts', '**/*.{tsx,mts}']);
  assert.equal(ts.text, 'Strict types.', 'the front matter is not part of the text');
  assert.deepEqual(files([], set), ['.github/instructions/all.instructions.md']);
  assert.deepEqual(files(['src/a.tsx'], set), ['.github/instructions/all.instructions.md', '.github/instructions/ts.instructions.md']);
  assert.deepEqual(files(['README.md', 'docs/guide/intro.txt'], set), [
    '.github/instructions/all.instructions.md',
    '.github/instructions/docs.instructions.md',
  ]);
  assert.deepEqual(files(['src/README.md'], set), ['.github/instructions/all.instructions.md'], '*.md is anchored at the root, as in VS Code');
  const [scoped] = applicableInstructions([ts], ['a.ts'], globMatcher);
  assert.equal(scoped!.scope, 'files matching **/*.ts, **/*.{tsx,mts}');
});

test('a glob too long to match matches nothing, and breaks nothing else', () => {
  const long = candidate('.github/instructions/long.instructions.md', `---\napplyTo: "${'a'.repeat(2000)}"\n---\nX\n`);
  assert.deepEqual(files(['a.ts'], [long, candidate('AGENTS.md')]), ['AGENTS.md']);
  assert.equal(isIgnored('AGENTS.md', ['b'.repeat(2000)], globMatcher), false);
});

test('ignored: a glob naming the file or a folder it is in', () => {
  assert.equal(isIgnored('vendor/lib/AGENTS.md', ['vendor'], globMatcher), true);
  assert.equal(isIgnored('vendor/lib/AGENTS.md', ['vendor/'], globMatcher), true);
  assert.equal(isIgnored('vendor/lib/AGENTS.md', ['**/lib'], globMatcher), true);
  assert.equal(isIgnored('docs/old/AGENTS.md', ['docs/old/AGENTS.md'], globMatcher), true);
  assert.equal(isIgnored('docs/AGENTS.md', ['docs/old/**'], globMatcher), false);
  assert.equal(isIgnored('AGENTS.md', [], globMatcher), false);
});

test("files in play: the last message's attachments and the paths its answer's tool calls touched (succeeded ones)", () => {
  const chip = (file: string, kind: ContextChip['kind']): ContextChip => ({
    id: file,
    kind,
    file,
    uri: '',
    languageId: '',
    startLine: 0,
    endLine: 0,
    text: '',
  });
  const history: Turn[] = [
    { kind: 'user', id: 'u0', text: 'old', context: [chip('old/a.ts', 'file')], createdAt: 0 },
    { kind: 'assistant', id: 'a0', model: 'm', text: 'x', status: 'done', createdAt: 0 },
    { kind: 'user', id: 'u1', text: 'new', context: [chip('src/b.ts', 'selection'), chip('lib/', 'folder'), chip('Problems', 'problems')], createdAt: 0 },
    {
      kind: 'assistant',
      id: 'a1',
      model: 'm',
      text: '',
      status: 'done',
      createdAt: 0,
      toolCalls: [
        { id: 'c1', name: 'read_file', arguments: '{"path":"./pkg/c.ts"}', status: 'succeeded' },
        { id: 'c2', name: 'read_file', arguments: '{"path":"missing.ts"}', status: 'failed' },
        { id: 'c3', name: 'search_text', arguments: '{"query":"x"}', status: 'succeeded' },
        { id: 'c4', name: 'read_file', arguments: 'not json', status: 'invalid' },
        { id: 'c5', name: 'edit_file', arguments: '{"path":"src\\\\b.ts"}', status: 'succeeded' },
      ],
    },
  ];
  assert.deepEqual(responseFiles(history), ['src/b.ts', 'lib', 'pkg/c.ts']);
  assert.deepEqual(responseFiles([]), []);
  assert.deepEqual(chipFiles([chip('a/b.md', 'file'), chip('Problems', 'problems')]), ['a/b.md']);
});
