/**
 * #3 Large video response: a synchronous video response holding N MB of
 * base64, saved to disk. Ours (VideosApi.generateToSinks into an atomic
 * file) against `await response.json()` + `Buffer.from(…, 'base64')`; the
 * limit is decoding the same amount of base64 and writing the file, with no
 * network. Each run is a process of its own (largeVideoRun.ts) and the
 * emulator another, so peak RSS growth is the contestant's alone.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startEmulatorProcess, type EmulatorProcess } from '../support/emulatorProcess';
import { loadAverage, medianOf, runInterleaved, summarize, type BenchmarkReport, type Contestant, type Measurement } from './harness';
import type { LargeVideoContestant } from './largeVideoRun';

export interface LargeVideoSizes {
  /** Bytes of base64 in the response (a multiple of 4). */
  base64Bytes: number;
  rounds: number;
}

export const LARGE_VIDEO_FULL: LargeVideoSizes = { base64Bytes: 256 * 2 ** 20, rounds: 3 };
/** The emulator's video is about 4.5 MB before padding: smaller sizes are not possible. */
export const LARGE_VIDEO_TINY: LargeVideoSizes = { base64Bytes: 8 * 2 ** 20, rounds: 1 };

const OURS = 'ours: generateToSinks';
const OURS_WARM = 'ours, after one earlier video (warm)';
const LIMIT_WARM = 'limit, after one earlier run (warm)';
const RECEIVE_WARM = 'receiving alone, after one earlier response (warm)';
const JSON_PEER = 'await response.json() + Buffer.from';
const LIMIT = 'base64 decoding + file writing alone (limit)';
const RECEIVE = 'receiving the body alone (our transport)';
const MAX_GROWTH_MB = 64;
const MIN_THROUGHPUT_SHARE = 0.6;

export async function largeVideo(sizes: LargeVideoSizes): Promise<BenchmarkReport> {
  const before = loadAverage();
  const emulator = await startEmulatorProcess(['--large-video-bytes', String((sizes.base64Bytes / 4) * 3)]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));
  try {
    const run =
      (contestant: LargeVideoContestant, warm = false) =>
      (): Promise<Measurement> =>
        runInProcess(contestant, emulator, dir, sizes.base64Bytes, warm);
    // The emulator renders the video once, on the first request; no contestant should pay for that.
    await run('ours')();
    const contestants: Contestant[] = [
      { name: OURS, run: run('ours') },
      { name: JSON_PEER, run: run('json') },
      { name: LIMIT, run: run('limit') },
      { name: RECEIVE, run: run('receive') },
      { name: OURS_WARM, run: run('ours', true) },
      { name: LIMIT_WARM, run: run('limit', true) },
      { name: RECEIVE_WARM, run: run('receive', true) },
    ];
    const rows = summarize(await runInterleaved(contestants, sizes.rounds), {
      growthMb: { label: 'peak RSS growth', unit: 'MB' },
      throughput: { label: 'throughput (base64)', unit: 'MB/s' },
    });
    const growth = Math.max(medianOf(rows, OURS, 'peak RSS growth'), medianOf(rows, OURS_WARM, 'peak RSS growth'));
    const throughput = (name: string): number => medianOf(rows, name, 'throughput (base64)');
    const coldShare = throughput(OURS) / throughput(LIMIT);
    const share = throughput(OURS_WARM) / throughput(LIMIT_WARM);
    return {
      id: 'large-video',
      title: '3. Large video response',
      setup: `${sizes.base64Bytes / 2 ** 20} MB of base64 (${((sizes.base64Bytes / 4) * 3) / 2 ** 20} MB of MP4) from the emulator in a child process; each run in a fresh process (warm ones do the work once before); ${sizes.rounds} interleaved rounds`,
      rows,
      ratios: [
        { label: 'json peak growth / ours', value: medianOf(rows, JSON_PEER, 'peak RSS growth') / growth },
        { label: 'ours throughput / limit, warm', value: share },
        { label: 'ours throughput / limit, first video of the process', value: coldShare },
        { label: 'ours throughput / json', value: medianOf(rows, OURS, 'throughput (base64)') / medianOf(rows, JSON_PEER, 'throughput (base64)') },
        { label: 'receiving alone / limit, warm', value: throughput(RECEIVE_WARM) / throughput(LIMIT_WARM) },
        { label: 'receiving alone / limit, first response of the process', value: throughput(RECEIVE) / throughput(LIMIT) },
      ],
      targets: [
        { label: `ours peak RSS growth at most ${MAX_GROWTH_MB} MB`, met: growth <= MAX_GROWTH_MB },
        { label: `ours throughput at least ${MIN_THROUGHPUT_SHARE * 100}% of the limit (warm)`, met: share >= MIN_THROUGHPUT_SHARE },
      ],
      notes: [
        'Peak RSS growth: the highest RSS during the run (the kernel peak VmHWM, reset before the run, and samples every 5 ms) minus RSS before it. Each client first makes one small image request (a running extension host is warm).',
        'Throughput: MB of base64 per second of wall time, from the request to the file flushed to disk (fsync); the limit decodes 512 KB strings of base64 prepared in memory.',
        "Warm: the process first does the same work once, unmeasured, as an extension host that has saved a video before (the code on this path is then compiled by V8); the first video of a process pays for that compilation, and for undici's, on the same 2 cores. Peak growth is the larger of the two.",
        'Receiving alone: the same request through our transport with the body read and dropped (no decoding, no file): what the network path from the emulator allows. The emulator runs on the same 2 cores.',
        `Files go to the system's temporary folder (${os.tmpdir()}; TMPDIR moves them): where flushing costs little (e.g. a tmpfs), the limit is bound by the CPU alone and ours / limit is at its lowest; on a slow disk both wait for the flush.`,
      ],
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runInProcess(
  contestant: LargeVideoContestant,
  emulator: EmulatorProcess,
  dir: string,
  base64Bytes: number,
  warm: boolean,
): Promise<Measurement> {
  const script = path.join(__dirname, 'largeVideoRun.js');
  const args = [script, contestant, emulator.url, emulator.apiKey, dir, String(base64Bytes), ...(warm ? ['warm'] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 2 ** 20 });
  const result = JSON.parse(stdout) as { growthMb: number; seconds: number; bytes: number };
  if (contestant === 'receive') {
    if (result.bytes < base64Bytes) throw new Error(`receive got ${result.bytes} bytes, expected more than ${base64Bytes}`);
  } else if (result.bytes !== (base64Bytes / 4) * 3) {
    throw new Error(`${contestant} wrote ${result.bytes} bytes, expected ${(base64Bytes / 4) * 3}`);
  }
  return { growthMb: result.growthMb, throughput: base64Bytes / 2 ** 20 / result.seconds };
}
