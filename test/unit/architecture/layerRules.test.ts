import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importsOf } from './importGraph';
import { type Architecture, layerViolations } from './layerRules';

const FIXTURE_LAYERS: Architecture = {
  layers: [
    { name: 'client', members: ['client'], vscode: false },
    { name: 'adapters', members: ['adapter'], vscode: true },
    { name: 'features', members: ['alpha', 'beta'], vscode: true },
    { name: 'browser', members: ['web'], vscode: false, onlyImports: ['client'] },
    { name: 'root', members: ['main.ts'], vscode: true },
  ],
  vscodeFree: ['alpha/pure'],
};

/** A tree that keeps every rule. */
const CLEAN: Record<string, string> = {
  'client/http.ts': "import * as https from 'node:https';\nexport const get = https.get;\n",
  'adapter/settings.ts': "import * as vscode from 'vscode';\nimport { get } from '../client/http';\nexport const s = [vscode, get];\n",
  'alpha/pure.ts': "import { get } from '../client/http';\nexport const p = get;\n",
  'alpha/view.ts':
    "import * as vscode from 'vscode';\nimport { s } from '../adapter/settings';\nimport { p } from './pure';\nexport const v = [vscode, s, p];\n",
  'beta/view.ts': "import type { s } from '../adapter/settings';\nexport type B = typeof s;\n",
  'web/main.ts': "import { get } from '../client/http';\nexport const w = get;\n",
  'main.ts': "import { v } from './alpha/view';\nimport { s } from './adapter/settings';\nexport const m = [v, s];\n",
};

function check(changes: Record<string, string>): string[] {
  return layerViolations(new Map(Object.entries({ ...CLEAN, ...changes })), FIXTURE_LAYERS);
}

test('a tree that keeps the rules has no violation', () => {
  assert.deepEqual(check({}), []);
});

test('an import up a layer is a violation, whatever its form', () => {
  const forms = [
    "import { s } from '../adapter/settings';",
    "import type { s } from '../adapter/settings';",
    "export { s } from '../adapter/settings';",
    "export const load = () => import('../adapter/settings');",
    "export const load = () => require('../adapter/settings');",
    "import settings = require('../adapter/settings');",
    "export type S = typeof import('../adapter/settings');",
  ];
  for (const form of forms) {
    const problems = check({ 'client/up.ts': `${form}\n` });
    assert.equal(problems.length, 1, `${form}: ${problems.join('; ')}`);
    assert.match(problems[0]!, /^client\/up\.ts:1 imports adapter\/settings\.ts: up from client \(client, rank 0\) to adapter \(adapters, rank 1\)/);
  }
});

test('features do not import each other', () => {
  const problems = check({ 'beta/view.ts': "import { v } from '../alpha/view';\nexport const b = v;\n" });
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /beta\/view\.ts:1 imports alpha\/view\.ts: sideways between beta and alpha/);
});

test('a layer without vscode may not import it, even as types', () => {
  const problems = check({ 'client/ui.ts': "import type * as vscode from 'vscode';\nexport type U = vscode.Uri;\n" });
  assert.deepEqual(problems, ['client/ui.ts:1 imports vscode, which the client layer may not']);
});

test('a module declared free of vscode may not reach it through a local import', () => {
  const problems = check({ 'alpha/pure.ts': "import { s } from '../adapter/settings';\nexport const p = s;\n" });
  assert.deepEqual(problems, ['alpha/pure.ts must not use vscode, but reaches it: alpha/pure.ts -> adapter/settings.ts -> vscode']);
});

test('a layer with an allow-list imports only what it lists', () => {
  const problems = check({ 'web/main.ts': "import { s } from '../adapter/settings';\nexport const w = s;\n" });
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /web\/main\.ts:1 imports adapter\/settings\.ts: web may import only client/);
});

test('a folder without a rank, a computed import path and an import leaving the tree are violations', () => {
  assert.deepEqual(check({ 'gamma/new.ts': 'export const g = 1;\n' }), ["gamma has no layer: give it a rank in the architecture's layers"]);
  assert.deepEqual(check({ 'alpha/lazy.ts': "const name = './view';\nexport const load = () => import(name);\n" }), [
    'alpha/lazy.ts:2 imports a computed path, which cannot be checked',
  ]);
  assert.deepEqual(check({ 'alpha/out.ts': "import '../../test/helper';\n" }), ['alpha/out.ts:1 imports ../../test/helper, outside the source tree']);
});

test('imports are read by the parser: text in strings and comments is not an import', () => {
  const text = "// import { x } from '../up';\nconst s = \"require('../up')\";\nimport { y } from './y';\n";
  assert.deepEqual(importsOf('a.ts', text), [{ specifier: './y', line: 3 }]);
});
