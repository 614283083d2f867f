import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

// The tools' policy, text logic and search engines are unit-tested without VS Code: these modules must stay free of it.
const PURE = [
  ...['toolSpec', 'builtinToolSpecs', 'toolArgs', 'textEdits', 'textFileLimit', 'userDefinedTools', 'jsonSchemaCheck', 'mediaToolSpecs'].map((name) => `src/tools/${name}`),
  ...['ripgrepOutput', 'ripgrepSearch', 'searchOutcome', 'searchWorker', 'workerSearch'].map((name) => `src/tools/search/${name}`),
  ...['pathPolicy', 'realpath', 'excludeGlobs', 'ripgrepLocation', 'ripgrepFiles', 'globMatcher'].map((name) => `src/workspace/${name}`),
];

/** The module file of an import: `x.ts`, or `x/index.ts`. */
function sourceOf(modulePath: string): string {
  return fs.existsSync(`${modulePath}.ts`) ? `${modulePath}.ts` : path.join(modulePath, 'index.ts');
}

test('the pure tool modules never import vscode, directly or through a local import', () => {
  const seen = new Set<string>();
  const visit = (file: string): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/(?:from\s+|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    return specs.flatMap((spec) => (spec === 'vscode' ? [path.relative(root, file)] : spec.startsWith('.') ? visit(sourceOf(path.resolve(path.dirname(file), spec))) : []));
  };
  const offenders = PURE.flatMap((module) => visit(path.join(root, `${module}.ts`)));
  assert.deepEqual(offenders, []);
});
