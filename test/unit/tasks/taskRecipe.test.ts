import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isGatewayError } from '../../../src/gateway/errors';
import { validateTaskRequest } from '../../../src/gateway/validation';
import { TASK_TIER_LIMITS, type TaskMode } from '../../../src/gateway/validation/limits';
import { isCreateTaskArgs, recipeFromArgs } from '../../../src/tasks/createTaskArgs';
import type { TaskRecipe } from '../../../src/tasks/taskEntry';
import { buildTaskRequest, describeTaskRequest, imageCountOf, imageInputsFor } from '../../../src/tasks/taskRecipe';
import { taskSettingOptions } from '../../../src/tasks/taskSettingChoices';

const MODELS = {
  pro: 'seedance-1-0-pro-250528',
  'pro-fast': 'seedance-1-0-pro-fast-251015',
  'lite-i2v': 'seedance-1-0-lite-i2v-250428',
  'pro-1.5': 'seedance-1-5-pro-251215',
} as const;
const IMAGE = 'https://example.com/in.png';
const asUrl = async (input: { source: string }): Promise<string> => input.source;

function recipe(model: string, mode: TaskMode, extra: Partial<TaskRecipe> = {}): TaskRecipe {
  const count = imageCountOf(mode).min;
  return {
    model,
    prompt: mode === 'references' ? '[Image 1] walks' : 'a kite over the sea',
    images: imageInputsFor(
      mode,
      Array.from({ length: count }, () => IMAGE),
    ),
    settings: {},
    settingsAs: 'body',
    ...extra,
  };
}

async function refusal(r: TaskRecipe): Promise<string | undefined> {
  try {
    validateTaskRequest(await buildTaskRequest(r, asUrl));
    return undefined;
  } catch (error) {
    assert.ok(isGatewayError(error) && error.kind === 'validation', String(error));
    return error.message;
  }
}

test('body settings become body fields; flags are appended to the prompt in short form', async () => {
  const settings = { ratio: '9:16' as const, duration: 5, resolution: '720p' as const, camerafixed: true };
  const body = await buildTaskRequest({ ...recipe(MODELS.pro, 'text'), settings, returnLastFrame: true }, asUrl);
  assert.deepEqual(body, {
    model: MODELS.pro,
    content: [{ type: 'text', text: 'a kite over the sea' }],
    ratio: '9:16',
    duration: 5,
    resolution: '720p',
    camerafixed: true,
    return_last_frame: true,
  });
  const flags = await buildTaskRequest({ ...recipe(MODELS['pro-1.5'], 'text'), settings, settingsAs: 'flags', generateAudio: true }, asUrl);
  assert.deepEqual(flags, {
    model: MODELS['pro-1.5'],
    content: [{ type: 'text', text: 'a kite over the sea --rs 720p --rt 9:16 --dur 5 --cf true' }],
    generate_audio: true,
  });
});

test('a flag the user typed is replaced by the chosen setting, never doubled', async () => {
  const r = { ...recipe(MODELS.pro, 'text'), prompt: 'a kite --dur 3 --seed 7', settings: { duration: 6 }, settingsAs: 'flags' as const };
  const request = await buildTaskRequest(r, asUrl);
  assert.deepEqual(request.content, [{ type: 'text', text: 'a kite --seed 7 --dur 6' }]);
  assert.equal(await refusal(r), undefined);
});

test('the four input modes give the roles of the spec', async () => {
  assert.deepEqual(imageInputsFor('first-frame', ['a.png']), [{ source: 'a.png' }]);
  assert.deepEqual(imageInputsFor('first-last', ['a.png', 'b.png']), [
    { source: 'a.png', role: 'first_frame' },
    { source: 'b.png', role: 'last_frame' },
  ]);
  assert.deepEqual(
    imageInputsFor('references', ['a.png', 'b.png']).map((i) => i.role),
    ['reference_image', 'reference_image'],
  );
  assert.deepEqual(imageCountOf('references'), { min: 1, max: 4 });
  const request = await buildTaskRequest({ ...recipe(MODELS['lite-i2v'], 'first-last'), prompt: '' }, asUrl);
  assert.deepEqual(request.content, [
    { type: 'image_url', image_url: { url: IMAGE }, role: 'first_frame' },
    { type: 'image_url', image_url: { url: IMAGE }, role: 'last_frame' },
  ]);
});

