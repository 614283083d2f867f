import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { localisedManifest, PROJECT_ROOT, settingSchemas } from '../support/packageManifest';

const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
/** In English, as the README is written. */
const manifest = localisedManifest<{
  contributes: { commands: Array<{ title: string; category?: string }>; configuration: unknown };
}>();

test('the README names every contributed command', () => {
  const missing = manifest.contributes.commands.map((c) => c.title).filter((title) => !readme.includes(title));
  assert.deepEqual(missing, []);
});

test("every row of the README's Commands table says what the command does", () => {
  const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('## Settings'));
  const rows = table.split('\n').filter((line) => line.startsWith('| GenAI Gateway: '));
  assert.equal(rows.length, manifest.contributes.commands.length);
  const empty = rows.filter((row) => (row.split('|')[2] ?? '').trim().length < 10).map((row) => row.split('|')[1]!.trim());
  assert.deepEqual(empty, []);
});

test('the README names every setting', () => {
  const missing = Object.keys(settingSchemas(manifest)).filter((key) => !readme.includes(`\`${key}\``));
  assert.deepEqual(missing, []);
});

test('the README gives the two commands a newcomer needs', () => {
  assert.match(readme, /npm ci && npm run demo/);
  assert.match(readme, /npm ci && npm test/);
});
