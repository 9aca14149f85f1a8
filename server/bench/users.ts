/**
 * Load benchmark (`pnpm --filter @signet/server bench:users`, also run by run.ts): 50 users at
 * once, each uploading a 200 KB PDF (multipart, as the browser does) and then listing their
 * dashboard, over and over for 30 s, against the real server (`node server/src/main.ts`, PGlite,
 * its PDF workers). A user looks at the result for 0.5–1.5 s before the next round (people do;
 * without any pause 50 clients measure only the queue in front of two cores).
 *
 * Budgets: 0 errors; list p95 ≤ 150 ms; upload p95 ≤ 400 ms; peak resident memory of the server
 * and its PDF workers together ≤ 1 GB (sampled every 100 ms from /proc). Every upload is a
 * different file (its title differs), so each is checked by a worker and a first page image is
 * drawn after it, as in real use.
 *
 *   BENCH_LOAD_USERS=50 BENCH_LOAD_SECONDS=30 BENCH_LOAD_PORT=3794 node server/bench/users.ts
 *
 * Prints a table and writes bench-results/users.json; BENCH_STRICT=1 exits 1 on a missed budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { makeTestPdf } from '../src/pdf/make-test-pdf.ts';
import { createSession } from '../src/services/auth/create-session.ts';
import { formatTable, percentile, report } from './report.ts';
import { startBenchServer } from './server.ts';
import { cpuSeconds, residentMb, stopServer } from './server-process.ts';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3794);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const BUDGET = { listP95: 150, uploadP95: 400, peakMb: 1024 };

/** Users with a session each, made in the database before the server opens it. */
async function seed(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  const tokens: string[] = [];
  try {
    for (let i = 0; i < USERS; i++) {
      const id = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
      // Each uploads, so each has the individual plan (the new free plan uploads nothing).
      await database.db.execute(sql`insert into users (id, email, email_verified, first_name, last_name, lang, individual_plan)
        values (${id}, ${`load.user${i}@example.ch`}, true, 'Load', ${`User ${i}`}, 'de', 'INDIVIDUAL_V1')`);
      tokens.push(
        (await createSession(database.db, id, { ip: '127.0.0.1', userAgent: 'load bench' })).token,
      );
    }
  } finally {
    await database.close();
  }
  return tokens;
}

/** A contract of about 200 KB: two A4 pages of text and an image; `n` makes its bytes unique. */
const template = await makeTestPdf({ pages: 2, imageBytes: 180_000, title: 'Load bench' });
const imageData = (() => {
  const text = Buffer.from(template);
  const image = text.indexOf('/Subtype /Image');
  return text.indexOf('stream', image) + 'stream\n'.length;
})();
function pdf(n: number): Uint8Array {
  // Same structure, unique bytes: the first pixels of the (uncompressed) image are rewritten.
  const bytes = new Uint8Array(template);
  bytes.set(Buffer.from(String(n).padStart(12, '0')), imageData);
  return bytes;
}

