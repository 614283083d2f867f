/**
 * The shared part of the benchmarks: contestants run in interleaved rounds
 * (each round in a rotated order, so that load from other processes and
 * warm-up fall on all of them alike), medians, and the report every
 * benchmark returns.
 */
import * as os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One run's figures, by metric key (e.g. `{ ms: 12.5 }`). */
export type Measurement = Readonly<Record<string, number>>;

export interface Contestant {
  name: string;
  run(): Promise<Measurement>;
}

export interface MetricInfo {
  label: string;
  unit: string;
}

export interface ContestantSummary {
  contestant: string;
  metric: string;
  unit: string;
  median: number;
  runs: number[];
}

export interface Ratio {
  label: string;
  value: number;
}

export interface TargetCheck {
  label: string;
  met: boolean;
}

export interface BenchmarkReport {
  id: string;
  title: string;
  /** Sizes and conditions, in words. */
  setup: string;
  rows: ContestantSummary[];
  ratios: Ratio[];
  targets: TargetCheck[];
  /** Where figures come from, caveats. */
  notes: string[];
  /** 1-minute load average before and after the benchmark. */
  loadAverage: { before: number; after: number };
  /** Set when the benchmark could not run: why. */
  missing?: string;
}

/** Runs every contestant `rounds` times, round r starting at contestant r mod n. */
export async function runInterleaved(contestants: readonly Contestant[], rounds: number): Promise<Map<string, Measurement[]>> {
  const results = new Map<string, Measurement[]>(contestants.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < contestants.length; i++) {
      const contestant = contestants[(round + i) % contestants.length]!;
      collectGarbage();
      results.get(contestant.name)!.push(await contestant.run());
    }
  }
  return results;
}

/** One row per contestant and metric, with the median of the rounds. */
export function summarize(results: Map<string, Measurement[]>, metrics: Readonly<Record<string, MetricInfo>>): ContestantSummary[] {
  const rows: ContestantSummary[] = [];
  for (const [contestant, runs] of results) {
    for (const [key, info] of Object.entries(metrics)) {
      const values = runs.map((run) => run[key]).filter((v): v is number => v !== undefined);
      if (values.length > 0) rows.push({ contestant, metric: info.label, unit: info.unit, median: median(values), runs: values });
    }
  }
  return rows;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of `metric` for `contestant`, from summarized rows. */
export function medianOf(rows: readonly ContestantSummary[], contestant: string, metric: string): number {
  const row = rows.find((r) => r.contestant === contestant && r.metric === metric);
  if (!row) throw new Error(`no ${metric} for ${contestant}`);
  return row.median;
}

export function loadAverage(): number {
  return os.loadavg()[0]!;
}

/**
 * Times `work` in milliseconds: `cpu` is the CPU time of this process
 * (user + system, so time lost to other processes on a loaded machine does
 * not count), `wall` the elapsed time.
 */
export async function timeMs(work: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(startedCpu);
  return { cpu: (cpu.user + cpu.system) / 1000, wall };
}

let gc: (() => void) | undefined;

/** A full garbage collection, so one contestant's garbage is not collected during another's run. */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** A report for a benchmark that could not run. */
export function missingReport(id: string, title: string, reason: string): BenchmarkReport {
  const load = loadAverage();
  return { id, title, setup: '', rows: [], ratios: [], targets: [], notes: [], loadAverage: { before: load, after: load }, missing: reason };
}
