/**
 * Sealing benchmark (issue "Seals, API users and the public API"): a member of a business seal
 * seals a batch of 50 one-page documents in one `POST /api/v3/sign` over a real socket (bearer
 * session, JSON, the service, PGlite, blobs on disk with fsync). The documents are invoices made
 * by the tools people's PDFs come from (pdfTeX, Chromium's print, LibreOffice, a scanner's
 * img2pdf; bench/documents.ts), in turn. Each request has the sealer as its only signer, so each
 * seal completes its request (B-LTA, the protocol built right after the commit) — the worst case.
 *
 * Budget: the whole batch of 50 ≤ 1 s (median of the runs; the answer's round trip on loopback,
 * which is the server's time).
 *
 *   node server/bench/seal.ts [runs=5]      (writes bench-results/seal.json;
 *   BENCH_DATABASE_URL=postgres://…/postgres: PostgreSQL instead of PGlite;
 *   BENCH_PROFILE=dir: a V8 CPU profile of each timed batch, from the call to the answer,
 *   into dir/seal-<run>.cpuprofile;
 *   BENCH_STATEMENTS=1: PGlite's CPU per statement per sealed document, during the timed
 *   calls only, bench/statement-cpu.ts; SIGN_THREADS=n: the server's signing threads, 0 for
 *   the batch's PDF work on the main thread)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { and, inArray, isNull } from 'drizzle-orm';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { businessMembers } from '../src/db/schema/business-members.ts';
import { businesses } from '../src/db/schema/businesses.ts';
import { documents } from '../src/db/schema/documents.ts';
import { requestDocuments } from '../src/db/schema/request-documents.ts';
import { signatureRequests } from '../src/db/schema/signature-requests.ts';
import { signers } from '../src/db/schema/signers.ts';
import { users } from '../src/db/schema/users.ts';
import { createLogger } from '../src/log.ts';
import { createMailboxMailer } from '../src/mail/mailer.ts';
import { PdfPool } from '../src/pdf/pool/pool.ts';
import { warmUpSigning } from '../src/pdf/warm-up.ts';
import { createSession } from '../src/services/auth/create-session.ts';
import {
  STAMP_SPACE_JOB,
  stampSpaceJobHandlers,
} from '../src/services/documents/stamp-space-job.ts';
import { platformCa } from '../src/services/pki/platform-ca.ts';
import { timestampAuthority } from '../src/services/pki/timestamp-authority.ts';
import { changeSealMembers, putSeal } from '../src/services/seals/manage-seals.ts';
import { warmUpSignThreads } from '../src/services/signing/threads/sign-threads.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { openTestDatabase } from '../src/testing/database.ts';
import { cpuProfiler } from './cpu-profile.ts';
import { ONE_PAGE_NAMES, type RealDocument, realDocument } from './documents.ts';
import { type BudgetRow, median, report } from './report.ts';
import { countStatementCpu } from './statement-cpu.ts';

const RUNS = Number(process.argv[2] ?? 5);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const BATCH = 50;
const SEAL = 'invoices';

const ms = (n: number) => `${n.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-seal-'));
const config = loadConfig({
  SIGNET_MODE: 'test',
  DATA_DIR: dataDir,
  // SIGN_THREADS=0: the batch's PDF work on the main thread (as before the signing threads).
  ...(process.env.SIGN_THREADS ? { SIGN_THREADS: process.env.SIGN_THREADS } : {}),
});
const database = await openTestDatabase({ TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL });
const db = database.db;
const blobs = new FsBlobStore(dataDir);
const log = createLogger(config);
const dbName = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const statements =
  process.env.BENCH_STATEMENTS === '1' && database.kind === 'pglite' ? countStatementCpu() : null;

try {
  const docs = ONE_PAGE_NAMES.map((name) => realDocument(name)).filter(
    (d): d is RealDocument => typeof d !== 'string',
  );
  if (docs.length === 0) throw new Error('no one-page document could be made');
  const [sealer] = await db
    .insert(users)
    .values({
      email: 'buchhaltung@muster.example.ch',
      emailVerified: true,
      firstName: 'Małgorzata',
      lastName: 'Papadopoulou',
      lang: 'de',
    })
    .returning({ id: users.id, email: users.email });
  if (!sealer) throw new Error('no user');
  const [business] = await db
    .insert(businesses)
    .values({ name: 'Muster AG', email: 'info@muster.example.ch' })
    .returning({ id: businesses.id });
  if (!business) throw new Error('no business');
  await db
    .insert(businessMembers)
    .values({ businessId: business.id, userId: sealer.id, role: 'admin' });
  const ctx = { db, config, principal: { kind: 'user' as const, userId: sealer.id } };
  await putSeal(ctx, business.id, SEAL, { displayName: 'Rechnungen' });
  await changeSealMembers(ctx, business.id, SEAL, [sealer.id], 'add');
  const { token } = await createSession(db, sealer.id, { ip: '127.0.0.1', userAgent: 'bench' });
  // Like main.ts at start: the CA is loaded and the signing path compiled once.
  const ca = await platformCa(db, config);
  await warmUpSigning(ca, await timestampAuthority(config, ca));
  await warmUpSignThreads(config, ca.platformSigner);

  const pool = new PdfPool({ size: 2 });
  const app = createApp({ config, db, log, mailer: createMailboxMailer(), blobs, pdf: pool });
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

  const measure = stampSpaceJobHandlers({ db, blobs, pdf: pool });

  /** `count` open requests, one invoice each (the producers in turn), the sealer signing. */
  async function newRequests(count: number): Promise<string[]> {
    const stored = await Promise.all(docs.map((d) => blobs.put(d.bytes)));
    const rows = Array.from({ length: count }, (_, i) => ({
      i,
      doc: docs[i % docs.length] as RealDocument,
      put: stored[i % docs.length] as { sha256: string; key: string },
    }));
    const inserted = await db
      .insert(documents)
      .values(
        rows.map((r) => ({
          ownerId: sealer?.id as string,
          title: `Rechnung ${r.i + 1} (${r.doc.name})`,
          size: r.doc.bytes.length,
          pageCount: 1,
          sha256: r.put.sha256,
          blobKey: r.put.key,
          currentBlobKey: r.put.key,
        })),
      )
      .returning({ id: documents.id });
    // As after an upload: each document's last page measured for stamps by the upload's
    // background job (not timed; the QES bench does the same).
    await Promise.all(
      inserted.map((d) => measure[STAMP_SPACE_JOB]?.({ payload: { documentId: d.id } } as never)),
    );
    const requests = await db
      .insert(signatureRequests)
      .values(
        rows.map((r) => ({
          ownerId: sealer?.id as string,
          title: `Rechnung ${r.i + 1}`,
          status: 'OPEN' as const,
          initiatedAt: new Date(),
        })),
      )
      .returning({ id: signatureRequests.id });
    await db
      .insert(requestDocuments)
      .values(requests.map((r, i) => ({ requestId: r.id, documentId: inserted[i]?.id as string })));
    await db.insert(signers).values(
      requests.map((r) => ({
        requestId: r.id,
        email: sealer?.email as string,
        order: 1,
        claimToken: `${r.id}-0`,
      })),
    );
    return requests.map((r) => r.id);
  }

  /** Seals the requests in one call: wall time of the answer and this process's CPU time. */
  async function sealBatch(ids: string[]): Promise<{ ms: number; cpu: number; main: number }> {
    const cpu = process.cpuUsage();
    const main = process.threadCpuUsage();
    const started = performance.now();
    const res = await fetch(`${base}/v3/sign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(
        ids.map((id) => ({ signatureRequestId: id, language: 'de', sealAccountName: SEAL })),
      ),
    });
    const body = (await res.json()) as { ok: boolean; status_overall?: string }[];
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const usedMain = process.threadCpuUsage(main);
    if (
      res.status !== 200 ||
      body.length !== ids.length ||
      body.some((r) => !r.ok || r.status_overall !== 'SIGNED')
    ) {
      throw new Error(`seal: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    }
    return {
      ms: elapsed,
      cpu: (used.user + used.system) / 1000,
      main: (usedMain.user + usedMain.system) / 1000,
    };
  }

  /** The protocols are built right after each commit: let them finish before the next batch. */
  async function protocolsBuilt(ids: string[]): Promise<number> {
    const started = performance.now();
    for (;;) {
      const pending = await db
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        .where(and(inArray(signatureRequests.id, ids), isNull(signatureRequests.protocolBlobKey)));
      if (pending.length === 0) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('the protocols were not built');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // Warm-up: one small batch over HTTP (the seal's key, the producers' PDFs, the protocol).
  const warm = await newRequests(docs.length);
  await sealBatch(warm);
  await protocolsBuilt(warm);

  const times: number[] = [];
  const cpus: number[] = [];
  const mains: number[] = [];
  const protocols: number[] = [];
  const profiler = await cpuProfiler(PROFILE_DIR);
  for (let run = 0; run < RUNS; run++) {
    const ids = await newRequests(BATCH);
    await profiler?.start();
    statements?.start();
    const r = await sealBatch(ids);
    statements?.stop();
    await profiler?.stop(`seal-${run}`);
    times.push(r.ms);
    cpus.push(r.cpu);
    mains.push(r.main);
    protocols.push(await protocolsBuilt(ids));
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await pool.close();

  const batch = median(times);
  console.log(
    `seal: ${BATCH} one-page invoices (${docs.map((d) => d.name).join(', ')}) in one POST /v3/sign, ${dbName}, blobs on disk, ${RUNS} runs`,
  );
  console.log(
    `  batch median ${ms(batch)} (runs ${times.map((t) => t.toFixed(0)).join(', ')}), ${ms(batch / BATCH)} a document; process CPU ${ms(median(cpus))} (main thread ${ms(median(mains))}); protocols stored ${ms(median(protocols))} after the answer`,
  );
  if (statements) {
    const { totalMs, lines } = statements.report(RUNS * BATCH);
    console.log(`  PGlite CPU per sealed document ${ms(totalMs)}, by statement:`);
    for (const line of lines) console.log(`    ${line}`);
  }
  const rows: BudgetRow[] = [
    {
      name: `POST /v3/sign, seal ${BATCH} one-page PDFs in one call (seal.aes, each completes: B-LTA), ${dbName} (median)`,
      budget: '≤ 1000 ms',
      value: ms(batch),
      ok: batch <= 1000,
    },
  ];
  report('seal', rows, { times, cpus, mains, protocols, documents: docs.map((d) => d.name) });
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
