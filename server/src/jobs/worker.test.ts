import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { createLogger } from '../log.ts';
import { createMailboxMailer, createSmtpMailer, type Mailer } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { reuseTestDatabase } from '../testing/reused-database.ts';
import { backoffMs, createWorker } from './worker.ts';

/** The SMTP server's port, free when it starts (a fixed one clashed with other suites). */
let smtpPort = 0;
const log = createLogger({ logLevel: 'silent' });
const config = { mailFrom: 'Signet <no-reply@signet.example>' };
const data = { email: 'anna@example.com', url: 'https://signet.example/x?token=1', hours: 24 };

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server; `rejectNext` makes the next n deliveries fail with a temporary error. */
function startSmtp() {
  const received: Received[] = [];
  const state = { rejectNext: 0, attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.attempts++;
      if (state.rejectNext > 0) {
        state.rejectNext--;
        const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return {
    received,
    state,
    listen: () =>
      new Promise<void>((r) =>
        server.listen(0, '127.0.0.1', () => {
          smtpPort = (server.server.address() as AddressInfo).port;
          r();
        }),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('outbox worker', () => {
  const smtp = startSmtp();
  let database: Database;
  let mailer: Mailer;
  let clock: Date;
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());
  // One database for the file, emptied before each test.
  const freshDatabase = reuseTestDatabase();
  beforeEach(async () => {
    database = await freshDatabase();
    mailer = createSmtpMailer(`smtp://127.0.0.1:${smtpPort}`);
    clock = new Date('2026-03-01T10:00:00Z');
    smtp.received.length = 0;
    smtp.state.rejectNext = 0;
    smtp.state.attempts = 0;
  });
  afterEach(async () => {
    await mailer.close();
    await database.close();
  });

  const job = async (id: string) => {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row) throw new Error('job vanished');
    return row;
  };
  const queued = async (run: (tx: Tx) => Promise<{ id: string } | null>) => {
    const job = await database.db.transaction(run);
    if (!job) throw new Error('the mail was not queued');
    return job;
  };
  const enqueue = (lang = 'de-ch', runAt = clock) =>
    queued((tx) =>
      enqueueMail(
        tx,
        { to: 'anna@example.com', template: 'confirm-signup', lang, data },
        { runAt },
      ),
    );

  it('delivers through a real SMTP server in the recipient language', async () => {
    const { id } = await enqueue('de-ch');
    const worker = createWorker({ db: database.db, log, mailer, config, now });
    expect(await worker.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as Received;
    expect(mail.to).toEqual(['anna@example.com']);
    expect(mail.from).toBe('no-reply@signet.example');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Best=C3=A4tigen_Sie_Ihre_E-Mail-Adresse/);
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Language: de-ch');
    const row = await job(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt?.toISOString()).toBe(clock.toISOString());
  });

  it('sends nothing when the enqueuing transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'x@example.com',
          template: 'confirm-signup',
          lang: 'it',
          data,
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('retries with exponential backoff (30 s doubling)', async () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    smtp.state.rejectNext = 2;
    const { id } = await enqueue('en-gb');
    const worker = createWorker({ db: database.db, log, mailer, config, now });

    expect(await worker.runOnce()).toBe(1);
    let row = await job(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451|busy/i);
    expect(row.runAt.getTime() - clock.getTime()).toBe(30_000);

    advance(29_999);
    expect(await worker.runOnce()).toBe(0);
    advance(1);
    expect(await worker.runOnce()).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.runAt.getTime() - clock.getTime()).toBe(60_000);

    advance(60_000);
    expect(await worker.runOnce()).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.state.attempts).toBe(3);
  });

  it('gives up after the maximum number of attempts', async () => {
    smtp.state.rejectNext = 100;
    const { id } = await enqueue();
    const worker = createWorker({ db: database.db, log, mailer, config, now, maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await worker.runOnce()).toBe(1);
      advance(10 * 60_000);
    }
    expect(await worker.runOnce()).toBe(0);
    expect(await job(id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(smtp.received).toHaveLength(0);
  });

  it('marks a mail that cannot be rendered dead at once', async () => {
    const { id } = await queued((tx) =>
      enqueueMail(
        tx,
        { to: 'a@example.com', template: 'confirm-signup', lang: 'en-gb', data: {} },
        { runAt: clock },
      ),
    );
    const worker = createWorker({ db: database.db, log, mailer, config, now });
    expect(await worker.runOnce()).toBe(1);
    const row = await job(id);
    expect(row.status).toBe('dead');
    expect(row.lastError).toMatch(/needs data\.email/);
    expect(smtp.state.attempts).toBe(0);
  });

  it('recovers a job claimed by a worker that crashed before finishing', async () => {
    const { id } = await enqueue('fr-ch');
    const crashed = createWorker({ db: database.db, log, mailer, config, now, leaseMs: 60_000 });
    const survivor = createWorker({ db: database.db, log, mailer, config, now, leaseMs: 60_000 });

    // The first worker claims the job and dies before sending it.
    expect(await crashed.claim()).toHaveLength(1);
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });

    // While the lease holds nobody else takes it…
    advance(59_000);
    expect(await survivor.runOnce()).toBe(0);
    // …and once it ran out the job is due again and gets delivered once.
    advance(1_000);
    expect(await survivor.runOnce()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toMatch(/Confirmez/);
  });

  it('never hands one job to two workers at once', async () => {
    for (let i = 0; i < 12; i++) await enqueue();
    const a = createWorker({ db: database.db, log, mailer, config, now, batchSize: 5 });
    const b = createWorker({ db: database.db, log, mailer, config, now, batchSize: 5 });
    const [x, y] = await Promise.all([a.claim(), b.claim()]);
    const ids = [...x, ...y].map((j) => j.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('keeps mail in the mailbox when there is no SMTP server', async () => {
    const { id } = await enqueue('it');
    const worker = createWorker({
      db: database.db,
      log,
      mailer: createMailboxMailer(),
      config,
      now,
    });
    await worker.drain();
    const row = await job(id);
    expect(row.status).toBe('delivered');
    expect((row.result as { subject: string }).subject).toMatch(/Confermi/);
    expect(smtp.received).toHaveLength(0);
  });

  it('runs by itself once started and stops cleanly', async () => {
    const worker = createWorker({ db: database.db, log, mailer, config, pollMs: 20 });
    worker.start();
    const { id } = await queued((tx) =>
      enqueueMail(tx, { to: 'anna@example.com', template: 'confirm-signup', lang: 'en-gb', data }),
    );
    const deadline = Date.now() + 10_000;
    while ((await job(id)).status !== 'sent' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await worker.stop();
    expect((await job(id)).status).toBe('sent');
  });
});
