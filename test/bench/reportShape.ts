import assert from 'node:assert/strict';
import type { BenchmarkReport } from './harness';
import { benchRun, formatTable } from './report';

/** What every benchmark's report must hold, whatever its timings: a value per round and contestant, ratios, targets, and its rows in the table. */
export function assertReportShape(report: BenchmarkReport, rounds: number): void {
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
