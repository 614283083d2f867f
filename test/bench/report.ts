/** The benchmarks' results as a text table and as JSON. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { BenchmarkReport } from './harness';

export interface BenchRun {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  /** 1, 5 and 15-minute load averages at the start and the end of the run. */
  loadAverage: { start: number[]; end: number[] };
  benchmarks: BenchmarkReport[];
}

export function benchRun(benchmarks: BenchmarkReport[], startLoad: number[]): BenchRun {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    loadAverage: { start: startLoad, end: os.loadavg() },
    benchmarks,
  };
}

/** One block per benchmark: its setup, a row per contestant and metric, its ratios and targets. */
export function formatTable(run: BenchRun): string {
  const lines = [
    `Benchmarks ${run.date}, Node ${run.node}, ${run.cpus} x ${run.cpuModel}`,
    `Load average (1, 5, 15 min): start ${run.loadAverage.start.map(fixed1).join(' ')}, end ${run.loadAverage.end.map(fixed1).join(' ')}`,
  ];
  for (const bench of run.benchmarks) {
    lines.push('', `${bench.title}${bench.setup ? ` - ${bench.setup}` : ''}`);
    if (bench.missing) {
      lines.push(`  NOT MEASURED: ${bench.missing}`);
      continue;
    }
    lines.push(`  load average ${fixed1(bench.loadAverage.before)} -> ${fixed1(bench.loadAverage.after)}`);
    const table = [
      ['contestant', 'metric', 'median', 'unit', 'runs'],
      ...bench.rows.map((r) => [r.contestant, r.metric, formatNumber(r.median), r.unit, r.runs.map(formatNumber).join(' ')]),
    ];
    lines.push(...alignColumns(table).map((line) => `  ${line}`));
    for (const ratio of bench.ratios) lines.push(`  ratio  ${ratio.label}: ${ratio.value.toFixed(2)}`);
    for (const target of bench.targets) lines.push(`  target ${target.label}: ${target.met ? 'MET' : 'MISSED'}`);
    for (const note of bench.notes) lines.push(`  note   ${note}`);
  }
  return lines.join('\n');
}

export function writeJson(file: string, run: BenchRun): void {
  fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
}

function alignColumns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const numeric = new Set([2]);
  return rows.map((row) =>
    row
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  return abs >= 100 ? value.toFixed(0) : abs >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function fixed1(value: number): string {
  return value.toFixed(1);
}
