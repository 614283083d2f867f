// The gateway client and the pure layers read the installed bundle when a text is made, not when their module loads:
// with German installed after loading, errors, labels and tables read in German and still name fields and values.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { reasoningLabel } from '../../../src/chat/conversation';
import { CAPABILITY_LABELS } from '../../../src/gateway/catalog';
import { GatewayError } from '../../../src/gateway/errors';
import { headerNameProblem } from '../../../src/gateway/headers';
import { mediaTimeoutError } from '../../../src/gateway/mediaWait';
import { validateChatRequest, validateTaskRequest } from '../../../src/gateway/validation';
import { installBundle } from '../../../src/l10n/localize';
import { APPROVAL_LABELS } from '../../../src/protocol/chatProtocol';
import { STATUS_LABELS, SHOWN_STATUS_LABELS } from '../../../src/tasks/taskText';

const GERMAN = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../l10n/bundle.l10n.de.json'), 'utf8')) as Record<string, string>;

beforeEach(() => installBundle(GERMAN));
afterEach(() => installBundle(undefined));

function messageOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected a validation error');
}

test('a validation error reads in German and still names the field, the value and the allowed values', () => {
  const message = messageOf(() => validateChatRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 3 }));
  assert.equal(message, 'Ungültiger Wert für "temperature": 3; erlaubt: eine Zahl von 0 bis 2.');
  const choice = messageOf(() => validateChatRequest({ model: 'm', messages: [{ role: 'wizard', content: 'hi' }] } as never));
  assert.equal(choice, 'Ungültiger Wert für "messages[0].role": "wizard"; erlaubt: "system", "user", "assistant" oder "tool".');
});

test('composed validation phrases (mode labels, tier labels) are German too', () => {
  const message = messageOf(() => validateTaskRequest({ model: 'doubao-seedance-1-0-lite-i2v-250428', content: [{ type: 'text', text: 'a cat' }] }));
  assert.match(message, /^Ungültiger Wert für "content": "nur Text" \(Modus nur Text\); erlaubt: die Eingabemodi von 1\.0 lite i2v: erstes Bild, /);
});

test('advice and request id follow the message in German; a video timeout is told from an image one without reading the message', () => {
  const cause = new GatewayError({ kind: 'timeout', message: 'x', requestId: 'req-1' });
  const video = mediaTimeoutError('video', 900_000, cause);
  assert.match(video.userMessage, /^Das Gateway hatte nach 15 Minuten nicht geantwortet, .* das Video .* Videoaufgabe .* \(Anfrage-ID req-1\)$/);
  assert.match(mediaTimeoutError('image', 90_000, cause).userMessage, /nach 90 Sekunden .* Fordern Sie weniger Bilder/);
});

test('header problems start with a capital in German as in English', () => {
  assert.equal(headerNameProblem('Host', 'bearer'), '"Host" kann nicht gesetzt werden: der Transport setzt ihn aus der Gateway-Adresse.');
});

test('label tables are read when shown', () => {
  assert.equal(CAPABILITY_LABELS['task-gen1'], 'Videoaufgabe (Seedance 1.0)');
  assert.deepEqual(Object.values(APPROVAL_LABELS), ['Einmal zulassen', 'Immer in diesem Arbeitsbereich', 'Ablehnen']);
  assert.equal(STATUS_LABELS.failed, 'Fehlgeschlagen');
  assert.equal(SHOWN_STATUS_LABELS.unrecognised, 'Unbekannter Status');
  assert.equal(SHOWN_STATUS_LABELS.queued, 'In Warteschlange');
  assert.equal(reasoningLabel({ text: '', durationMs: 125_000 }), '2 min 5 s nachgedacht');
  installBundle(undefined);
  assert.equal(STATUS_LABELS.failed, 'Failed');
});
