import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client.ts';
import { rowsOf } from './evidence/db-row.ts';
import { makeTestPdf } from './pdf/make-test-pdf.ts';
import { pdfsig, requireTool } from './pdf/test-tools.ts';
import { hashPassword } from './security/password-hash.ts';
import { S3BlobStore } from './storage/s3-blob-store.ts';
import { type S3TestServer, startS3TestServer } from './storage/s3-test-server.ts';

/**
 * Two server processes on one PostgreSQL database and one S3-compatible store, as behind a load
 * balancer: a session made on one works on the other, failed logins on both count together,
 * the outbox worker of each takes jobs the other does not (every mail sent once), page images are
 * drawn once and served by both, and a request is signed by signers calling alternate instances.
 * Runs against the PostgreSQL of the second server suite (`TEST_DATABASE_URL`, set by npm test).
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'violet otter lamp 42';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

type Instance = { name: string; base: string; child: ChildProcess; dataDir: string };
type Mail = { to: string[]; raw: string };

describe.runIf(process.env.TEST_DATABASE_URL)('two instances, one PostgreSQL, one S3 store', () => {
  const name = `signet_cluster_${randomBytes(4).toString('hex')}`;
  let url: string;
  let database: Database;
  let s3: S3TestServer;
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  let a: Instance;
  let b: Instance;
  const emails = {
    owner: 'olivia.owner@example.ch',
    signers: ['anna.one@example.ch', 'bruno.two@example.ch', 'chloe.three@example.ch'],
    observer: 'oscar.observer@example.ch',
  };

  async function start(label: string, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), `signet-cluster-${label}-`));
    const child = spawn(process.execPath, [join(serverDir, 'src', 'main.ts')], {
      cwd: join(serverDir, '..'),
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`instance ${label} exited ${child.exitCode}`);
      const ok = await fetch(`${base}/api/v1/maintenance`)
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        })
        .catch(() => false);
      if (ok) return { name: label, base, child, dataDir };
      if (Date.now() - started > 60_000) throw new Error(`instance ${label} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    requireTool('pdfsig');
    const server = process.env.TEST_DATABASE_URL as string;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();

    s3 = await startS3TestServer();
    const store = new S3BlobStore(s3.settings);
    await store.ensureBucket();
    store.close();

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));

    const env = {
      DATABASE_URL: url,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY: s3.settings.accessKeyId,
      S3_SECRET_KEY: s3.settings.secretAccessKey,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SIGNET_SECRET: 'cluster-test-secret-shared-by-both-instances',
      PUBLIC_URL: 'http://signet.example',
      SIGNET_MODE: 'test',
      LOG_LEVEL: 'warn',
    };
    // Both at once: the migrations and the built-in CA are made by one, found by the other.
    [a, b] = await Promise.all([start('a', env), start('b', env)]);

    database = await openDatabase({ url, migrate: false });
    const hash = await hashPassword(PASSWORD);
    for (const email of [emails.owner, ...emails.signers, emails.observer]) {
      // The owner uploads: on the individual plan (a new account's free plan uploads nothing).
      const plan = email === emails.owner ? 'INDIVIDUAL_V1' : null;
      await database.db.execute(sql`insert into users (email, email_verified, first_name, last_name, lang, password_hash, individual_plan, individual_plan_started_at)
        values (${email}, true, ${email.split('.')[0] ?? 'X'}, 'Cluster', 'en', ${hash}, ${plan}, ${plan ? new Date() : null})`);
    }
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      const done = new Promise((r) => i.child.once('exit', r));
      i.child.kill('SIGTERM');
      await done;
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await database?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    await s3?.close();
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  });

  const call = async <T = Record<string, unknown>>(
    on: Instance,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; form?: FormData } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${on.base}/api${path}`, {
      method,
      headers,
      ...(options.form ? { body: options.form } : {}),
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const login = async (on: Instance, email: string) => {
    const res = await call<{ token: string }>(on, 'POST', '/v1/login', {
      body: { email, password: PASSWORD },
    });
    expect(res.status, `login ${email} on ${on.name}`).toBe(200);
    return res.body.token;
  };

  it('a session made on one instance works on the other, and ends on both', async () => {
    const token = await login(a, emails.observer);
    expect((await call(b, 'GET', '/v1/user', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/v1/logout', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/v1/user', { token })).status).toBe(401);
  });

  it('failed logins on both instances count together', async () => {
    const email = emails.signers[2] as string;
    for (let i = 0; i < 10; i++) {
      const on = i % 2 ? b : a;
      const res = await call(on, 'POST', '/v1/login', { body: { email, password: `wrong ${i}` } });
      expect(res.status).toBe(401);
    }
    const locked = await call(a, 'POST', '/v1/login', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    // Unlock for the signing test (the failure counters of this address and IP).
    await database.db.execute(sql`delete from rate_limits where key like 'login-fail:%'`);
  });

  it('signers on alternating instances sign one request; mails and renders happen once', async () => {
    const owner = await login(a, emails.owner);
    const pdf = await makeTestPdf({ pages: 2, title: 'Cluster contract' });
    const form = new FormData();
    form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'Cluster contract.pdf'));
    const doc = await call<{ id: string; sha256: string }>(b, 'POST', '/v3/documents', {
      token: owner,
      form,
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const created = await call<TSignatureRequest>(a, 'POST', '/v3/signature-requests', {
      token: owner,
      body: {
        title: 'Cluster contract',
        documents: [{ document_id: doc.body.id }],
        signatures: emails.signers.map((email, i) => ({ account_email: email, order: i + 1 })),
        observers: [emails.observer],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(
      (await call(b, 'POST', `/v3/signature-requests/${id}/initiate`, { token: owner })).status,
    ).toBe(200);

    for (const [i, email] of emails.signers.entries()) {
      const [first, second] = i % 2 ? [b, a] : [a, b];
      const token = await login(first, email);
      const view = await call<TSignatureRequest>(second, 'GET', `/v3/signature-requests/${id}`, {
        token,
      });
      expect(view.status).toBe(200);
      const signed = await call<{ ok: boolean; status_overall: string }[]>(
        second,
        'POST',
        '/v3/sign',
        {
          token,
          body: [{ signatureRequestId: id, signingName: email }],
        },
      );
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body[0]).toMatchObject({
        ok: true,
        status_overall: i === emails.signers.length - 1 ? 'SIGNED' : 'OPEN',
      });
    }

    // The signed PDF, fetched from the other instance, carries three valid signatures and the
    // document time stamp over all of them (poppler lists it but does not check RFC 3161).
    const download = await fetch(`${b.base}/api/v3/documents/${doc.body.id}/download`, {
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect(download.status).toBe(200);
    const verdict = pdfsig(new Uint8Array(await download.arrayBuffer()));
    expect(verdict.signatures.map((s) => s.totalDocument)).toEqual([false, false, false, true]);
    expect(verdict.signatures.slice(0, 3).map((s) => s.valid)).toEqual([true, true, true]);

    // A page image asked for on both instances at once: one claim, one image, both serve it.
    const page = async (on: Instance) => {
      for (let attempt = 0; attempt < 60; attempt++) {
        const res = await fetch(`${on.base}/api/v3/documents/${doc.body.id}/pages/2?scale=150`, {
          headers: { Authorization: `Bearer ${owner}` },
        });
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (res.status === 200) return bytes;
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`no page image from ${on.name}`);
    };
    const [fromA, fromB] = await Promise.all([page(a), page(b)]);
    expect(Buffer.from(fromA).equals(Buffer.from(fromB))).toBe(true);
    const renders = rowsOf(
      await database.db.execute(sql`select status, count(*)::int as n from page_renders
        where page = 2 and scale = 150 group by status`),
    );
    expect(renders).toEqual([{ status: 'done', n: 1 }]);

    // Every job ran once: each claimed by one instance, no mail sent twice. (The protocol's
    // backup job is due 30 s after completion, by design: only jobs due now are waited for.)
    const settle = async () => {
      for (let i = 0; i < 120; i++) {
        const [pending] = rowsOf(
          await database.db.execute(
            sql`select count(*)::int as n from jobs
              where status in ('pending', 'running') and run_at <= now()`,
          ),
        );
        if (Number(pending?.n) === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('jobs did not finish');
    };
    await settle();
    await new Promise((r) => setTimeout(r, 1000));
    const jobs = rowsOf(
      await database.db.execute(sql`select kind, status, attempts from jobs order by created_at`),
    );
    const mailJobs = jobs.filter((j) => j.kind === 'mail');
    expect(mailJobs.length).toBeGreaterThan(6);
    expect(mailJobs.every((j) => j.status === 'sent' && Number(j.attempts) === 1)).toBe(true);
    expect(jobs.filter((j) => j.kind === 'render').every((j) => Number(j.attempts) === 1)).toBe(
      true,
    );
    expect(mails).toHaveLength(mailJobs.length);
    // Each signer was invited once, when their turn came; everyone heard of the completion once.
    for (const email of emails.signers) {
      expect(mails.filter((m) => m.to.includes(email)).length, email).toBeGreaterThanOrEqual(2);
    }
    const perMail = new Map<string, number>();
    for (const m of mails) {
      const subject = /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '';
      const key = `${m.to.join(',')} ${subject}`;
      perMail.set(key, (perMail.get(key) ?? 0) + 1);
    }
    expect(
      [...perMail.values()].every((n) => n === 1),
      JSON.stringify([...perMail]),
    ).toBe(true);
  }, 120_000);
});
