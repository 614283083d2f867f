import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appendTaskFlags, parseTaskFlags, type TaskFlags } from '../../../src/gateway/taskFlags';

test('parses long flag names', () => {
  const parsed = parseTaskFlags(
    'A cat on a roof --resolution 1080p --ratio 16:9 --duration 5 --framespersecond 24 --watermark false --seed 42 --camerafixed true --frames 121',
  );
  assert.deepEqual(parsed, {
    prompt: 'A cat on a roof',
    flags: {
      resolution: '1080p',
      ratio: '16:9',
      duration: 5,
      framespersecond: 24,
      watermark: false,
      seed: 42,
      camerafixed: true,
      frames: 121,
    },
    unknown: [],
  });
});

test('parses short flag names', () => {
  const parsed = parseTaskFlags('A cat --rs 720p --rt adaptive --dur 10 --fps 24 --wm true --cf false');
  assert.deepEqual(parsed.flags, {
    resolution: '720p',
    ratio: 'adaptive',
    duration: 10,
    framespersecond: 24,
    watermark: true,
    camerafixed: false,
  });
  assert.equal(parsed.prompt, 'A cat');
});

test('reads flag names and booleans in any case, and negative integers', () => {
  const parsed = parseTaskFlags('x --DUR -1 --Wm TRUE --seed -1');
  assert.deepEqual(parsed.flags, { duration: -1, watermark: true, seed: -1 });
});

test('takes flags anywhere in the text and keeps the rest of the prompt', () => {
  const parsed = parseTaskFlags('--rs 480p A dog\nruns --dur 4 in the park');
  assert.equal(parsed.prompt, 'A dog\nruns in the park');
  assert.deepEqual(parsed.flags, { resolution: '480p', duration: 4 });
});

test('a text without flags is all prompt', () => {
  assert.deepEqual(parseTaskFlags('  Waves -- at dusk, 10-20 birds  '), {
    prompt: 'Waves -- at dusk, 10-20 birds',
    flags: {},
    unknown: [],
  });
});

test('a flag name with no value stays in the prompt', () => {
  const parsed = parseTaskFlags('A cat --camerafixed --dur 5');
  assert.equal(parsed.prompt, 'A cat --camerafixed');
  assert.deepEqual(parsed.flags, { duration: 5 });
});

test('reports unknown flags, unreadable values and repeated flags as written', () => {
  const parsed = parseTaskFlags('A cat --speed 2 --dur five --wm maybe --rs 720p --resolution 1080p --seed 1.5');
  assert.deepEqual(parsed.unknown, ['--speed 2', '--dur five', '--wm maybe', '--resolution 1080p', '--seed 1.5']);
  assert.deepEqual(parsed.flags, { resolution: '720p' });
  assert.equal(parsed.prompt, 'A cat');
});

test('appends short flags by default, in a fixed order', () => {
  assert.equal(appendTaskFlags('A cat', { duration: 5, resolution: '720p' }), 'A cat --rs 720p --dur 5');
});

test('appends long flags on request', () => {
  const flags: TaskFlags = { camerafixed: false, ratio: '9:16', seed: 7, watermark: true, frames: 57, framespersecond: 24 };
  assert.equal(appendTaskFlags('A cat', flags, 'long'), 'A cat --ratio 9:16 --framespersecond 24 --watermark true --seed 7 --camerafixed false --frames 57');
});

test('appending to an empty text gives only the flags', () => {
  assert.equal(appendTaskFlags('', { duration: 5 }), '--dur 5');
  assert.equal(appendTaskFlags('  A cat  ', {}), 'A cat');
});

test('appending replaces a flag the text already has, under either name, and keeps the others', () => {
  assert.equal(appendTaskFlags('A cat --duration 10 --wm false --rs 480p', { duration: 5, resolution: '720p' }), 'A cat --wm false --rs 720p --dur 5');
});

test('round trip of a fixed example, both styles', () => {
  const flags: TaskFlags = { resolution: '1080p', ratio: '21:9', duration: 12, watermark: false, seed: -1, camerafixed: true };
  for (const style of ['long', 'short'] as const) {
    assert.deepEqual(parseTaskFlags(appendTaskFlags('A lighthouse in a storm', flags, style)), {
      prompt: 'A lighthouse in a storm',
      flags,
      unknown: [],
    });
  }
});

const word = fc.stringMatching(/^[A-Za-z,.]{1,8}$/);
const token = fc.stringMatching(/^[a-z0-9:]{1,6}$/);
const flagsArbitrary: fc.Arbitrary<TaskFlags> = fc.record(
  {
    resolution: token,
    ratio: token,
    duration: fc.integer({ min: -1, max: 100 }),
    framespersecond: fc.integer({ min: 1, max: 120 }),
    watermark: fc.boolean(),
    seed: fc.integer({ min: -1, max: 4294967295 }),
    camerafixed: fc.boolean(),
    frames: fc.integer({ min: 1, max: 400 }),
  },
  { requiredKeys: [] },
);

test('round trip: parse(append(prompt, flags)) gives the prompt and the flags back', () => {
  fc.assert(
    fc.property(fc.array(word, { maxLength: 8 }), flagsArbitrary, fc.constantFrom('long', 'short'), (words, flags, style) => {
      const prompt = words.join(' ');
      assert.deepEqual(parseTaskFlags(appendTaskFlags(prompt, flags, style as 'long' | 'short')), {
        prompt,
        flags: { ...flags },
        unknown: [],
      });
    }),
  );
});

test('appending twice keeps one value per flag: the later one', () => {
  fc.assert(
    fc.property(flagsArbitrary, flagsArbitrary, (first, second) => {
      const parsed = parseTaskFlags(appendTaskFlags(appendTaskFlags('A cat', first), second, 'long'));
      assert.deepEqual(parsed.flags, { ...first, ...second });
      assert.deepEqual(parsed.unknown, []);
    }),
  );
});
