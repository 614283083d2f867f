import * as assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { installBundle, t } from '../../../src/l10n/localize';
import { readsAsProse } from './localisationScan';

afterEach(() => installBundle(undefined));

test('without a bundle the English message is the text, its placeholders filled in order or by name', () => {
  assert.equal(t('Saved {0} of {1} images', 2, 3), 'Saved 2 of 3 images');
  assert.equal(t('Hello {name}, {name}!', { name: 'Ada' }), 'Hello Ada, Ada!');
  assert.equal(t('Left {0} and {5}', 'a'), 'Left a and {5}');
});

test("a bundle's translation replaces its message; messages it lacks, and keys of Object's prototype, stay English", () => {
  installBundle({ 'Saved {0} of {1} images': '{1} Bilder, {0} gespeichert' });
  assert.equal(t('Saved {0} of {1} images', 2, 3), '3 Bilder, 2 gespeichert');
  assert.equal(t('Cancel'), 'Cancel');
  assert.equal(t('constructor'), 'constructor');
  assert.equal(t('{toString}', {}), '{toString}');
});

test('prose is two words in a row; identifiers, paths, class lists and MIME types are not', () => {
  for (const text of ['Retry the request', 'not attached: too large', 'Stop sequence {}']) assert.equal(readsAsProse(text), true, text);
  for (const text of ['genaiGateway.chat.open', 'text/plain; charset=utf-8', 'tool-card is-running', 'media/dist', 'a', ''])
    assert.equal(readsAsProse(text), false, text);
});
