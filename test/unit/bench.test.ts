/**
 * Runs each benchmark of `npm run bench` that needs no harness at tiny sizes
 * and checks the shape of its report and of the table; never its timings.
 * Those that need Chromium or code-server run in `test/vscode/harnessBenches.test.ts`;
 * the footprint benchmark (code-server and the .vsix) runs only in `npm run bench`.
 */
import { test } from 'node:test';
import { largeVideo, LARGE_VIDEO_TINY } from '../bench/largeVideo';
import { readAloud, READ_ALOUD_TINY } from '../bench/readAloud';
import { assertReportShape } from '../bench/reportShape';
import { searchText, SEARCH_TEXT_TINY } from '../bench/searchText';
import { streamDecoding, STREAM_DECODING_TINY } from '../bench/streamDecoding';
import { taskPolling, TASK_POLLING_TINY } from '../bench/taskPolling';

test('bench: stream decoding at tiny size', async () => {
  assertReportShape(await streamDecoding(STREAM_DECODING_TINY), STREAM_DECODING_TINY.rounds);
});

test('bench: task polling at tiny size', async () => {
  assertReportShape(await taskPolling(TASK_POLLING_TINY), TASK_POLLING_TINY.rounds);
});

test('bench: read aloud at tiny size', async () => {
  assertReportShape(await readAloud(READ_ALOUD_TINY), READ_ALOUD_TINY.rounds);
});

test('bench: search_text with a pathological pattern at tiny size', async () => {
  assertReportShape(await searchText(SEARCH_TEXT_TINY), SEARCH_TEXT_TINY.rounds);
});

test('bench: large video at tiny size', { timeout: 120_000 }, async () => {
  assertReportShape(await largeVideo(LARGE_VIDEO_TINY), LARGE_VIDEO_TINY.rounds);
});
