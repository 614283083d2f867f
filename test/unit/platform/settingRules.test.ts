// Every setting has a recorded decision on where its value may come from, every number setting a range
// that is applied, and settings are read in one place that follows those decisions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { settingSchemas } from '../../support/packageManifest';
import { clampToRule, NUMBER_RULES, WORKSPACE_RULES } from '../../../src/platform/settingRules';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { configuration: unknown };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};
const PREFIX = 'genaiGateway.';
const settings = Object.entries(settingSchemas<{ type: string; default?: unknown; minimum?: number; maximum?: number }>(manifest)).map(([key, schema]) => ({
  name: key.slice(PREFIX.length),
  schema,
}));

test('every setting in package.json has a decision on where its value may come from, and the table names no other', () => {
  assert.deepEqual(
    settings.map((s) => s.name).filter((name) => !(name in WORKSPACE_RULES)),
    [],
    'settings without a decision',
  );
  assert.deepEqual(
    Object.keys(WORKSPACE_RULES).filter((name) => !settings.some((s) => s.name === name)),
    [],
    'decisions for settings that do not exist',
  );
});

test("VS Code's Restricted Mode list is exactly the settings a workspace may not set freely", () => {
  const restricted = Object.entries(WORKSPACE_RULES)
    .filter(([, rule]) => rule !== 'anyWorkspace')
    .map(([name]) => PREFIX + name);
  assert.deepEqual([...manifest.capabilities.untrustedWorkspaces.restrictedConfigurations].sort(), restricted.sort());
});

test('every number setting declares a minimum and a maximum, and is read within them by its rule', () => {
  const numbers = settings.filter((s) => s.schema.type === 'number' || s.schema.type === 'integer');
  for (const { name, schema } of numbers) {
    const rule = NUMBER_RULES[name];
    assert.ok(rule, `${name} has no number rule: it would be read unclamped`);
    assert.equal(typeof schema.maximum, 'number', `${name} declares no maximum`);
    assert.deepEqual(
      { default: rule.default, min: rule.min, max: rule.max, integer: rule.integer },
      { default: schema.default, min: schema.minimum, max: schema.maximum, integer: schema.type === 'integer' },
      name,
    );
    assert.equal(clampToRule(rule.max * 1000 + 1, rule), rule.max, `${name}: a huge value is clamped`);
    assert.equal(clampToRule(rule.min - 1, rule), rule.min, `${name}: a tiny value is clamped`);
    assert.equal(clampToRule('9999', rule), rule.default, `${name}: text is not a number`);
    assert.equal(clampToRule(Number.POSITIVE_INFINITY, rule), rule.default);
    if (rule.integer) assert.equal(clampToRule(rule.min + 0.5, rule), rule.default, `${name}: a fraction is not an integer`);
  }
  assert.deepEqual(
    Object.keys(NUMBER_RULES).filter((name) => !numbers.some((s) => s.name === name)),
    [],
    'number rules for settings that are not numbers',
  );
});

test('settings are read only through the reader that applies these rules', () => {
  const source = fs.readFileSync(path.join(ROOT, 'src', 'platform', 'settings.ts'), 'utf8');
  // Reads of genaiGateway.* go through sourced()/value()/number(); inspect() appears there and where a user value is written back.
  assert.doesNotMatch(source, /(this\.config|\bc)\.get(<[^>]*>)?\(/, 'no genaiGateway configuration.get in settings.ts: every read goes through sourced()');
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith(path.join('platform', 'settings.ts'))) {
        const text = fs.readFileSync(file, 'utf8');
        if (/getConfiguration\((SECTION|'genaiGateway'[^)]*)\)|getConfiguration\(\)\s*\.\s*get[^(]*\(\s*(['`]genaiGateway\.|USE_INSTRUCTIONS)/.test(text))
          offenders.push(path.relative(ROOT, file));
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  assert.deepEqual(offenders, [], 'genaiGateway settings read outside src/platform/settings.ts');
});
