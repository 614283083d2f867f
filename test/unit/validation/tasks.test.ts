import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskCreateRequest } from '../../../src/gateway/types/tasks';
import { validateTaskRequest } from '../../../src/gateway/validation';
import { assertRefused, dataUrl, loose } from './refusal';

const PRO = 'seedance-1-0-pro-250528';
const FAST = 'seedance-1-0-pro-fast-251015';
const LITE = 'seedance-1-0-lite-i2v-250428';
const PRO15 = 'seedance-1-5-pro-251215';

const say = (text: string): object => ({ type: 'text', text });
const picture = (role?: string, url = 'https://example.com/a.png'): object => ({ type: 'image_url', image_url: { url }, ...(role ? { role } : {}) });

const TEXT = [say('A cat surfing')];
const FIRST = [say('The cat jumps'), picture()];
const FIRST_BY_ROLE = [say('The cat jumps'), picture('first_frame')];
const FIRST_LAST = [say('The cat jumps'), picture('first_frame'), picture('last_frame')];
const REFERENCES = (n: number): object[] => [say('[Image 1] meets [Image 2]'), ...Array.from({ length: n }, () => picture('reference_image'))];

function task(model: string, content: unknown[], fields: object = {}): void {
  validateTaskRequest(loose<TaskCreateRequest>({ model, content, ...fields }));
}

const ACCEPTED_MODES: Array<[string, string, object[]]> = [
  [PRO, 'text', TEXT],
  [PRO, 'first frame', FIRST],
  [PRO, 'first frame by role', FIRST_BY_ROLE],
  [PRO, 'first and last frames', FIRST_LAST],
  [FAST, 'text', TEXT],
  [FAST, 'first frame', FIRST],
  [LITE, 'first frame', FIRST],
  [LITE, 'first and last frames', FIRST_LAST],
  [LITE, '1 reference image', REFERENCES(1)],
  [LITE, '4 reference images', REFERENCES(4)],
  [PRO15, 'text', TEXT],
  [PRO15, 'first frame', FIRST],
  [PRO15, 'first and last frames', FIRST_LAST],
];

for (const [model, mode, content] of ACCEPTED_MODES) {
  test(`${model} accepts ${mode}`, () => task(model, content));
}

const REFUSED_MODES: Array<[string, string, object[], string, unknown]> = [
  [LITE, 'text only', TEXT, 'content', 'text only'],
  [FAST, 'first and last frames', FIRST_LAST, 'content[2].role', 'last_frame'],
  [PRO, 'reference images', REFERENCES(2), 'content[1].role', 'reference_image'],
  [FAST, 'reference images', REFERENCES(1), 'content[1].role', 'reference_image'],
  [PRO15, 'reference images', REFERENCES(3), 'content[1].role', 'reference_image'],
];

for (const [model, mode, content, param, value] of REFUSED_MODES) {
  test(`${model} refuses ${mode}, listing its modes`, () => {
    assertRefused(() => task(model, content), { param, value, allowed: 'the input modes of' });
  });
}

test('lite i2v names its modes when refusing text only', () => {
  assertRefused(() => task(LITE, TEXT), { param: 'content', allowed: 'first frame, first and last frames, 1 to 4 reference images' });
});

test('content is a non-empty list of text / image_url items', () => {
  assertRefused(() => task(PRO, []), { param: 'content', value: [], allowed: 'a list of at least 1 items' });
  assertRefused(() => validateTaskRequest(loose<TaskCreateRequest>({ model: PRO })), { param: 'content', value: undefined });
  assertRefused(() => task(PRO, ['A cat']), { param: 'content[0]', value: 'A cat' });
  assertRefused(() => task(PRO, [{ type: 'video_url' }]), { param: 'content[0].type', value: 'video_url', allowed: '"text" or "image_url"' });
});

