/**
 * What every server benchmark reports: its budgets as rows (name, budget, measured value, ok),
 * printed as a table and written to `bench-results/<bench>.json` for the runner (run.ts), which
 * prints one summary over all benchmarks. `BENCH_STRICT=1` makes a missed budget exit 1, in a
 * benchmark run alone as well as in the runner.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BudgetRow = {
  /** What was measured, e.g. "GET /api/v1/datetime, 50 connections". */
  name: string;
  /** The budget as text, e.g. "≤ 30 ms". */
  budget: string;
  /** The measured value as text, e.g. "27.0 ms". */
  value: string;
  ok: boolean;
};

export type BenchReport = {
  bench: string;
  at: string;
  /** 1-minute load average when the benchmark started and when it ended. */
  load: { start: number; end: number };
  rows: BudgetRow[];
  details?: unknown;
};

export const resultsDir = fileURLToPath(new URL('../../bench-results/', import.meta.url));

const startLoad = loadavg()[0] ?? 0;

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  if (s.length === 0) return Number.NaN;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Nearest-rank percentile (p in 0..100). */
export const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};

export function formatTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const lines: string[] = [];
  for (const [i, r] of rows.entries()) {
    lines.push(
      r
        .map((c, j) => c.padEnd(widths[j] ?? 0))
        .join(' | ')
        .trimEnd(),
    );
    if (i === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  return lines.join('\n');
}

/**
 * Prints the budget rows, writes `bench-results/<bench>.json` and, with BENCH_STRICT=1, sets
 * the exit code to 1 when a budget is missed. Returns whether every budget was met.
 */
export function report(bench: string, rows: BudgetRow[], details?: unknown): boolean {
  const load = { start: startLoad, end: loadavg()[0] ?? 0 };
  console.log(
    formatTable([
      ['budget', 'limit', 'measured', 'ok'],
      ...rows.map((r) => [r.name, r.budget, r.value, r.ok ? 'ok' : 'OVER']),
    ]),
  );
  console.log(`(load average ${load.start.toFixed(2)} → ${load.end.toFixed(2)})`);
  const data: BenchReport = { bench, at: new Date().toISOString(), load, rows, details };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${bench}.json`), `${JSON.stringify(data, null, 2)}\n`);
  const ok = rows.every((r) => r.ok);
  if (!ok && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  return ok;
}

export function readReport(bench: string): BenchReport | null {
  try {
    return JSON.parse(readFileSync(join(resultsDir, `${bench}.json`), 'utf8')) as BenchReport;
  } catch {
    return null;
  }
}