const root = mkdtempSync(join(tmpdir(), 'signet-bench-load-'));
let child: Awaited<ReturnType<typeof startBenchServer>> | undefined;
try {
  const dataDir = join(root, 'data');
  const tokens = await seed(dataDir);
  child = await startBenchServer(PORT, dataDir, 'warn');
  const base = `http://127.0.0.1:${PORT}/api`;
  const pid = child.pid as number;
  const idle = residentMb(pid);

  const uploads: number[] = [];
  const lists: number[] = [];
  const errors: string[] = [];
  let peak = idle;
  const sampler = setInterval(() => {
    const m = residentMb(pid);
    if (m.total > peak.total) peak = m;
  }, 100);

  let counter = 0;
  const round = async (token: string, record: boolean) => {
    const headers = { Authorization: `Bearer ${token}` };
    const form = new FormData();
    form.set(
      'file',
      new File([pdf(counter++) as Uint8Array<ArrayBuffer>], 'contract.pdf', {
        type: 'application/pdf',
      }),
    );
    let t0 = performance.now();
    const up = await fetch(`${base}/v3/documents`, { method: 'POST', headers, body: form });
    const upBody = await up.text();
    if (record) uploads.push(performance.now() - t0);
    if (up.status !== 201) errors.push(`upload ${up.status} ${upBody.slice(0, 120)}`);
    t0 = performance.now();
    const list = await fetch(`${base}/v3/signature-requests-redesign?size=25`, { headers });
    await list.arrayBuffer();
    if (record) lists.push(performance.now() - t0);
    if (list.status !== 200) errors.push(`list ${list.status}`);
  };
  // Warm-up, not counted: every user's first round (the PDF workers start on first use, the
  // JIT and the database warm up), as a server that has been up for a while.
  await Promise.all(tokens.map((token) => round(token, false)));
  const loadAtStart = (loadavg()[0] ?? 0).toFixed(2);
  const cpuAtStart = { ...cpuSeconds(pid), bench: process.cpuUsage() };
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        await round(token, true);
        await new Promise((r) => setTimeout(r, THINK_MS / 2 + Math.random() * THINK_MS));
      }
    }),
  );
  clearInterval(sampler);
  const loadAtEnd = (loadavg()[0] ?? 0).toFixed(2);
  // CPU time per round (one upload and one list), to read the latencies on a shared machine:
  // what the server, its PDF workers (check and first page image) and this client each used.
  const cpuAtEnd = cpuSeconds(pid);
  const benchCpu = process.cpuUsage(cpuAtStart.bench);
  const perRound = (seconds: number) => ((seconds * 1000) / Math.max(1, uploads.length)).toFixed(1);
  const cpu = {
    server: cpuAtEnd.server - cpuAtStart.server,
    workers: cpuAtEnd.children - cpuAtStart.children,
    client: (benchCpu.user + benchCpu.system) / 1e6,
  };

  const uploadP95 = percentile(uploads, 95);
  const listP95 = percentile(lists, 95);
  console.log(
    `load bench: ${USERS} users × (upload 200 KB PDF, list) for ${SECONDS} s; load average ${loadAtStart} → ${loadAtEnd}`,
  );
  console.log(
    formatTable([
      ['call', 'count', 'p50 ms', 'p95 ms', 'p99 ms'],
      ...(
        [
          ['upload (multipart)', uploads],
          ['list (25)', lists],
        ] as const
      ).map(([name, v]) => [
        name,
        String(v.length),
        percentile([...v], 50).toFixed(1),
        percentile([...v], 95).toFixed(1),
        percentile([...v], 99).toFixed(1),
      ]),
    ]),
  );
  console.log(
    `memory: idle ${idle.total.toFixed(0)} MB; peak ${peak.total.toFixed(0)} MB (server ${peak.server.toFixed(0)} + PDF workers ${peak.children.toFixed(0)})`,
  );
  console.log(
    `CPU per round: server ${perRound(cpu.server)} ms, PDF workers ${perRound(cpu.workers)} ms, this client ${perRound(cpu.client)} ms (${availableParallelism()} CPUs; ${SECONDS} s: server ${cpu.server.toFixed(1)} s, workers ${cpu.workers.toFixed(1)} s, client ${cpu.client.toFixed(1)} s)`,
  );
  if (errors.length)
    console.log(`errors (${errors.length}), first: ${errors.slice(0, 5).join(' | ')}`);
  report(
    'users',
    [
      {
        name: `load: errors, ${USERS} users for ${SECONDS} s`,
        budget: '0',
        value: String(errors.length),
        ok: errors.length === 0,
      },
      {
        name: 'load: list p95',
        budget: `≤ ${BUDGET.listP95} ms`,
        value: `${listP95.toFixed(1)} ms`,
        ok: listP95 <= BUDGET.listP95,
      },
      {
        name: 'load: upload (200 KB PDF) p95',
        budget: `≤ ${BUDGET.uploadP95} ms`,
        value: `${uploadP95.toFixed(1)} ms`,
        ok: uploadP95 <= BUDGET.uploadP95,
      },
      {
        name: 'load: peak RSS, server + PDF workers',
        budget: `≤ ${BUDGET.peakMb} MB`,
        value: `${peak.total.toFixed(0)} MB`,
        ok: peak.total <= BUDGET.peakMb,
      },
    ],
    {
      users: USERS,
      seconds: SECONDS,
      uploads: uploads.length,
      lists: lists.length,
      errors: errors.slice(0, 20),
      idle,
      peak,
      cpuSeconds: cpu,
    },
  );
} finally {
  await stopServer(child);
  rmSync(root, { recursive: true, force: true });
}
