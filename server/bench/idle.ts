/**
 * Idle memory benchmark (`pnpm --filter @signet/server bench:idle`, also run by run.ts): the
 * resident memory of `node server/src/main.ts` (PGlite, as `npm start` runs it) 15 s after it
 * answers, with nobody using it.
 *
 * 1. A first start on a new DATA_DIR: the database is created (from the cached migrated
 *    template, or by initdb when there is none) and the built-in CA is made. Shown, not
 *    budgeted: it happens once per installation.
 * 2. A start on the existing DATA_DIR, as every later start: budget ≤ 250 MB for the server
 *    and any worker it runs (the PDF workers start on first use, so none when idle).
 * Prints a table and writes bench-results/idle.json; BENCH_STRICT=1 exits 1 on a missed budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTable, report } from './report.ts';
import { startBenchServer } from './server.ts';
import { residentMb, stopServer } from './server-process.ts';

const PORT = Number(process.env.BENCH_IDLE_PORT ?? 3793);
const SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 15_000);
const BUDGET_MB = 250;

const root = mkdtempSync(join(tmpdir(), 'signet-bench-idle-'));
const dataDir = join(root, 'data');
const rows: string[][] = [['start', 'server MB', 'workers MB', 'total MB', 'load']];
const results: { start: string; server: number; children: number; total: number; load: string }[] =
  [];
try {
  for (const start of ['first start (new DATA_DIR)', 'later start (existing DATA_DIR)']) {
    const child = await startBenchServer(PORT, dataDir, 'warn');
    try {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const m = residentMb(child.pid as number);
      const load = (loadavg()[0] ?? 0).toFixed(2);
      results.push({ start, ...m, load });
      rows.push([start, m.server.toFixed(0), m.children.toFixed(0), m.total.toFixed(0), load]);
    } finally {
      await stopServer(child);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

console.log(`idle memory ${SETTLE_MS / 1000} s after start (PGlite, nobody using it)`);
console.log(formatTable(rows));
const later = results[1];
report(
  'idle',
  [
    {
      name: 'idle RSS after start (server + workers, existing DATA_DIR)',
      budget: `≤ ${BUDGET_MB} MB`,
      value: later ? `${later.total.toFixed(0)} MB` : 'not measured',
      ok: later !== undefined && later.total <= BUDGET_MB,
    },
  ],
  { settleMs: SETTLE_MS, results },
);
