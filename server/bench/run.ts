/**
 * Server benchmarks (`pnpm --filter @signet/server bench`, root `pnpm bench`):
 * 1. cold start: `node server/src/main.ts` with PGlite in a new temp DATA_DIR, from spawn to the
 *    first 200 on /api/v1/datetime (median of 5; budget < 1500 ms);
 * 2. throughput: autocannon, 50 connections for 10 s on GET /api/v1/datetime (budget ≥ 5000
 *    req/s), with logging at info level as in production.
 * Prints a table and writes bench-results/server.json. BENCH_STRICT=1 makes a missed budget
 * exit 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = join(serverDir, '..');
const main = join(serverDir, 'src', 'main.ts');
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

type Server = { child: ChildProcess; dataDir: string; ms: number; dbMs: number };

async function startServer(port: number, dataDir: string): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SIGNET_MODE: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`))),
  );
  const poll = async (url: string) => {
    for (;;) {
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 5));
      if (performance.now() - started > 30_000) throw new Error('server did not start in 30 s');
    }
  };
  const base = `http://127.0.0.1:${port}/api/v1`;
  const ms = await Promise.race([poll(`${base}/datetime`), exited]);
  // The first answer from a route that reads the database (it opens while the port listens).
  const dbMs = await Promise.race([poll(`${base}/maintenance`), exited]);
  return { child, dataDir, ms, dbMs };
}

async function stopServer(s: Server): Promise<void> {
  if (s.child.exitCode === null) {
    const done = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    await done;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const root = mkdtempSync(join(tmpdir(), 'signet-bench-'));
try {
  // Warm-up (not counted): fills the OS file cache and the PGlite initdb template cache.
  const warm = await startServer(PORT, join(root, 'warm'));
  await stopServer(warm);

  const cold: number[] = [];
  const coldDb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await startServer(PORT, join(root, `cold-${i}`));
    cold.push(s.ms);
    coldDb.push(s.dbMs);
    await stopServer(s);
  }

  const s = await startServer(PORT, join(root, 'load'));
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}/api/v1/datetime`,
    connections: 50,
    duration: DURATION,
  });
  await stopServer(s);

  const coldMedian = median(cold);
  const rps = result.requests.average;
  const rows = [
    ['metric', 'value', 'budget', 'ok'],
    [
      `cold start → first 200 (median of ${RUNS})`,
      `${Math.round(coldMedian)} ms`,
      '< 1500 ms',
      coldMedian < 1500 ? 'yes' : 'NO',
    ],
    ['cold start runs', cold.map((x) => Math.round(x)).join(', '), '', ''],
    [
      'cold start → first 200 from the database (median)',
      `${Math.round(median(coldDb))} ms`,
      '',
      '',
    ],
    [
      `GET /api/v1/datetime, 50 conn ${DURATION} s`,
      `${Math.round(rps)} req/s`,
      '≥ 5000 req/s',
      rps >= 5000 ? 'yes' : 'NO',
    ],
    ['latency p50 / p99', `${result.latency.p50} / ${result.latency.p99} ms`, '', ''],
    [
      'errors / non-2xx',
      `${result.errors} / ${result.non2xx}`,
      '0 / 0',
      result.errors + result.non2xx === 0 ? 'yes' : 'NO',
    ],
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length))) ?? [];
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => String(c).padEnd(widths[j] ?? 0)).join(' | '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  const ok = coldMedian < 1500 && rps >= 5000 && result.errors + result.non2xx === 0;
  const out = join(repoDir, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'server.json'),
    `${JSON.stringify({ at: new Date().toISOString(), coldMs: cold, coldMedian, coldDbMs: coldDb, rps, latency: result.latency, ok }, null, 2)}\n`,
  );
  if (!ok && process.env.BENCH_STRICT === '1') process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