test('one text item at most, holding a text and no role', () => {
  assertRefused(() => task(PRO, [say('a'), say('b')]), { param: 'content[1].type', value: 'text', allowed: 'one text item at most' });
  assertRefused(() => task(PRO, [{ type: 'text', text: 5 }]), { param: 'content[0].text', value: 5, allowed: 'a text' });
  assertRefused(() => task(PRO, [{ ...say('a'), role: 'first_frame' }]), { param: 'content[0].role', value: 'first_frame' });
});

test('an image is an http(s) URL or a data URL under image_url.url', () => {
  task(PRO, [say('a'), picture(undefined, dataUrl('png', 30))]);
  assertRefused(() => task(PRO, [say('a'), picture(undefined, 'ftp://x/a.png')]), {
    param: 'content[1].image_url.url',
    value: 'ftp://x/a.png',
    allowed: 'an http(s) URL or a data:image/...;base64 URL',
  });
  assertRefused(() => task(PRO, [say('a'), { type: 'image_url', image_url: 'https://x/a.png' }]), {
    param: 'content[1].image_url',
    value: 'https://x/a.png',
  });
});

test('an image role is first_frame, last_frame or reference_image', () => {
  assertRefused(() => task(PRO, [say('a'), picture('middle_frame')]), {
    param: 'content[1].role',
    value: 'middle_frame',
    allowed: '"first_frame", "last_frame" or "reference_image"',
  });
});

test('the image modes cannot be mixed', () => {
  const mixes: Array<[object[], unknown]> = [
    [[say('a'), picture(), picture('reference_image')], 'reference_image'],
    [[say('a'), picture('reference_image'), picture('first_frame')], 'first_frame'],
    [[say('a'), picture('first_frame'), picture()], undefined],
    [[say('a'), picture(), picture('last_frame')], 'last_frame'],
  ];
  for (const [content, value] of mixes) {
    assertRefused(() => task(LITE, content), { param: 'content[2].role', value, allowed: 'images of one mode only, like content[1]' });
  }
});

test('one image without a role at most; one first_frame and one last_frame at most', () => {
  assertRefused(() => task(PRO, [say('a'), picture(), picture()]), {
    param: 'content[2].role',
    value: undefined,
    allowed: 'one image without a role',
  });
  assertRefused(() => task(PRO, [say('a'), picture('first_frame'), picture('first_frame')]), {
    param: 'content[2].role',
    value: 'first_frame',
    allowed: 'one "first_frame" image',
  });
  assertRefused(() => task(PRO, [say('a'), picture('first_frame'), picture('last_frame'), picture('last_frame')]), {
    param: 'content[3].role',
    value: 'last_frame',
  });
});

test('last_frame needs first_frame', () => {
  assertRefused(() => task(PRO, [say('a'), picture('last_frame')]), {
    param: 'content[1].role',
    value: 'last_frame',
    allowed: 'together with a "first_frame" image',
  });
});

test('1 to 4 reference images', () => {
  assertRefused(() => task(LITE, REFERENCES(5)), { param: 'content[5].role', value: 'reference_image', allowed: 'at most 4' });
});

test('text only needs a prompt besides the flags; image modes do not', () => {
  task(PRO, [picture()]);
  task(PRO, [say('--rs 720p'), picture()]);
  assertRefused(() => task(PRO, [say('--rs 720p --dur 5')]), {
    param: 'content[0].text',
    value: '--rs 720p --dur 5',
    allowed: 'a prompt of 1 to 4000 characters besides the flags',
  });
  assertRefused(() => task(PRO, [say('   ')]), { param: 'content[0].text', value: '   ' });
});

test('the prompt is at most 4000 characters, flags not counted', () => {
  task(PRO, [say(`${'x'.repeat(4000)} --dur 5`)]);
  const error = assertRefused(() => task(PRO, [say('x'.repeat(4001))]), { param: 'content[0].text', allowed: '1 to 4000 characters' });
  assert.match(error.message, /4001 characters/);
});

