import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/(?:from\s+|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

test('the pure layers (src/gateway, src/chat, src/speech, the media generation forms and engine) never import vscode', () => {
  assert.ok(sourceFiles(path.join(root, 'src/gateway')).length > 10, 'the scan finds the gateway sources');
  const offenders = ['src/gateway', 'src/chat', 'src/speech', 'src/mediaGeneration/forms', 'src/mediaGeneration/generation']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => importsOf(file).includes('vscode'))
    .map((file) => path.relative(root, file));
  assert.deepEqual(offenders, []);
});

test('src/gateway depends on nothing above it', () => {
  const offenders = sourceFiles(path.join(root, 'src/gateway')).filter((file) =>
    importsOf(file).some((spec) => spec.startsWith('.') && !path.resolve(path.dirname(file), spec).startsWith(path.join(root, 'src/gateway'))),
  );
  assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
});

// The webview may use the protocol and the pure, vscode-free chat model (a shared common layer); never host code.
test('webview code imports no host code', () => {
  const offenders = sourceFiles(path.join(root, 'src/webview')).filter((file) =>
    importsOf(file).some((spec) => spec === 'vscode' || (spec.startsWith('.') && !['src/webview', 'src/protocol', 'src/chat'].some((allowed) => path.resolve(path.dirname(file), spec).startsWith(path.join(root, allowed))))),
  );
  assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
});
