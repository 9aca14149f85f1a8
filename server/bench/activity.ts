/**
 * Business activity benchmark (issue 8): the signature activity list of a business with 100,000
 * signatures answers a page in p95 ≤ 50 ms, and its CSV export streams 100,000 rows in ≤ 3 s
 * with flat memory (PGlite).
 *
 *   node server/bench/activity.ts       # BENCH_DURATION=5 s per scenario, BENCH_ACTIVITY_PORT=3792
 *
 * 1. Seeds a new PGlite database with SQL: a business with an admin and 40 members in 8 cost
 *    centres, 100,000 counted signatures over two years in three qualities (as the signing
 *    trigger writes them), and another business with 20,000 (whose rows must not slow ours).
 * 2. Starts the real server and measures with autocannon (4 connections: a few admins at once)
 *    the list's default page, a deep page sorted by member, a month filtered and sorted by
 *    quality, and the accounts list; p95 from every response.
 * 3. Downloads the ungrouped CSV export of all 100,000 rows over HTTP: time to the last byte,
 *    rows read back, and the server's resident memory sampled every 20 ms while it streams
 *    (its growth over the idle server is the "flat memory" figure, budget ≤ 64 MB).
 * Writes bench-results/activity.json; `BENCH_STRICT=1` exits 1 on a missed budget.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { createSession } from '../src/services/auth/create-session.ts';
import { LOAD_TABLE_HEADER, loadRow, runLoad } from './load.ts';
import { formatTable, report } from './report.ts';
import { startBenchServer } from './server.ts';

const PORT = Number(process.env.BENCH_ACTIVITY_PORT ?? 3792);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 4;
const SIGNATURES = 100_000;
const OTHER = 20_000;
const BUDGET_P95_MS = 50;
const BUDGET_EXPORT_MS = 3000;
const BUDGET_RSS_MB = 64;

const BUSINESS = '00000000-0000-4000-8000-0000000b0001';
const OTHER_BUSINESS = '00000000-0000-4000-8000-0000000b0002';
const ADMIN = '00000000-0000-4000-8000-0000000a0001';

async function seed(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  await db.execute(sql`insert into users (id, email, email_verified, first_name, last_name, lang)
    values (${ADMIN}, 'ada.admin@muster.ch', true, 'Ada', 'Admin', 'de')`);
  await db.execute(sql`insert into businesses (id, name, email) values
    (${BUSINESS}, 'Muster AG', 'office@muster.ch'), (${OTHER_BUSINESS}, 'Andere AG', 'office@andere.ch')`);
  await db.execute(sql`insert into business_members (business_id, user_id, role)
    values (${BUSINESS}, ${ADMIN}, 'admin')`);
  // Signatures as the trigger on 'signed' events writes them: one row per event.
  const rows = (business: string, n: number, offset: number) => sql`
    insert into business_signatures (business_id, event_id, request_id, title, signer_email,
      member_id, member_email, member_name, cost_centre, quality, legislation, signed_at)
    select ${business}::uuid, ${offset} + i, md5('req' || (${offset} + i / 2))::uuid,
      (array['Mietvertrag', 'Arbeitsvertrag', 'NDA', 'Offerte', 'Protokoll'])[1 + i % 5] || ' ' || (i / 2),
      'signer' || (i % 997) || '@kunde.ch', null,
      'member' || (i % 40) || '@muster.ch', 'Mitglied ' || (i % 40), 'CC-' || (i % 8),
      (array['SES', 'AES', 'QES'])[1 + i % 3], case when i % 3 = 0 then null else 'ZERTES' end,
      now() - (i * 631 || ' seconds')::interval
    from generate_series(1, ${n}::int) i`;
  await db.execute(rows(BUSINESS, SIGNATURES, 0));
  await db.execute(rows(OTHER_BUSINESS, OTHER, 10_000_000));
  await db.execute(sql`vacuum (analyze)`);
  const session = await createSession(db, ADMIN, { ip: '127.0.0.1', userAgent: 'bench' });
  await database.close();
  return session.token;
}

/** The server's resident memory in MB (Linux), or NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

const list = `http://127.0.0.1:${PORT}/api/v2/businesses/${BUSINESS}/activities`;
const SCENARIOS: [string, string][] = [
  ['signatures: default page (25, newest first)', `${list}/signatures`],
  [
    'signatures: page 40 of 100, by member',
    `${list}/signatures?size=100&page=40&sort=memberEmail,asc`,
  ],
  [
    'signatures: one month, by quality',
    `${list}/signatures?start_date=${monthAgo()}&sort=quality,desc`,
  ],
  [
    'signatures: two years, by cost centre',
    `${list}/signatures?start_date=${yearsAgo(2)}&sort=costCentre,asc&size=50`,
  ],
  ['accounts: default page', `${list}/accounts`],
];

function monthAgo(): string {
  return new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
}
function yearsAgo(n: number): string {
  return new Date(Date.now() - n * 365 * 86_400_000).toISOString().slice(0, 10);
}

const root = mkdtempSync(join(tmpdir(), 'signet-bench-activity-'));
let child: ChildProcess | undefined;
try {
  const dataDir = join(root, 'data');
  const seededAt = performance.now();
  const token = await seed(dataDir);
  console.log(
    `seeded ${SIGNATURES + OTHER} signatures in ${Math.round(performance.now() - seededAt)} ms`,
  );
  child = await startBenchServer(PORT, dataDir, 'warn');
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`${list}/signatures?start_date=${yearsAgo(3)}`, { headers });
  const first = (await check.json()) as { total: number };
  if (check.status !== 200 || first.total !== SIGNATURES) {
    throw new Error(`unexpected list answer ${check.status}: total ${first.total}`);
  }
  await autocannon({ url: `${list}/signatures`, headers, connections: CONNECTIONS, duration: 2 });

  const table: string[][] = [LOAD_TABLE_HEADER];
  const rows = [];
  for (const [name, url] of SCENARIOS) {
    const run = await runLoad({ url, headers, connections: CONNECTIONS, duration: DURATION });
    const ok = run.p95 <= BUDGET_P95_MS && run.non2xx === 0 && run.errors === 0;
    table.push(loadRow(name, run, ok));
    rows.push({
      name: `activity list, ${name}: p95`,
      budget: `≤ ${BUDGET_P95_MS} ms`,
      value: `${run.p95.toFixed(1)} ms`,
      ok,
    });
  }
  console.log(formatTable(table));

  // The export: all 100,000 rows, streamed; memory sampled while it runs.
  const pid = child.pid as number;
  await new Promise((r) => setTimeout(r, 500));
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${list}/signatures/export?start_date=${yearsAgo(3)}`, { headers });
  let bytes = 0;
  let lines = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const growth = peak - idle;
  const dataRows = lines - 1;
  console.log(
    `export: ${dataRows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms.toFixed(0)} ms; server RSS ${idle.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  );
  rows.push(
    {
      name: `signature CSV export, ${dataRows} rows streamed`,
      budget: `≤ ${BUDGET_EXPORT_MS} ms`,
      value: `${ms.toFixed(0)} ms`,
      ok: ms <= BUDGET_EXPORT_MS && dataRows === SIGNATURES && res.status === 200,
    },
    {
      name: 'signature CSV export, server memory growth while streaming',
      budget: `≤ ${BUDGET_RSS_MB} MB`,
      value: Number.isNaN(growth) ? 'n/a (no /proc)' : `${growth.toFixed(0)} MB`,
      ok: Number.isNaN(growth) || growth <= BUDGET_RSS_MB,
    },
  );
  report('activity', rows, { connections: CONNECTIONS, durationS: DURATION, exportBytes: bytes });
} finally {
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(root, { recursive: true, force: true });
}
