import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AppDeps, AppEnv } from '../http/types.ts';
import { createWorker, type Worker } from '../jobs/worker.ts';
import { createLogger, type Logger } from '../log.ts';
import { listMailbox, type MailboxEntry } from '../mail/mailbox.ts';
import { createMailboxMailer, type Mailer } from '../mail/mailer.ts';
import { identWebhookHandlers } from '../providers/identification/sandbox.ts';
import { smsHandlers } from '../providers/sms/index.ts';
import { mailLinks } from '../routes/system/mailbox.ts';
import { apiCallbackHandlers } from '../services/api-users/callback-job.ts';
import { businessJobHandlers } from '../services/businesses/jobs.ts';
import { renderJobHandlers } from '../services/documents/render-job.ts';
import { stampSpaceJobHandlers } from '../services/documents/stamp-space-job.ts';
import { applyIdentUpdate } from '../services/identification/apply-update.ts';
import { mailAttachmentResolver } from '../services/signing/mail-attachments.ts';
import { protocolJobHandlers } from '../services/signing/protocol-job.ts';
import { createBlobStore } from '../storage/index.ts';
import { openTestDatabase } from './database.ts';
import { testPdfPool } from './pdf-pool.ts';

export type TestMail = MailboxEntry & { links: string[] };

export type TestResponse<T = unknown> = {
  status: number;
  headers: Headers;
  /** Parsed JSON (or undefined for an empty body, the raw text when not JSON). */
  body: T;
};

export type TestApp = {
  app: Hono<AppEnv>;
  db: Db;
  /** The database under `db`; another app may share it (`createTestApp({ database })`). */
  database: Database;
  config: Config;
  deps: AppDeps;
  /** The outbox worker (not started: the mailbox helpers run it on demand). */
  worker: Worker;
  mailbox: {
    /** Runs the outbox worker, then lists mails (newest first), optionally for one recipient. */
    all: (to?: string) => Promise<TestMail[]>;
    /** The newest mail to `to` (after running the worker), or undefined. */
    last: (to: string) => Promise<TestMail | undefined>;
  };
  /**
   * Calls the app: `request('POST', '/api/v1/login', { body, token })`. Objects are sent as
   * JSON; `token` becomes `Authorization: Bearer …`.
   */
  request: <T = unknown>(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      /** The socket's peer address the server sees (default: none, like `app.request`). */
      remoteAddress?: string;
    },
  ) => Promise<TestResponse<T>>;
  close: () => Promise<void>;
};

/**
 * The argon2id cost of the route tests' password hashes (1 MiB, one pass: about a millisecond):
 * the suites sign up thousands of users. The real cost is `loadConfig`'s, from no variable, and
 * the e2e suite's server uses it; `password-hash.test.ts` checks hashing at that cost.
 */
export const TEST_PASSWORD_COST = { memory: 1024, passes: 1, parallelism: 1 } as const;

export type TestAppOverrides = {
  /** Environment variables merged over the test defaults before `loadConfig`. */
  env?: Record<string, string | undefined>;
  /** Replace parts of the dependencies (e.g. `mailer`, `authenticate`). */
  deps?: Partial<Omit<AppDeps, 'db' | 'config'>>;
  /**
   * The socket's peer of every `request()` that names none (default: none, like `app.request`):
   * e.g. a proxy's address, so that with TRUST_PROXY the client IP comes from X-Forwarded-For.
   */
  peer?: string;
  /**
   * The database to use, opened and closed by the caller (another app's `database`, or
   * `reuseTestDatabase()`'s emptied one); by default a new one, closed by `close()`.
   */
  database?: Database;
};

/**
 * The bindings `@hono/node-server` gives a request, reduced to what the server reads: the
 * socket's peer address. Pass as the third argument of `app.request`.
 */
export function peerEnv(remoteAddress: string): {
  incoming: { socket: { remoteAddress: string } };
} {
  return { incoming: { socket: { remoteAddress } } };
}

