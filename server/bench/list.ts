/**
 * Dashboard list benchmark (issue "Signature requests end to end": p95 ≤ 50 ms with 20
 * connections over 10,000 requests, PGlite).
 *
 *   node server/bench/list.ts            # BENCH_DURATION=5 s per scenario, BENCH_LIST_PORT=3791
 *   node server/bench/list.ts --seed-only DIR   # only seed DIR (for EXPLAIN sessions)
 *
 * 1. Seeds a new PGlite database in a temp DATA_DIR with SQL: one dashboard user who owns 8,000
 *    requests (two signers each), signs 1,500 and observes 500 of another user's — 10,000
 *    requests on the dashboard — plus 5,000 requests that are not theirs; all five statuses.
 *    A session for the user is made through the auth service.
 * 2. Starts the real server (`node server/src/main.ts`, PGlite, logging at info) on that
 *    DATA_DIR and runs autocannon with 20 connections against several list queries (default
 *    page, deep page of 100 sorted by title, status filter, colour filter, search over
 *    addresses, sendBy and dates). Latencies are collected per response; p95 is computed from
 *    them.
 * 3. Bytes on the wire (issue 11: compressed HTML and JSON answers): the signed-in /dashboard
 *    page (needs `pnpm build`) and a page of 100 requests as JSON, each asked plain, with gzip
 *    and with Brotli; plus the latency of that page of 100 when the client takes Brotli, as a
 *    browser does (the server then compresses it per request).
 * Prints a table and writes bench-results/list.json; exits 1 when a p95 is over 50 ms, or an
 * answer goes uncompressed to a client that takes Brotli, and BENCH_STRICT=1.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@signet/shared/session/session.constants';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { createSession } from '../src/services/auth/create-session.ts';
import { LOAD_TABLE_HEADER, loadRow, runLoad } from './load.ts';
import { formatTable, report } from './report.ts';
import { startBenchServer } from './server.ts';

const PORT = Number(process.env.BENCH_LIST_PORT ?? 3791);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 20;
const BUDGET_P95_MS = 50;

const OWNED = 8000;
const SIGNING = 1500;
const OBSERVING = 500;
const FOREIGN = 5000;

async function seed(dataDir: string): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const user = '00000000-0000-4000-8000-00000000d000';
  const peer = '00000000-0000-4000-8000-00000000e000';
  await db.execute(sql`insert into users (id, email, email_verified, first_name, last_name, lang)
    values (${user}, 'dana.board@example.ch', true, 'Dana', 'Board', 'de'),
           (${peer}, 'peter.peer@example.ch', true, 'Peter', 'Peer', 'fr')`);
  const total = OWNED + SIGNING + OBSERVING + FOREIGN;
  // Request i: 1..OWNED mine, then signing, observing, foreign.
  await db.execute(sql`
    insert into signature_requests (id, owner_id, title, message, status, created_at, updated_at, initiated_at)
    select md5('req' || i)::uuid,
      case when i <= ${OWNED} then ${user}::uuid else ${peer}::uuid end,
      (array['Lease', 'Employment contract', 'NDA', 'Offer', 'Invoice approval', 'Board minutes'])[1 + i % 6] || ' ' || i,
      case when i % 3 = 0 then 'Please sign' end,
      -- Others' drafts are theirs alone (privacy): what the user signs or observes was sent.
      case when i > ${OWNED} and i % 5 = 0 then 'OPEN'
        else (array['DRAFT', 'OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN'])[1 + i % 5] end,
      now() - (i || ' hours')::interval,
      now() - ((i % 997) || ' minutes')::interval - (i || ' hours')::interval / 2,
      case when i % 5 <> 0 or i > ${OWNED} then now() - (i || ' hours')::interval end
    from generate_series(1, ${total}::int) i`);
  await db.execute(sql`
    insert into documents (id, owner_id, title, size, page_count, sha256, blob_key, current_blob_key)
    select md5('doc' || i)::uuid, case when i <= ${OWNED} then ${user}::uuid else ${peer}::uuid end,
      'Document ' || i || '.pdf', 100000 + i, 1 + i % 7,
      encode(sha256(convert_to('doc' || i, 'UTF8')), 'hex'), 'k' || i, 'k' || i
    from generate_series(1, ${total}::int) i`);
  await db.execute(sql`
    insert into request_documents (request_id, document_id, position)
    select md5('req' || i)::uuid, md5('doc' || i)::uuid, 0 from generate_series(1, ${total}::int) i`);
  // Two signers per request, in order; on "signing" requests the dashboard user is the first.
  await db.execute(sql`
    insert into signers (request_id, email, "order", claim_token, signed_at)
    select md5('req' || i)::uuid,
      case when i > ${OWNED} and i <= ${OWNED + SIGNING} then 'dana.board@example.ch'
           else 'partner' || (i % 400) || '@example.ch' end,
      0, md5('tok-a' || i), case when i % 5 = 2 then now() end
    from generate_series(1, ${total}::int) i`);
  await db.execute(sql`
    insert into signers (request_id, email, "order", claim_token, signed_at)
    select md5('req' || i)::uuid, 'second' || (i % 250) || '@example.org', 1, md5('tok-b' || i),
      case when i % 5 = 2 then now() end
    from generate_series(1, ${total}::int) i`);
  await db.execute(sql`
    insert into observers (request_id, email)
    select md5('req' || i)::uuid, 'dana.board@example.ch'
    from generate_series(${OWNED + SIGNING + 1}::int, ${OWNED + SIGNING + OBSERVING}::int) i`);
  // The steady state the server keeps: PGlite has no autovacuum, so the server vacuums it
  // periodically (db/pglite-maintenance.ts); a freshly seeded database is measured after one.
  await db.execute(sql`vacuum (analyze)`);
  const session = await createSession(db, user, { ip: '127.0.0.1', userAgent: 'bench' });
  await database.close();
  return { token: session.token, ms: performance.now() - started };
}

const PAGE_OF_100 = '?size=100&page=20&sortBy=title&sortOrder=asc';
/** A scenario whose query ends so is asked with `Accept-Encoding: br` (a browser's answer). */
const BROTLI = '#br';

