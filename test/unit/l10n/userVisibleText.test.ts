// Every text a user reads goes through `t`, and German (the second language shipped) translates every one:
// a prose literal outside `t`, a message that is no literal, a German text missing or with other
// placeholders, or a German text nobody asks for fails here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { messagesIn, placeholdersOf, proseLiteralsIn, sourceFiles, NOT_FOR_THE_USER_MARKS } from './localisationScan';

const PROJECT = path.resolve(__dirname, '../../../..');
const SRC = path.join(PROJECT, 'src');
const GERMAN = path.join(PROJECT, 'l10n', 'bundle.l10n.de.json');

/** Top-level folders of src/ whose texts are not localised yet: each is taken off when it is. */
const NOT_YET_LOCALISED = new Set<string>();

const files = sourceFiles(SRC).filter((file) => !file.startsWith('l10n/'));
const localised = files.filter((file) => !NOT_YET_LOCALISED.has(file.split('/')[0]!));
const read = (file: string): string => fs.readFileSync(path.join(SRC, file), 'utf8');
const german = JSON.parse(fs.readFileSync(GERMAN, 'utf8')) as Record<string, string>;

test(`no text a user reads is left out of t() (texts not for the user are marked ${NOT_FOR_THE_USER_MARKS.map((m) => `/* ${m} */`).join(' or ')})`, () => {
  const left = localised.flatMap((file) => proseLiteralsIn(file, read(file))).map((p) => `src/${p.file}:${p.line}: ${JSON.stringify(p.text)}`);
  assert.deepEqual(left, []);
});

test("every message given to t() is a string literal, so it can be a bundle's key", () => {
  const computed = files.flatMap((file) => messagesIn(file, read(file))).filter((m) => m.text === undefined);
  assert.deepEqual(
    computed.map((m) => `src/${m.file}:${m.line}`),
    [],
  );
});

test('German translates every message, with the same placeholders, and nothing else', () => {
  const messages = new Set(localised.flatMap((file) => messagesIn(file, read(file))).flatMap((m) => (m.text === undefined ? [] : [m.text])));
  const all = new Set(files.flatMap((file) => messagesIn(file, read(file))).flatMap((m) => (m.text === undefined ? [] : [m.text])));
  assert.deepEqual(
    [...messages].filter((m) => !Object.hasOwn(german, m)),
    [],
    'messages without a German text',
  );
  assert.deepEqual(
    [...messages].filter((m) => Object.hasOwn(german, m) && placeholdersOf(m).join() !== placeholdersOf(german[m]!).join()),
    [],
    'German texts whose placeholders differ',
  );
  assert.deepEqual(
    Object.keys(german).filter((key) => !all.has(key)),
    [],
    'German texts no source asks for',
  );
});
