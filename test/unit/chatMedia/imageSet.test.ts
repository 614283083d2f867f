import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SeedreamImageRequest } from '../../../src/gateway/types/images';
import { validateImageRequest } from '../../../src/gateway/validation/images';
import { imageSetFields, imagesAsked } from '../../../src/mediaActions/imageSet';
import { imageCallSummary } from '../../../src/mediaActions/mediaToolSpecs';
import type { FilesField } from '../../../src/mediaGeneration/forms/formFields';
import { buildRequest } from '../../../src/mediaGeneration/forms/formRequest';
import { givenValues } from '../../../src/mediaGeneration/forms/formValues';
import { formFor } from '../../../src/mediaGeneration/forms/mediaForms';
import { assertRefused } from '../validation/refusal';

test('n above 1 asks models 4.0 and 4.5 for a sequential set of at most n; 1 or nothing asks for one image', () => {
  assert.deepEqual(imageSetFields(4, 0, 'image-4.5'), { sequential_image_generation: 'auto', max_images: 4 });
  assert.deepEqual(imageSetFields(15, 0, 'image-4.0'), { sequential_image_generation: 'auto', max_images: 15 });
  assert.deepEqual(imageSetFields(12, 3, 'image-4.5'), { sequential_image_generation: 'auto', max_images: 12 });
  assert.deepEqual(imageSetFields(1, 0, 'image-4.5'), {});
  assert.deepEqual(imageSetFields(undefined, 2, 'image-basic'), {});
  assert.deepEqual(imageSetFields(1, 0, 'image-basic'), {});
});

test('a count out of range is refused naming n and the values allowed for the model and its input images', () => {
  for (const n of [0, 16, 2.5, -3]) assertRefused(() => imageSetFields(n, 0, 'image-4.5'), { param: 'n', value: n, allowed: 'an integer from 1 to 15' });
  assertRefused(() => imageSetFields('3' as unknown as number, 0, 'image-4.5'), { param: 'n', value: '3', allowed: 'from 1 to 15' });
  const tooMany = assertRefused(() => imageSetFields(13, 3, 'image-4.5'), { param: 'n', value: 13, allowed: 'an integer from 1 to 12 with 3 input images' });
  assert.match(tooMany.message, /input and generated images are at most 15 together/);
  assertRefused(() => imageSetFields(2, 0, 'image-basic'), { param: 'n', value: 2, allowed: '1 on the basic image model' });
});

test('the fields of n become the request body the Generate Image command sends, which the validator accepts', () => {
  const form = formFor('image-4.5');
  const encode = (path: string, field: FilesField) => ({ path, mimeType: field.mimeTypes[0], base64: 'AAAA' });
  const values = givenValues(form, { ...imageSetFields(5, 1, 'image-4.5'), image: ['/w/ref.png'] });
  const built = buildRequest(form, 'bytedance-seedream-4-5', 'five lighthouses', values, encode);
  assert.equal(built.kind, 'image');
  const request = built.request as SeedreamImageRequest;
  assert.equal(request.sequential_image_generation, 'auto');
  assert.deepEqual(request.sequential_image_generation_options, { max_images: 5 });
  assert.doesNotThrow(() => validateImageRequest(request, 'image-4.5'));
  const single = buildRequest(form, 'bytedance-seedream-4-5', 'one lighthouse', givenValues(form, imageSetFields(1, 0, 'image-4.5')), encode).request;
  assert.equal((single as SeedreamImageRequest).sequential_image_generation_options, undefined);
});

test('the approval says how many images the paid call makes', () => {
  assert.equal(imagesAsked(undefined), 'an image');
  assert.equal(imagesAsked(1), 'an image');
  assert.equal(
    imageCallSummary({ model: 'bytedance-seedream-4-5', n: 4, size: '2K', images: ['a.png'] }, (t) => `\`${t}\``),
    'A paid request: `bytedance-seedream-4-5` generates up to 4 images (a set; each image is billed) from `a.png` in size `2K`, saved in the output folder.',
  );
  assert.equal(
    imageCallSummary({ model: 'm' }, (t) => t),
    'A paid request: m generates an image, saved in the output folder.',
  );
});