test('every value offered for a model and mode passes validation, as body field and as inline flag', async () => {
  for (const [tier, model] of Object.entries(MODELS) as Array<[keyof typeof MODELS, string]>) {
    for (const mode of TASK_TIER_LIMITS[tier].modes) {
      const options = taskSettingOptions(model, mode);
      const cases = [
        ...options.ratios.map((ratio) => ({ ratio })),
        ...options.durations.map((duration) => ({ duration })),
        ...options.resolutions.map((resolution) => ({ resolution })),
        { camerafixed: true },
      ];
      for (const settings of cases) {
        for (const settingsAs of ['body', 'flags'] as const) {
          const problem = await refusal(recipe(model, mode, { settings, settingsAs, generateAudio: options.audio ? true : undefined }));
          assert.equal(problem, undefined, `${tier} ${mode} ${settingsAs} ${JSON.stringify(settings)}`);
        }
      }
    }
  }
});

test('what the table of gaps.md rules out is not offered, and refused when sent anyway', async () => {
  const offered = (model: string, mode: TaskMode) => taskSettingOptions(model, mode);
  assert.ok(!offered(MODELS['pro-1.5'], 'text').resolutions.includes('1080p'));
  assert.ok(!offered(MODELS.pro, 'text').ratios.includes('adaptive'));
  assert.ok(offered(MODELS.pro, 'first-frame').ratios.includes('adaptive'));
  assert.ok(offered(MODELS['pro-1.5'], 'text').ratios.includes('adaptive'));
  assert.ok(!offered(MODELS['lite-i2v'], 'references').resolutions.includes('1080p'));
  assert.deepEqual(offered(MODELS['pro-1.5'], 'text').durations, [-1, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(offered(MODELS.pro, 'text').durations, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.equal(offered(MODELS.pro, 'text').audio, false);

  assert.match((await refusal(recipe(MODELS['pro-1.5'], 'text', { settings: { resolution: '1080p' } }))) ?? '', /resolution/);
  assert.match((await refusal(recipe(MODELS.pro, 'text', { settings: { ratio: 'adaptive' }, settingsAs: 'flags' }))) ?? '', /--ratio/);
  assert.match((await refusal(recipe(MODELS.pro, 'text', { settings: { duration: -1 } }))) ?? '', /duration/);
  assert.match((await refusal(recipe(MODELS['lite-i2v'], 'references', { settings: { resolution: '1080p' } }))) ?? '', /reference/);
  assert.match((await refusal(recipe(MODELS.pro, 'text', { generateAudio: true }))) ?? '', /generate_audio/);
  assert.match((await refusal(recipe(MODELS['pro-fast'], 'first-last'))) ?? '', /input modes/);
  assert.match((await refusal(recipe(MODELS['lite-i2v'], 'text'))) ?? '', /input modes/);
});

test('Show Request shows a workspace image as its path, a URL as it is', async () => {
  const r: TaskRecipe = {
    ...recipe(MODELS['lite-i2v'], 'references'),
    images: [
      { source: 'images/cat.png', role: 'reference_image' },
      { source: IMAGE, role: 'reference_image' },
    ],
  };
  const shown = await describeTaskRequest(r);
  assert.deepEqual(shown.content.slice(1), [
    { type: 'image_url', image_url: { url: '<data URL of images/cat.png>' }, role: 'reference_image' },
    { type: 'image_url', image_url: { url: IMAGE }, role: 'reference_image' },
  ]);
});

test('command arguments: recognised only as a plain object with a prompt or images; defaults filled in', () => {
  assert.equal(isCreateTaskArgs(undefined), false);
  assert.equal(isCreateTaskArgs({ scheme: 'file', path: '/x' }), false, 'what the editor menu passes');
  assert.equal(isCreateTaskArgs({ prompt: 'x', mode: 'sideways' }), false);
  assert.equal(isCreateTaskArgs({ images: ['a.png', 3] }), false);
  assert.equal(isCreateTaskArgs({ prompt: 'a kite' }), true);
  assert.deepEqual(recipeFromArgs({ prompt: 'a kite', duration: 4 }, MODELS.pro), {
    model: MODELS.pro,
    prompt: 'a kite',
    images: [],
    settings: { duration: 4 },
    settingsAs: 'body',
  });
  assert.deepEqual(
    recipeFromArgs({ images: ['a.png', 'b.png'] }, MODELS.pro).images.map((i) => i.role),
    ['reference_image', 'reference_image'],
  );
  assert.deepEqual(recipeFromArgs({ images: ['a.png', 'b.png'], mode: 'first-last', model: MODELS['pro-1.5'], generateAudio: false }, MODELS.pro), {
    model: MODELS['pro-1.5'],
    prompt: '',
    images: [
      { source: 'a.png', role: 'first_frame' },
      { source: 'b.png', role: 'last_frame' },
    ],
    settings: {},
    settingsAs: 'body',
    generateAudio: false,
  });
});
