import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandArgs } from '../../../src/mediaGeneration/generation/commandArgs';
import { assertRefused } from '../validation/refusal';

const toPath = (item: unknown): string | undefined => (typeof item === 'string' ? `/ws/${item}` : undefined);

test('command arguments: defaults, fields as given, input paths resolved', () => {
  assert.deepEqual(parseCommandArgs({}, toPath), {
    prompt: undefined,
    model: undefined,
    fields: {},
    inputs: {},
    interactive: false,
    openResults: true,
    cancellation: undefined,
  });
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
  assert.equal(parseCommandArgs({ cancellation: token }, toPath).cancellation, token);
  assert.deepEqual(
    parseCommandArgs(
      {
        prompt: 'a cat',
        model: 'veo-2',
        fields: { n: 2 },
        inputs: { image: ['a.png'], reference_images: ['b.png', 'c.png'] },
        interactive: true,
        openResults: false,
      },
      toPath,
    ),
    {
      prompt: 'a cat',
      model: 'veo-2',
      fields: { n: 2 },
      inputs: { image: ['/ws/a.png'], reference_images: ['/ws/b.png', '/ws/c.png'] },
      interactive: true,
      openResults: false,
      cancellation: undefined,
    },
  );
  assert.deepEqual(parseCommandArgs({ inputs: { video: 'clip.mp4' } }, toPath).inputs, { video: ['/ws/clip.mp4'] }, 'a single path needs no list');
});

test('command arguments: each wrong argument refused by name', () => {
  assertRefused(() => parseCommandArgs({ promt: 'typo' }, toPath), { param: 'promt', allowed: 'only the arguments' });
  assertRefused(() => parseCommandArgs({ prompt: 3 }, toPath), { param: 'prompt', value: 3, allowed: 'a text' });
  assertRefused(() => parseCommandArgs({ fields: [1] }, toPath), { param: 'fields', allowed: 'an object' });
  assertRefused(() => parseCommandArgs({ openResults: 'yes' }, toPath), { param: 'openResults', value: 'yes' });
  assertRefused(() => parseCommandArgs({ inputs: { image: [42] } }, toPath), { param: 'inputs.image[0]', value: 42, allowed: 'a file path or file URI' });
  assertRefused(() => parseCommandArgs({ cancellation: { cancelled: true } }, toPath), { param: 'cancellation', allowed: 'a CancellationToken' });
});