/** Paths relative to the list URL; the first is a floor: an authenticated call with one query. */
const SCENARIOS: [string, string][] = [
  ['floor: GET /api/v1/user (auth + 1 query)', 'USER'],
  ['default page (25, updated desc)', ''],
  ['page 20 of 100, title asc', '?size=100&page=20&sortBy=title&sortOrder=asc'],
  ['page 20 of 100, title asc, Brotli', `${PAGE_OF_100}${BROTLI}`],
  ['status OPEN,SIGNED', '?status=OPEN,SIGNED&size=50'],
  ['colour to-sign,waiting (the state filter)', '?colour=to-sign,waiting'],
  ['search an address', '?search=partner17'],
  ['search a title', '?search=minutes&sortBy=created_at'],
  [
    'sendBy=others, created this year',
    `?sendBy=others&dateTimeMode=created&dateFrom=${new Date().getUTCFullYear()}-01-01`,
  ],
];

/** Bytes of one answer on the wire (the body as sent, before any decoding) for `encoding`. */
async function bytesOnWire(
  url: string,
  headers: Record<string, string>,
  encoding: string,
): Promise<{ status: number; bytes: number; coding: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          coding: String(res.headers['content-encoding'] ?? 'none'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The page of 100 requests (JSON) and the signed-in /dashboard (HTML) plain, gzip and Brotli:
 * one row each, ok when a client that takes Brotli gets it (and a smaller body).
 */
async function wireRows(
  listUrl: string,
  pageUrl: string,
  headers: Record<string, string>,
): Promise<{ name: string; budget: string; value: string; ok: boolean }[]> {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const out = [];
  for (const [name, url] of [
    ['page of 100 requests (JSON)', listUrl],
    ['signed-in /dashboard (HTML)', pageUrl],
  ] as const) {
    const plain = await bytesOnWire(url, headers, 'identity');
    if (plain.status === 503) {
      out.push({ name: `wire: ${name}`, budget: 'Brotli', value: 'not built', ok: true });
      continue;
    }
    const gzip = await bytesOnWire(url, headers, 'gzip');
    const br = await bytesOnWire(url, headers, 'gzip, deflate, br');
    const value = `${kb(plain.bytes)} plain, ${kb(gzip.bytes)} gzip, ${kb(br.bytes)} br`;
    console.log(`wire: ${name} (HTTP ${plain.status}): ${value}`);
    out.push({
      name: `wire: ${name}`,
      budget: 'Brotli, smaller',
      value,
      ok:
        plain.status === 200 &&
        br.coding === 'br' &&
        gzip.coding === 'gzip' &&
        br.bytes < plain.bytes,
    });
  }
  return out;
}

if (process.argv[2] === '--seed-only') {
  // Profiling aid: seed a DATA_DIR and stop (`node bench/list.ts --seed-only /tmp/dir`).
  const dir = process.argv[3];
  if (!dir) throw new Error('--seed-only needs a directory');
  console.log(await seed(dir));
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), 'signet-bench-list-'));
let child: ChildProcess | undefined;
try {
  const dataDir = join(root, 'data');
  const seeded = await seed(dataDir);
  child = await startBenchServer(PORT, dataDir);
  const headers = { authorization: `Bearer ${seeded.token}` };
  const base = `http://127.0.0.1:${PORT}/api/v3/signature-requests-redesign`;

  // Sanity: the dashboard really holds 10,000 requests.
  const check = await fetch(`${base}?size=25`, { headers });
  const first = (await check.json()) as { total: number; items: unknown[] };
  if (check.status !== 200 || first.total !== OWNED + SIGNING + OBSERVING) {
    throw new Error(`unexpected list answer ${check.status}: total ${first.total}`);
  }
  const loadAtStart = loadavg()[0]?.toFixed(2);
  // Warm-up (JIT, plan cache), not counted.
  await autocannon({ url: base, headers, connections: CONNECTIONS, duration: 2 });

  const rows: string[][] = [LOAD_TABLE_HEADER];
  const results: Record<string, unknown>[] = [];
  for (const [name, query] of SCENARIOS) {
    const brotli = query.endsWith(BROTLI);
    const path = brotli ? query.slice(0, -BROTLI.length) : query;
    const url = query === 'USER' ? `http://127.0.0.1:${PORT}/api/v1/user` : `${base}${path}`;
    const run = await runLoad({
      url,
      headers: brotli ? { ...headers, 'accept-encoding': 'br' } : headers,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    const ok = run.p95 <= BUDGET_P95_MS && run.non2xx === 0 && run.errors === 0;
    rows.push(loadRow(name, run, ok));
    results.push({ name, query, ...run });
  }
  console.log(
    `list bench: ${OWNED + SIGNING + OBSERVING} requests on the dashboard (+${FOREIGN} others), seeded in ${Math.round(seeded.ms)} ms; ${CONNECTIONS} connections, ${DURATION} s per scenario, budget p95 ≤ ${BUDGET_P95_MS} ms; load average ${loadAtStart} → ${loadavg()[0]?.toFixed(2)} (2 cores are shared: compare with the floor row)`,
  );
  console.log(formatTable(rows));
  const wire = await wireRows(
    `${base}${PAGE_OF_100}`,
    `http://127.0.0.1:${PORT}/dashboard?tab=inbox`,
    {
      authorization: headers.authorization,
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(seeded.token)}`,
    },
  );
  report(
    'list',
    [
      ...results
        .filter((r) => r.query !== 'USER')
        .map((r) => {
          const p95 = r.p95 as number;
          const failed = (r.non2xx as number) + (r.errors as number);
          return {
            name: `list p95, ${CONNECTIONS} conn: ${r.name}`,
            budget: `≤ ${BUDGET_P95_MS} ms`,
            value: `${p95.toFixed(1)} ms${failed ? ` (${failed} errors/non-2xx)` : ''}`,
            ok: p95 <= BUDGET_P95_MS && failed === 0,
          };
        }),
      ...wire,
    ],
    { connections: CONNECTIONS, duration: DURATION, budgetP95Ms: BUDGET_P95_MS, results },
  );
} finally {
  if (child && child.exitCode === null) {
    const done = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await done;
  }
  rmSync(root, { recursive: true, force: true });
}
