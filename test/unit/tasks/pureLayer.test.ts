import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const importsOf = (file: string): string[] => [...fs.readFileSync(file, 'utf8').matchAll(/(?:from\s+|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

test('the task logic (src/tasks) and the workspace media reader never import vscode', () => {
  const dir = path.join(root, 'src/tasks');
  const files = [...fs.readdirSync(dir).map((name) => path.join(dir, name)), path.join(root, 'src/output/workspaceMedia.ts')];
  assert.ok(files.length > 10, 'the scan finds the sources');
  assert.deepEqual(files.filter((file) => importsOf(file).includes('vscode')).map((file) => path.relative(root, file)), []);
});

test('src/tasks depends on the gateway layer and itself only', () => {
  const dir = path.join(root, 'src/tasks');
  const allowed = ['src/tasks', 'src/gateway'].map((d) => path.join(root, d));
  const offenders = fs.readdirSync(dir).map((name) => path.join(dir, name)).filter((file) =>
    importsOf(file).some((spec) => spec.startsWith('.') && !allowed.some((a) => path.resolve(path.dirname(file), spec).startsWith(a))));
  assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
});
