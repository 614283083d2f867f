/**
 * The benchmarks of `npm run bench` that need the VS Code harness (Chromium,
 * code-server), at tiny sizes: the shape of their reports, never their timings.
 * Run by `npm run test:harness-benches` once test/vscode/setup.sh has installed the harness.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertReportShape } from '../bench/reportShape';
import { streamingRender, STREAMING_RENDER_TINY } from '../bench/streamingRender';
import { workspaceSearch, WORKSPACE_SEARCH_TINY } from '../bench/workspaceSearch';

test('bench: streaming render at tiny size', { timeout: 120_000 }, async () => {
  assertReportShape(await streamingRender(STREAMING_RENDER_TINY), STREAMING_RENDER_TINY.rounds);
});

test('bench: search and file listing in VS Code at tiny size; ours finds and lists exactly what is not ignored', { timeout: 180_000 }, async () => {
  const report = await workspaceSearch(WORKSPACE_SEARCH_TINY);
  assertReportShape(report, WORKSPACE_SEARCH_TINY.rounds);
  for (const target of report.targets.filter((t) => /exactly/.test(t.label))) assert.ok(target.met, target.label);
});
