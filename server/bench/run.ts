/**
 * Every benchmark, one after the other, then one summary table of every budget
 * (`pnpm --filter @signet/server bench`; root `pnpm bench`):
 *
 *   start     cold start to the first 200 and GET /api/v1/datetime req/s   (bench/start.ts)
 *   pdf-sign  PDF core: one SES signature on a 1 MB PDF                    (bench/pdf-sign.ts)
 *   sign      POST /v3/sign over HTTP on real documents, page images        (bench/sign.ts)
 *   qes       QES (demo) signature with the certificate issue, stamp preview (bench/qes.ts)
 *   seal      50 one-page PDFs sealed in one POST /v3/sign                 (bench/seal.ts)
 *   render    page images: render and serve from the blob store            (bench/render.ts)
 *   list      dashboard list over 10,000 requests, 20 connections          (bench/list.ts)
 *   activity  business activity list and CSV export over 100,000 signatures (bench/activity.ts)
 *   idle      resident memory of an idle server after start                 (bench/idle.ts)
 *   users     50 users uploading 200 KB PDFs and listing for 30 s          (bench/users.ts)
 *   bundle    JavaScript per page of the built site                        (site/bench/bundle-size.ts)
 *   console   JavaScript of the console's first load                       (admin/bench/bundle-size.ts)
 *   direct    a direct signer's link → first page image, real browser      (e2e/bench/direct-view.ts)
 *   lighthouse  Lighthouse mobile on /login, /signup, a signed-in /dashboard (e2e/bench/lighthouse.ts)
 *
 * Each runs in its own process (a cold start must be cold, a benchmark must not warm the next)
 * and writes bench-results/<name>.json; each can also run alone (`pnpm --filter
 * @signet/server bench:list` etc.). The bundle benchmarks need `site/dist` and `admin/dist` (run
 * `pnpm build` first); without them their rows say so and do not count as missed.
 *
 *   node bench/run.ts [name…]      only the named benchmarks
 *   BENCH_STRICT=1                  exit 1 when any budget is missed or a benchmark fails
 *
 * Writes bench-results/summary.json. Takes about four minutes on 2 cores.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BudgetRow, formatTable, readReport, resultsDir } from './report.ts';

const benchDir = fileURLToPath(new URL('./', import.meta.url));
const repoDir = join(benchDir, '..', '..');
const siteDir = join(repoDir, 'site');
const adminDir = join(repoDir, 'admin');
const e2eDir = join(repoDir, 'e2e');

type Bench = { name: string; args: string[]; cwd: string };
const BENCHES: Bench[] = [
  { name: 'start', args: [join(benchDir, 'start.ts')], cwd: repoDir },
  { name: 'pdf-sign', args: [join(benchDir, 'pdf-sign.ts')], cwd: repoDir },
  { name: 'sign', args: [join(benchDir, 'sign.ts')], cwd: repoDir },
  { name: 'qes', args: [join(benchDir, 'qes.ts')], cwd: repoDir },
  { name: 'seal', args: [join(benchDir, 'seal.ts')], cwd: repoDir },
  { name: 'render', args: [join(benchDir, 'render.ts'), '--runs', '20'], cwd: repoDir },
  { name: 'list', args: [join(benchDir, 'list.ts')], cwd: repoDir },
  { name: 'activity', args: [join(benchDir, 'activity.ts')], cwd: repoDir },
  { name: 'idle', args: [join(benchDir, 'idle.ts')], cwd: repoDir },
  { name: 'users', args: [join(benchDir, 'users.ts')], cwd: repoDir },
  { name: 'bundle', args: [join(siteDir, 'bench', 'bundle-size.ts')], cwd: siteDir },
  { name: 'console', args: [join(adminDir, 'bench', 'bundle-size.ts')], cwd: adminDir },
  { name: 'direct', args: [join(e2eDir, 'bench', 'direct-view.ts')], cwd: e2eDir },
  { name: 'lighthouse', args: [join(e2eDir, 'bench', 'lighthouse.ts')], cwd: e2eDir },
];

function run(bench: Bench): Promise<{ code: number | null; out: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // The runner decides about BENCH_STRICT; a benchmark exits 0 unless it breaks.
    const env = { ...process.env };
    delete env.BENCH_STRICT;
    const child = spawn(process.execPath, bench.args, {
      cwd: bench.cwd,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, ms: performance.now() - started }));
  });
}

const only = process.argv.slice(2);
const selected = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
if (only.length && selected.length !== only.length) {
  console.error(`unknown benchmark; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const summary: (BudgetRow & { bench: string; load: string })[] = [];
const startedAll = performance.now();
for (const bench of selected) {
  const load = `${(loadavg()[0] ?? 0).toFixed(2)}`;
  console.log(`\n=== ${bench.name} (load average ${load}) ===`);
  if (
    (bench.name === 'bundle' || bench.name === 'direct') &&
    !existsSync(join(siteDir, 'dist', 'client'))
  ) {
    console.log('site/dist is missing: run `pnpm build` first');
    summary.push({
      bench: bench.name,
      load,
      name:
        bench.name === 'bundle'
          ? 'bundle: JavaScript per page, gzipped'
          : 'direct view: first page image after the link opens',
      budget: 'site built',
      value: 'skipped: site not built',
      ok: true,
    });
    continue;
  }
  rmSync(join(resultsDir, `${bench.name}.json`), { force: true });
  const { code, ms } = await run(bench);
  const rows = readReport(bench.name)?.rows ?? [];
  if (code !== 0 || rows.length === 0) {
    rows.push({
      name: `${bench.name}: benchmark ran to the end`,
      budget: 'exit 0',
      value: `exit ${code}`,
      ok: false,
    });
  }
  console.log(`(${bench.name}: ${(ms / 1000).toFixed(1)} s)`);
  for (const r of rows) summary.push({ ...r, bench: bench.name, load });
}

const totalS = (performance.now() - startedAll) / 1000;
const missed = summary.filter((r) => !r.ok);
console.log(
  `\n=== summary: ${summary.length} budgets, ${missed.length} missed, ${totalS.toFixed(0)} s ===`,
);
console.log(
  formatTable([
    ['budget', 'limit', 'measured', 'ok', 'load'],
    ...summary.map((r) => [r.name, r.budget, r.value, r.ok ? 'ok' : 'OVER', r.load]),
  ]),
);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, 'summary.json'),
  `${JSON.stringify({ at: new Date().toISOString(), seconds: totalS, rows: summary }, null, 2)}\n`,
);
if (missed.length > 0 && process.env.BENCH_STRICT === '1') process.exitCode = 1;
