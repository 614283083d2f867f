// package.json's user-visible texts come from package.nls.json (English) and package.nls.de.json (German):
// a literal where a user reads it, a `%key%` either file lacks, keys the files do not share or nobody
// uses, or a German text that drops a placeholder, a link's target or a backticked id fails here.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { nlsKeyOf, readJson } from '../../support/packageManifest';
import { userVisibleTexts } from './packageTexts';

const manifest = readJson<Record<string, unknown>>('package.json');
const english = readJson<Record<string, string>>('package.nls.json');
const german = readJson<Record<string, string>>('package.nls.de.json');
const texts = userVisibleTexts(manifest);

/** Every `%key%` anywhere in package.json (also outside the fields listed as user-visible). */
function referencedKeys(value: unknown): string[] {
  const key = nlsKeyOf(value);
  if (key !== undefined) return [key];
  if (Array.isArray(value)) return value.flatMap(referencedKeys);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(referencedKeys);
  return [];
}

/** What a translation must carry over unchanged, sorted: placeholders, link targets, code spans, setting links. */
function invariantsOf(text: string): string[] {
  const all = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);
  return [...all(/\{[A-Za-z0-9_]+\}/g), ...all(/\]\([^)]*\)/g), ...all(/`[^`]*`/g), ...all(/#[A-Za-z][\w.]*#/g), ...all(/\$\([\w-]+\)/g)].sort();
}

test('the scan finds the texts users read in package.json', () => {
  const where = texts.map((text) => text.where);
  for (const expected of [
    '.displayName',
    '.description',
    'contributes.commands[0].title',
    'contributes.commands[0].category',
    'contributes.configuration[0].title',
    'contributes.configuration[6].title',
    'contributes.configuration[0].properties[genaiGateway.baseUrl].markdownDescription',
    'contributes.configuration[0].properties[genaiGateway.baseUrl].patternErrorMessage',
    'contributes.configuration[6].properties[genaiGateway.authorizationHeader].enumDescriptions[1]',
    'contributes.configuration[2].properties[genaiGateway.tools.userDefined].items.properties[name].description',
    'contributes.viewsContainers.activitybar[0].title',
    'contributes.views.genaiGateway[0].name',
    'contributes.views.genaiGateway[0].contextualTitle',
    'contributes.viewsWelcome[0].contents',
    'contributes.walkthroughs[0].title',
    'contributes.walkthroughs[0].steps[0].description',
    'contributes.submenus[0].label',
    'contributes.languageModelTools[0].displayName',
    'contributes.languageModelTools[0].userDescription',
    'contributes.languageModelChatProviders[0].displayName',
    'contributes.chatParticipants[0].fullName',
    'contributes.chatParticipants[0].commands[0].description',
  ])
    assert.ok(where.includes(expected), `${expected} is not scanned`);
  // What the model reads stays in package.json as it is.
  assert.ok(!where.some((w) => /modelDescription|inputSchema/.test(w)));
});

test('every text a user reads in package.json is a %key%, not a literal', () => {
  assert.deepEqual(
    texts.filter((text) => nlsKeyOf(text.value) === undefined).map((text) => `${text.where}: ${JSON.stringify(text.value)}`),
    [],
  );
});

test('package.nls.json and package.nls.de.json give every %key% of package.json, have the same keys, and none unused', () => {
  const used = new Set(referencedKeys(manifest));
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(english, key)),
    [],
    'keys missing in package.nls.json',
  );
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(german, key)),
    [],
    'keys missing in package.nls.de.json',
  );
  assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort(), 'the two files have different keys');
  assert.deepEqual(
    Object.keys(english).filter((key) => !used.has(key)),
    [],
    'keys package.json does not use',
  );
  const notText = Object.entries({ ...english, ...german }).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
  assert.deepEqual(notText, [], 'empty or non-string texts');
});

test('German keeps every placeholder, link target, backticked id and setting link of the English text', () => {
  const differing = Object.keys(english)
    .filter((key) => Object.hasOwn(german, key) && invariantsOf(english[key]!).join('\n') !== invariantsOf(german[key]!).join('\n'))
    .map((key) => `${key}: ${JSON.stringify(invariantsOf(english[key]!))} ≠ ${JSON.stringify(invariantsOf(german[key]!))}`);
  assert.deepEqual(differing, []);
});

test('the invariants a translation keeps are found', () => {
  assert.deepEqual(invariantsOf('Use `genaiGateway.proxy` ({0}), see #genaiGateway.headers# and [Set Key](command:genaiGateway.setApiKey) $(key)'), [
    '#genaiGateway.headers#',
    '$(key)',
    '](command:genaiGateway.setApiKey)',
    '`genaiGateway.proxy`',
    '{0}',
  ]);
});
