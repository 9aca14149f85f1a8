/**
 * The HTTP layer's own cost (issue 12: `POST /v3/sign`'s request, routing, session, body and
 * answer), without the service: the real app (every middleware, the real session lookup on
 * PGlite) answering over a real socket
 *   - `POST /api/v3/sign` with an entry whose id is a number: authenticated, body read and parsed,
 *     400 VALIDATION_FAILED before any service runs;
 *   - `GET /api/v1/user`: authenticated, one read, a JSON answer.
 * Process CPU time per call over many calls, for both bench clients (bench/http-client.ts; the
 * client runs in this process, so its work counts): load-independent, to compare HTTP-layer
 * changes on a busy machine.
 *
 *   node server/bench/http-layer.ts [calls=2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/users.ts';
import { createLogger } from '../src/log.ts';
import { createMailboxMailer } from '../src/mail/mailer.ts';
import { PdfPool } from '../src/pdf/pool/pool.ts';
import { createSession } from '../src/services/auth/create-session.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { openTestDatabase } from '../src/testing/database.ts';
import { fetchJsonCall, httpJsonCall, type JsonCall } from './http-client.ts';

const CALLS = Number(process.argv[2] ?? 2000);
const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-http-'));
const config = loadConfig({ SIGNET_MODE: 'test', DATA_DIR: dataDir });
const database = await openTestDatabase({});
const pdf = new PdfPool({ size: 1 });
try {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: 'http.bench@example.ch', emailVerified: true, firstName: 'A', lastName: 'B' })
    .returning({ id: users.id });
  const { token } = await createSession(db, (user as { id: string }).id, {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  const app = createApp({
    config,
    db,
    log: createLogger(config),
    mailer: createMailboxMailer(),
    blobs: new FsBlobStore(dataDir),
    pdf,
  });
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const cases = [
    {
      name: 'POST /v3/sign, 400',
      url: `${base}/v3/sign`,
      init: {
        method: 'POST',
        headers,
        body: JSON.stringify([
          { signatureRequestId: 42, language: 'de', signingName: 'Zuzanna Łukasiewicz' },
        ]),
      },
      status: 400,
    },
    {
      name: 'GET /v1/user, 200',
      url: `${base}/v1/user`,
      init: { method: 'GET', headers },
      status: 200,
    },
  ];
  const clients: Record<string, JsonCall> = { http: httpJsonCall, fetch: fetchJsonCall };
  for (const c of cases) {
    for (const [name, call] of Object.entries(clients)) {
      const once = async () => {
        const r = await call(c.url, c.init);
        if (r.status !== c.status)
          throw new Error(`${c.name}: got ${r.status} ${JSON.stringify(r.body)}`);
      };
      for (let i = 0; i < 300; i++) await once();
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await once();
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      console.log(
        `${c.name.padEnd(20)} client ${name.padEnd(5)}: CPU ${((used.user + used.system) / 1000 / CALLS).toFixed(3)} ms per call, wall ${(wall / CALLS).toFixed(3)} ms (${CALLS} calls)`,
      );
    }
  }
  await new Promise((resolve) => server.close(resolve));
} finally {
  await pdf.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
