/**
 * Start and throughput benchmark (`pnpm --filter @signet/server bench:start`, also run by
 * run.ts):
 * 1. cold start: `node server/src/main.ts` with PGlite in a new temp DATA_DIR, from spawn to the
 *    first 200 on /api/v1/datetime (median of 5; budget < 1500 ms);
 * 2. throughput: autocannon, 50 connections for 10 s on GET /api/v1/datetime (budget ≥ 5000
 *    req/s), with logging at info level as in production.
 * Also shown: the first 200 from a route that reads the database (it opens while the port
 * listens). Prints a table and writes bench-results/start.json. BENCH_STRICT=1 makes a missed
 * budget exit 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, report } from './report.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = join(serverDir, '..');
const main = join(serverDir, 'src', 'main.ts');
const PORT = Number(process.env.BENCH_PORT ?? 3790);
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
  const failed = result.errors + result.non2xx;
  console.log(
    `cold start runs ${cold.map((x) => Math.round(x)).join(', ')} ms; first 200 from the database (median) ${Math.round(median(coldDb))} ms; datetime latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  report(
    'start',
    [
      {
        name: `cold start → first 200, PGlite (median of ${RUNS})`,
        budget: '< 1500 ms',
        value: `${Math.round(coldMedian)} ms`,
        ok: coldMedian < 1500,
      },
      {
        name: `GET /api/v1/datetime, 50 connections, ${DURATION} s`,
        budget: '≥ 5000 req/s',
        value: `${Math.round(rps)} req/s${failed ? ` (${failed} errors/non-2xx)` : ''}`,
        ok: rps >= 5000 && failed === 0,
      },
    ],
    { coldMs: cold, coldMedian, coldDbMs: coldDb, rps, latency: result.latency },
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