test('ratio: the six ratios, and adaptive with an image input', () => {
  for (const ratio of ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9']) task(PRO, TEXT, { ratio });
  for (const model of [PRO, FAST, LITE, PRO15]) task(model, FIRST, { ratio: 'adaptive' });
  assertRefused(() => task(PRO, TEXT, { ratio: '2:1' }), {
    param: 'ratio',
    value: '2:1',
    allowed: '"16:9", "4:3", "1:1", "3:4", "9:16", "21:9" or "adaptive"',
  });
});

test('ratio adaptive for text only on the 1.5 pro', () => {
  task(PRO15, TEXT, { ratio: 'adaptive' });
  for (const model of [PRO, FAST]) {
    const error = assertRefused(() => task(model, TEXT, { ratio: 'adaptive' }), { param: 'ratio', value: 'adaptive', allowed: '"21:9"' });
    assert.match(error.message, /needs an image input/);
  }
});

test('duration: 2 to 12 on 1.0 models', () => {
  for (const model of [PRO, FAST]) {
    task(model, TEXT, { duration: 2 });
    task(model, TEXT, { duration: 12 });
    for (const duration of [1, 13, -1, 5.5, '5']) {
      assertRefused(() => task(model, TEXT, { duration }), { param: 'duration', value: duration, allowed: 'an integer from 2 to 12 seconds' });
    }
  }
});

test('duration: 4 to 12 or -1 on the 1.5 pro', () => {
  for (const duration of [4, 12, -1]) task(PRO15, TEXT, { duration });
  for (const duration of [3, 13, -2]) {
    assertRefused(() => task(PRO15, TEXT, { duration }), {
      param: 'duration',
      value: duration,
      allowed: 'an integer from 4 to 12 seconds, or -1 (the model picks)',
    });
  }
});

test('resolution: 480p, 720p, 1080p on 1.0; 480p, 720p on 1.5', () => {
  for (const resolution of ['480p', '720p', '1080p']) task(PRO, TEXT, { resolution });
  task(PRO15, TEXT, { resolution: '720p' });
  assertRefused(() => task(PRO15, TEXT, { resolution: '1080p' }), { param: 'resolution', value: '1080p', allowed: '"480p" or "720p"' });
  assertRefused(() => task(PRO, TEXT, { resolution: '4k' }), { param: 'resolution', value: '4k', allowed: '"480p", "720p" or "1080p"' });
});

test('lite i2v: not 1080p with reference images', () => {
  task(LITE, FIRST, { resolution: '1080p' });
  task(LITE, REFERENCES(2), { resolution: '720p' });
  const error = assertRefused(() => task(LITE, REFERENCES(2), { resolution: '1080p' }), {
    param: 'resolution',
    value: '1080p',
    allowed: '"480p" or "720p"',
  });
  assert.match(error.message, /not 1080p with reference images/);
});

test('camerafixed, watermark and return_last_frame are booleans', () => {
  task(PRO, TEXT, { camerafixed: true, watermark: false, return_last_frame: true });
  for (const field of ['camerafixed', 'watermark', 'return_last_frame']) {
    assertRefused(() => task(PRO, TEXT, { [field]: 'true' }), { param: field, value: 'true', allowed: 'true or false' });
  }
});

test('seed: an integer from -1 to 4294967295', () => {
  for (const seed of [-1, 0, 4294967295]) task(PRO, TEXT, { seed });
  for (const seed of [-2, 4294967296, 1.5]) {
    assertRefused(() => task(PRO, TEXT, { seed }), { param: 'seed', value: seed, allowed: 'an integer from -1 to 4294967295' });
  }
});

test('generate_audio only on the 1.5 pro, as a boolean', () => {
  task(PRO15, TEXT, { generate_audio: true });
  for (const model of [PRO, FAST, LITE]) {
    const content = model === LITE ? FIRST : TEXT;
    const error = assertRefused(() => task(model, content, { generate_audio: true }), { param: 'generate_audio', value: true });
    assert.match(error.message, /1\.5 pro/);
  }
  assertRefused(() => task(PRO15, TEXT, { generate_audio: 'yes' }), { param: 'generate_audio', value: 'yes', allowed: 'true or false' });
});

test('callback_url is an http(s) URL', () => {
  task(PRO, TEXT, { callback_url: 'https://example.com/hook' });
  assertRefused(() => task(PRO, TEXT, { callback_url: 'mailto:a@b.c' }), { param: 'callback_url', value: 'mailto:a@b.c', allowed: 'an http(s) URL' });
});

test('model required; an unknown field is refused by name', () => {
  assertRefused(() => task('', TEXT), { param: 'model', value: '' });
  assertRefused(() => task(PRO, TEXT, { fps: 24 }), { param: 'fps', value: 24, allowed: 'only the fields of a video task' });
});

test('inline flags are accepted when valid for the tier', () => {
  task(PRO, [say('A cat --rs 1080p --rt 21:9 --dur 12 --fps 24 --wm false --seed 7 --cf true --frames 121')]);
  task(PRO15, [say('A cat --resolution 480p --ratio adaptive --duration -1')]);
});

test('inline flags are checked by the same rules as body fields, naming the flag', () => {
  const cases: Array<[string, object[], string, unknown, string]> = [
    [PRO, [say('A cat --dur 20')], 'content[0].text --duration', 20, 'an integer from 2 to 12 seconds'],
    [PRO15, [say('A cat --rs 1080p')], 'content[0].text --resolution', '1080p', '"480p" or "720p"'],
    [PRO, [say('A cat --rt adaptive')], 'content[0].text --ratio', 'adaptive', '"21:9"'],
    [PRO, [say('A cat --seed 4294967296')], 'content[0].text --seed', 4294967296, 'an integer from -1 to 4294967295'],
    [LITE, [say('[Image 1] --rs 1080p'), picture('reference_image')], 'content[0].text --resolution', '1080p', '"480p" or "720p"'],
    [PRO, [say('A cat --fps 0')], 'content[0].text --framespersecond', 0, 'an integer of at least 1'],
    [PRO, [picture(), say('A cat --frames 0')], 'content[1].text --frames', 0, 'an integer of at least 1'],
  ];
  for (const [model, content, param, value, allowed] of cases) assertRefused(() => task(model, content), { param, value, allowed });
});

test('an unknown flag, an unreadable value or a repeated flag is refused', () => {
  for (const [text, value] of [
    ['A cat --speed 2', '--speed 2'],
    ['A cat --dur five', '--dur five'],
    ['A cat --wm yes', '--wm yes'],
    ['A cat --dur 5 --duration 6', '--duration 6'],
  ]) {
    assertRefused(() => task(PRO, [say(text)]), { param: 'content[0].text', value, allowed: '--resolution/--rs, --ratio/--rt' });
  }
});

test('a flag contradicting a body field is refused; an agreeing one is accepted', () => {
  task(PRO, [say('A cat --dur 5 --rs 720p')], { duration: 5, resolution: '720p' });
  assertRefused(() => task(PRO, [say('A cat --dur 10')], { duration: 5 }), {
    param: 'content[0].text --duration',
    value: 10,
    allowed: "the body's duration 5, or only one of the two",
  });
  assertRefused(() => task(PRO, [say('A cat --cf false')], { camerafixed: true }), {
    param: 'content[0].text --camerafixed',
    value: false,
    allowed: "the body's camerafixed true",
  });
});

test("a task model of no known tier gets the union of the tiers' rules", () => {
  for (const model of ['seedance-2-0-pro', 'house-video-model']) {
    task(model, REFERENCES(4), { resolution: '1080p', duration: -1, generate_audio: true });
    task(model, TEXT, { ratio: 'adaptive', duration: 2 });
    assertRefused(() => task(model, TEXT, { duration: 13 }), { param: 'duration', value: 13 });
    assertRefused(() => task(model, REFERENCES(5)), { param: 'content[5].role', value: 'reference_image' });
  }
});
