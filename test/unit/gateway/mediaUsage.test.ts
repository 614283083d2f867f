import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGeneratedImages, describeGeneratedVideo, describeSavedVideos } from '../../../src/gateway/mediaUsage';

test('count, distinct sizes and output tokens, from usage and data where the answer has them', () => {
  const answer = {
    data: [
      { url: 'u', size: '2048x2048' },
      { url: 'v', size: '2048x2048' },
      { url: 'w', size: '1024x1024' },
    ],
    usage: { input_tokens: 12, output_tokens: 40960, total_tokens: 40972, generated_images: 3 },
  };
  assert.equal(describeGeneratedImages(answer), '3 images, 2048×2048, 1024×1024, 40,960 output tokens');
  assert.equal(describeGeneratedImages({ data: [{ size: '512x512' }], usage: { generated_images: 1 } }), '1 image, 512×512');
  assert.equal(describeGeneratedImages({ usage: { total_tokens: 7 } }), '7 tokens');
});

test('an answer that says nothing, or says it in shapes not understood, gives nothing', () => {
  assert.equal(describeGeneratedImages({}), undefined);
  assert.equal(describeGeneratedImages({ data: 'x', usage: null }), undefined);
  assert.equal(describeGeneratedImages({ data: [{ size: '<b>huge</b>' }, null, 3], usage: { generated_images: -1, output_tokens: 'many' } }), undefined);
});

test("a finished video task: its length, resolution, ratio, frame rate and tokens, from the task record's fields", () => {
  const record = { duration: 5, resolution: '720p', ratio: '16:9', framespersecond: 24, usage: { completion_tokens: 108900, total_tokens: 108900 } };
  assert.equal(describeGeneratedVideo(record), '5 s video, 720p, 16:9, 24 fps, 108,900 tokens');
  assert.equal(describeGeneratedVideo({ duration: 8, ratio: 'adaptive', usage: { total_tokens: 2000 } }), '8 s video, adaptive, 2,000 tokens');
  assert.equal(describeGeneratedVideo({ resolution: '1080p' }), '1080p');
});

test('a video task record that says nothing, or says it in shapes not understood, gives nothing', () => {
  assert.equal(describeGeneratedVideo({}), undefined);
  assert.equal(describeGeneratedVideo({ duration: -1, resolution: '<img src=x>', ratio: '16:9; x', framespersecond: 'fast', usage: 'lots' }), undefined);
  assert.equal(describeGeneratedVideo({ duration: 0, usage: { completion_tokens: 1.5 } }), undefined);
});

test('synchronous videos: how many, their lengths and picture sizes, from the saved files', () => {
  assert.equal(describeSavedVideos([{ seconds: 8, width: 1280, height: 720 }]), '1 video, 8 s, 1280×720');
  assert.equal(
    describeSavedVideos([
      { seconds: 8, width: 1280, height: 720 },
      { seconds: 7.9583, width: 1280, height: 720 },
    ]),
    '2 videos, 8 s, 1280×720',
  );
  assert.equal(describeSavedVideos([{ seconds: 15 }, {}]), '2 videos, 15 s');
  assert.equal(describeSavedVideos([]), undefined);
});
