/**
 * Runs each benchmark of `npm run bench` at tiny sizes and checks the shape
 * of its report and of the table; never its timings. The footprint
 * benchmark (code-server and the .vsix) runs only in `npm run bench`; the
 * workspace search one (code-server) runs here when the harness is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { BenchmarkReport } from '../bench/harness';
import { largeVideo, LARGE_VIDEO_TINY } from '../bench/largeVideo';
import { readAloud, READ_ALOUD_TINY } from '../bench/readAloud';
import { benchRun, formatTable } from '../bench/report';
import { searchText, SEARCH_TEXT_TINY } from '../bench/searchText';
import { streamDecoding, STREAM_DECODING_TINY } from '../bench/streamDecoding';
import { CHROMIUM, streamingRender, STREAMING_RENDER_TINY } from '../bench/streamingRender';
import { taskPolling, TASK_POLLING_TINY } from '../bench/taskPolling';
import { workspaceSearch, WORKSPACE_SEARCH_TINY } from '../bench/workspaceSearch';
import { CODE_SERVER_ENTRY } from '../vscode/lib/paths';

function assertShape(report: BenchmarkReport, rounds: number): void {
  assert.equal(report.missing, undefined);
  assert.ok(report.rows.length >= 2, 'a row per contestant');
  for (const row of report.rows) {
    assert.equal(row.runs.length, rounds, `${row.contestant}: one value per round`);
    assert.ok(Number.isFinite(row.median) && row.median >= 0, `${row.contestant}: ${row.median}`);
  }
  for (const ratio of report.ratios) assert.ok(Number.isFinite(ratio.value), ratio.label);
  for (const target of report.targets) assert.equal(typeof target.met, 'boolean');
  const table = formatTable(benchRun([report], [0, 0, 0]));
  assert.match(table, new RegExp(report.title.replace('.', '\\.')));
  for (const row of report.rows) assert.ok(table.includes(row.contestant), row.contestant);
}

test('bench: stream decoding at tiny size', async () => {
  assertShape(await streamDecoding(STREAM_DECODING_TINY), STREAM_DECODING_TINY.rounds);
});

test('bench: task polling at tiny size', async () => {
  assertShape(await taskPolling(TASK_POLLING_TINY), TASK_POLLING_TINY.rounds);
});

test('bench: read aloud at tiny size', async () => {
  assertShape(await readAloud(READ_ALOUD_TINY), READ_ALOUD_TINY.rounds);
});

test('bench: search_text with a pathological pattern at tiny size', async () => {
  assertShape(await searchText(SEARCH_TEXT_TINY), SEARCH_TEXT_TINY.rounds);
});

test('bench: large video at tiny size', { timeout: 120_000 }, async () => {
  assertShape(await largeVideo(LARGE_VIDEO_TINY), LARGE_VIDEO_TINY.rounds);
});

test('bench: streaming render at tiny size', { timeout: 120_000, skip: fs.existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing` }, async () => {
  assertShape(await streamingRender(STREAMING_RENDER_TINY), STREAMING_RENDER_TINY.rounds);
});

test(
  'bench: search and file listing in VS Code at tiny size; ours finds and lists exactly what is not ignored',
  { timeout: 180_000, skip: fs.existsSync(CODE_SERVER_ENTRY) ? false : 'the code-server harness is not installed' },
  async () => {
    const report = await workspaceSearch(WORKSPACE_SEARCH_TINY);
    assertShape(report, WORKSPACE_SEARCH_TINY.rounds);
    for (const target of report.targets.filter((t) => /exactly/.test(t.label))) assert.ok(target.met, target.label);
  },
);
