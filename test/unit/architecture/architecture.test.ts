import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSources } from './importGraph';
import { layerViolations } from './layerRules';
import { ARCHITECTURE } from './layers';

const root = path.resolve(__dirname, '../../../..');
const sources = readSources(path.join(root, 'src'));

test('every import in src/ goes down the layers: none up, none sideways between features, vscode only where allowed', () => {
  assert.ok(sources.size > 200, 'the scan finds the sources');
  assert.deepEqual(layerViolations(sources, ARCHITECTURE), []);
});

test('an import a layer up, added to src/, is found', () => {
  const injected = new Map(sources).set(
    'gateway/injected.ts',
    "import type { ChatController } from '../chatView/chatController';\nexport type C = ChatController;\n",
  );
  const problems = layerViolations(injected, ARCHITECTURE);
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0]!, /^gateway\/injected\.ts:1 imports chatView\/chatController\.ts: up from gateway/);
});

test("README's Layout table names every ranked folder", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const layout = readme.slice(readme.indexOf('### Layout'));
  const missing = ARCHITECTURE.layers
    .flatMap((layer) => layer.members)
    .filter((member) => !layout.includes(`\`src/${member}${member.endsWith('.ts') ? '' : '/'}\``));
  assert.deepEqual(missing, []);
});
