/**
 * `npm run bench [-- --json FILE] [-- --only ID,ID]`: every benchmark at full
 * size, in turn, then the table (and the JSON file). A benchmark that cannot
 * run is reported as not measured, with the reason, and the others still run.
 */
import * as os from 'node:os';
import { footprint, FOOTPRINT_FULL } from './footprint';
import { missingReport, type BenchmarkReport } from './harness';
import { largeVideo, LARGE_VIDEO_FULL } from './largeVideo';
import { readAloud, READ_ALOUD_FULL } from './readAloud';
import { benchRun, formatTable, writeJson } from './report';
import { searchText, SEARCH_TEXT_FULL } from './searchText';
import { streamDecoding, STREAM_DECODING_FULL } from './streamDecoding';
import { streamingRender, STREAMING_RENDER_FULL } from './streamingRender';
import { taskPolling, TASK_POLLING_FULL } from './taskPolling';
import { workspaceSearch, WORKSPACE_SEARCH_FULL } from './workspaceSearch';

interface Benchmark {
  id: string;
  title: string;
  run(): Promise<BenchmarkReport>;
}

const BENCHMARKS: Benchmark[] = [
  { id: 'stream-decoding', title: '1. Stream decoding', run: () => streamDecoding(STREAM_DECODING_FULL) },
  { id: 'streaming-render', title: '2. Streaming render', run: () => streamingRender(STREAMING_RENDER_FULL) },
  { id: 'large-video', title: '3. Large video response', run: () => largeVideo(LARGE_VIDEO_FULL) },
  { id: 'footprint', title: '4. Footprint', run: () => footprint(FOOTPRINT_FULL) },
  { id: 'task-polling', title: '5. Task polling', run: () => taskPolling(TASK_POLLING_FULL) },
  { id: 'read-aloud', title: '6. Read aloud', run: () => readAloud(READ_ALOUD_FULL) },
  { id: 'search-text', title: '7. search_text, pathological pattern', run: () => searchText(SEARCH_TEXT_FULL) },
  { id: 'workspace-search', title: '8. Search and file listing in VS Code, 10,000-file workspace', run: () => workspaceSearch(WORKSPACE_SEARCH_FULL) },
];

async function main(): Promise<void> {
  const jsonFile = option('--json');
  const only = option('--only')?.split(',');
  const startLoad = os.loadavg();
  const reports: BenchmarkReport[] = [];
  for (const bench of BENCHMARKS.filter((b) => !only || only.includes(b.id))) {
    process.stderr.write(`running ${bench.title}...\n`);
    try {
      reports.push(await bench.run());
    } catch (error) {
      reports.push(missingReport(bench.id, bench.title, error instanceof Error ? error.message : String(error)));
    }
  }
  const run = benchRun(reports, startLoad);
  console.log(formatTable(run));
  if (jsonFile) writeJson(jsonFile, run);
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at === -1) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined) throw new Error(`${name} needs a value`);
  return value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
