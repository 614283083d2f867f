import { test } from 'node:test';
import { validateTaskId } from '../../../src/gateway/validation';
import { assertRefused } from './refusal';

const ACCEPTED = ['cgt-20250101120000-abcde', 'a', '0b6f1c9e-2d4a-4f4e-9a57-6c1e2f3d4b5a', 'task_1.v2', 'x~y', '.hidden', 'a..b', 'x'.repeat(256)];

for (const id of ACCEPTED) {
  test(`task id ${JSON.stringify(id.length > 40 ? `${id.slice(0, 10)}… (${id.length})` : id)} is accepted`, () => validateTaskId('task_id', id));
}

const REFUSED: Array<[string, unknown]> = [
  ['empty', ''],
  ['"."', '.'],
  ['".."', '..'],
  ['only dots', '...'],
  ['a slash', 'a/b'],
  ['a leading slash', '/cgt-1'],
  ['"../" (up into the collection)', '../tasks'],
  ['a backslash', 'a\\b'],
  ['"?" (a query)', 'cgt-1?x=1'],
  ['"#" (a fragment)', 'cgt-1#x'],
  ['%2e%2e (encoded dots)', '%2e%2e'],
  ['%2E (encoded dot, upper case)', '%2E'],
  ['%2f (an encoded slash)', 'a%2fb'],
  ['%5c (an encoded backslash)', 'a%5Cb'],
  ['a space', 'cgt 1'],
  ['a tab', 'cgt\t1'],
  ['a newline', 'cgt-1\n'],
  ['a NUL', 'cgt\u00001'],
  ['DEL', 'cgt\u007f'],
  ['a non-breaking space', 'cgt\u00a01'],
  ['a fullwidth full stop (a look-alike of ".")', '\uff0e\uff0e'],
  ['257 characters', 'x'.repeat(257)],
  ['not a text', 42],
  ['nothing', undefined],
];

for (const [what, id] of REFUSED) {
  test(`task id with ${what} is refused, naming the field and the allowed shape`, () => {
    assertRefused(() => validateTaskId('task_id', id), { param: 'task_id', value: id, allowed: 'a task id of 1 to 256 letters, digits' });
  });
}
