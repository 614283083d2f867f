import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arrayOf,
  booleanValue,
  describeChoices,
  exactlyOneOf,
  integerInRange,
  numberInRange,
  objectValue,
  oneOf,
  onlyKnownFields,
  requiredArray,
  text,
  unsupported,
} from '../../../src/gateway/validation/rules';
import { assertRefused } from './refusal';

test('describeChoices reads as a list', () => {
  assert.equal(describeChoices(['a']), '"a"');
  assert.equal(describeChoices(['a', 'b']), '"a" or "b"');
  assert.equal(describeChoices([4, 6, 8]), '4, 6 or 8');
});

test('text: absent passes unless required; blank refused when required; max length', () => {
  text('f', undefined);
  text('f', '');
  text('f', 'abc', { required: true, max: 3 });
  assertRefused(() => text('f', undefined, { required: true }), { param: 'f', value: undefined, allowed: 'a non-empty text' });
  assertRefused(() => text('f', '  ', { required: true }), { param: 'f', value: '  ' });
  assertRefused(() => text('f', 5), { param: 'f', value: 5, allowed: 'a text' });
  const error = assertRefused(() => text('f', 'abcd', { max: 3 }), { param: 'f', value: 'abcd', allowed: 'at most 3 characters' });
  assert.match(error.message, /4 characters/);
});

test('integerInRange: bounds are inclusive, fractions and non-numbers refused', () => {
  integerInRange('n', undefined, 1, 4);
  integerInRange('n', 1, 1, 4);
  integerInRange('n', 4, 1, 4);
  for (const bad of [0, 5, 1.5, '2', NaN]) assertRefused(() => integerInRange('n', bad, 1, 4), { param: 'n', value: bad, allowed: 'an integer from 1 to 4' });
  assertRefused(() => integerInRange('n', 0, 1, Infinity), { param: 'n', value: 0, allowed: 'an integer of at least 1' });
});

test('numberInRange: bounds are inclusive, infinities refused', () => {
  numberInRange('x', 0.25, 0.25, 4);
  numberInRange('x', 4, 0.25, 4);
  for (const bad of [0.24, 4.01, Infinity, '1'])
    assertRefused(() => numberInRange('x', bad, 0.25, 4), { param: 'x', value: bad, allowed: 'a number from 0.25 to 4' });
});

test('oneOf: optional unless required; lists the allowed values', () => {
  oneOf('e', undefined, ['a']);
  oneOf('e', 'a', ['a', 'b']);
  assertRefused(() => oneOf('e', 'c', ['a', 'b']), { param: 'e', value: 'c', allowed: '"a" or "b"' });
  assertRefused(() => oneOf('e', undefined, ['a'], { required: true }), { param: 'e', value: undefined, allowed: '"a"' });
  const error = assertRefused(() => oneOf('e', 'c', ['a'], { detail: 'why' }), { param: 'e', value: 'c' });
  assert.match(error.message, /\(why\)/);
});

test('booleanValue refuses anything but true or false', () => {
  booleanValue('b', true);
  booleanValue('b', undefined);
  assertRefused(() => booleanValue('b', 'true'), { param: 'b', value: 'true', allowed: 'true or false' });
});

test('requiredArray and arrayOf: item counts', () => {
  assert.deepEqual(requiredArray('l', [1], 1, 2), [1]);
  assert.equal(arrayOf('l', undefined, 1, 2), undefined);
  assertRefused(() => requiredArray('l', undefined, 1, 2), { param: 'l', value: undefined, allowed: 'a list of 1 to 2 items' });
  assertRefused(() => arrayOf('l', [], 1, 2), { param: 'l', value: [], allowed: 'a list of 1 to 2 items' });
  assertRefused(() => arrayOf('l', [1, 2, 3], 1, 2), { param: 'l', value: [1, 2, 3] });
  assertRefused(() => arrayOf('l', 'x', 1, Infinity), { param: 'l', value: 'x', allowed: 'a list of at least 1 items' });
});

test('objectValue refuses arrays and null', () => {
  assert.equal(objectValue('o', undefined, 'an object'), undefined);
  assertRefused(() => objectValue('o', [], 'an object'), { param: 'o', value: [], allowed: 'an object' });
  assertRefused(() => objectValue('o', null, 'an object'), { param: 'o', value: null });
});

test('exactlyOneOf refuses none and both', () => {
  exactlyOneOf('m', { url: 'u' }, ['url', 'data']);
  assertRefused(() => exactlyOneOf('m', {}, ['url', 'data']), { param: 'm', value: {}, allowed: 'exactly one of url / data' });
  assertRefused(() => exactlyOneOf('m', { url: 'u', data: 'd' }, ['url', 'data']), { param: 'm', value: { url: 'u', data: 'd' } });
});

test('unsupported refuses only a given value', () => {
  unsupported('seed', undefined, 'no seed');
  assertRefused(() => unsupported('seed', 1, 'no seed'), { param: 'seed', value: 1, allowed: 'no seed' });
});

test('onlyKnownFields names the unknown field and ignores undefined ones', () => {
  onlyKnownFields({ a: 1, b: undefined }, ['a'], 'thing');
  assertRefused(() => onlyKnownFields({ a: 1, c: 2 }, ['a'], 'thing'), { param: 'c', value: 2, allowed: 'only the fields of thing: a' });
});