/**
 * A real app on a fresh database with migrations applied, for route tests.
 *
 * - Database: in-memory PGlite; when `TEST_DATABASE_URL` is set, a new uniquely named
 *   PostgreSQL database on that server instead, dropped by `close()`.
 * - Config: `SIGNET_MODE=test`, `PUBLIC_URL=http://localhost:3000`, overridable via `env`.
 * - Mail: the mailbox transport; `mailbox.all(to)` / `mailbox.last(to)` run the worker and
 *   return rendered mails with their links.
 *
 * @example
 * const t = await createTestApp();
 * afterEach(() => t.close());
 * const res = await t.request('POST', '/api/v1/request-confirmation', { body: { email } });
 * const mail = await t.mailbox.last(email);
 * const link = mail?.links[0];
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  // Blobs of the test app live in a fresh temporary DATA_DIR (the database is separate and in
  // memory, or on TEST_DATABASE_URL), removed by close().
  const ownDataDir = overrides.env?.DATA_DIR ? null : await mkdtemp(join(tmpdir(), 'signet-test-'));
  const config: Config = {
    ...loadConfig({
      SIGNET_MODE: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      // Batches sign on the main thread: a test process shares its cores with the suite's others,
      // and two warmed signing threads per file cost seconds of CPU. The threads have tests of
      // their own (signing/threads) and one route test opts in (seals.test.ts).
      SIGN_THREADS: '0',
      ...overrides.env,
    }),
    passwordHashCost: TEST_PASSWORD_COST,
  };
  const ownDatabase = !overrides.database;
  const database = overrides.database ?? (await openTestDatabase());
  const log: Logger = overrides.deps?.log ?? createLogger(config);
  const mailer: Mailer = overrides.deps?.mailer ?? createMailboxMailer();
  const blobs = overrides.deps?.blobs ?? (await createBlobStore(config));
  const pdf = overrides.deps?.pdf ?? testPdfPool();
  const deps: AppDeps = { config, db: database.db, log, mailer, blobs, pdf, ...overrides.deps };
  const app = createApp(deps);
  const worker = createWorker({
    db: database.db,
    log,
    mailer,
    config,
    handlers: {
      ...renderJobHandlers({ db: database.db, blobs, pdf, log }),
      ...protocolJobHandlers({ db: database.db, blobs, config, log }),
      ...smsHandlers(config, database.db),
      ...businessJobHandlers({ db: database.db, blobs, config, log }),
      ...identWebhookHandlers((update) => applyIdentUpdate(database.db, update)),
      ...stampSpaceJobHandlers({ db: database.db, blobs, pdf }),
      ...apiCallbackHandlers({ db: database.db, config }),
    },
    attachments: mailAttachmentResolver({ db: database.db, blobs, config, log }),
  });

  const all = async (to?: string) => {
    await worker.drain();
    const entries = await listMailbox(database.db, to ? { to } : {});
    return entries.map((e) => ({ ...e, links: mailLinks(e) }));
  };

  return {
    app,
    db: database.db,
    database,
    config,
    deps,
    worker,
    mailbox: { all, last: async (to) => (await all(to))[0] },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | Uint8Array | undefined;
      if (options.body !== undefined) {
        if (typeof options.body === 'string' || options.body instanceof Uint8Array) {
          body = options.body;
        } else {
          body = JSON.stringify(options.body);
          headers['Content-Type'] ??= 'application/json';
        }
      }
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const res = await app.request(
        path,
        { method, headers, ...(body !== undefined ? { body: body as never } : {}) },
        (options.remoteAddress ?? overrides.peer)
          ? peerEnv((options.remoteAddress ?? overrides.peer) as string)
          : undefined,
      );
      const text = await res.text();
      let parsed: unknown = text === '' ? undefined : text;
      if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed as never };
    },
    async close() {
      if (ownDatabase) await database.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
