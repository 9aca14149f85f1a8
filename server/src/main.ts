import type { Server } from 'node:http';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, flushLog } from './log.ts';

// Caches compiled code between starts (a no-op where unsupported).
module.enableCompileCache?.();
// An idle server should stay small (idle RSS budget 250 MB, see bench/idle.ts): V8 then grows
// its heap in smaller steps and keeps less young-generation space around, at no measured cost
// to request CPU time. Set before the first heavy import.
setFlagsFromString('--optimize-for-size');

/**
 * The Signet server: one port for the API (/api), the console (/business) and the site.
 * Configuration comes from the environment (see config.ts).
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config);
  for (const w of config.warnings) log.warn(w);

  const started = performance.now();
  // The database (WASM compile, files) and the HTTP modules load concurrently.
  const databaseP = import('./db/client.ts').then(({ openDatabase }) =>
    openDatabase(
      config.databaseUrl
        ? {
            url: config.databaseUrl,
            onIdleError: (err) => log.warn({ err }, 'an idle database connection failed'),
          }
        : { dataDir: config.dataDir },
    ),
  );
  const [
    { createAdaptorServer },
    { createApp },
    { mountWeb },
    { createWorker },
    { createMailer },
    { lazyDatabase },
    { createBlobStore },
    { renderJobHandlers },
    { protocolJobHandlers },
    { smsHandlers },
    { businessJobHandlers, startBusinessJobs },
    { mailAttachmentResolver },
    { PdfPool },
    { removeStaleUploads },
    { identWebhookHandlers },
    { applyIdentUpdate },
    { stampSpaceJobHandlers },
    { apiCallbackHandlers },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('./app.ts'),
    import('./http/static.ts'),
    import('./jobs/worker.ts'),
    import('./mail/mailer.ts'),
    import('./db/lazy.ts'),
    import('./storage/index.ts'),
    import('./services/documents/render-job.ts'),
    import('./services/signing/protocol-job.ts'),
    import('./providers/sms/index.ts'),
    import('./services/businesses/jobs.ts'),
    import('./services/signing/mail-attachments.ts'),
    import('./pdf/pool/pool.ts'),
    import('./http/upload.ts'),
    import('./providers/identification/sandbox.ts'),
    import('./services/identification/apply-update.ts'),
    import('./services/documents/stamp-space-job.ts'),
    import('./services/api-users/callback-job.ts'),
  ]);
  const mailer = createMailer(config);
  // Listen while the database opens; routes that need it wait for `ready`.
  const { db, ready } = lazyDatabase(databaseP);
  ready.catch((e: unknown) => {
    log.fatal({ err: e }, 'could not open the database');
    flushLog(log);
    process.exit(1);
  });
  const blobs = await createBlobStore(config);
  // Untrusted PDFs are parsed and drawn in worker processes, started when first needed.
  const pdf = new PdfPool({ size: config.pdfWorkers, memoryMb: config.pdfWorkerMemoryMb, log });
  await removeStaleUploads(config.dataDir);
  const deps = { config, db, log, mailer, ready, blobs, pdf };
  const app = createApp(deps);
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const web = mountWeb(app, {
    adminDir: process.env.SIGNET_ADMIN_DIR ?? `${root}admin/dist`,
    siteDir: process.env.SIGNET_SITE_DIR ?? `${root}site/dist`,
    log,
    config,
  });
  const worker = createWorker({
    db,
    log,
    mailer,
    config,
    handlers: {
      ...renderJobHandlers({ db, blobs, pdf, log }),
      ...protocolJobHandlers({ db, blobs, config, log }),
      ...smsHandlers(config, db),
      ...businessJobHandlers({ db, blobs, config, log }),
      // The identification sandbox's webhooks (its results, after realistic delays).
      ...identWebhookHandlers((update) => applyIdentUpdate(db, update)),
      // Each upload's last page measured for stamps, off the signing path.
      ...stampSpaceJobHandlers({ db, blobs, pdf }),
      ...apiCallbackHandlers({ db, config }),
    },
    attachments: mailAttachmentResolver({ db, blobs, config, log }),
  });

  // The signing path (the CA, pkijs, libpdf, compiled) is warmed on the first signed-in call,
  // not at start: an idle server stays within its memory budget (≈ 25 MB less), and the first
  // signature is still fast, as signers open the request before they sign.
  let warmOnce: (() => void) | undefined = () => {
    warmOnce = undefined;
    setTimeout(() => void warmUp(db, config, log), 50).unref();
  };
  const server = createAdaptorServer({
    fetch: (request: Request, env: unknown) => {
      if (warmOnce && request.headers.has('authorization')) warmOnce();
      return app.fetch(request, env);
    },
  }) as Server;
  // An idle keep-alive connection is kept for 65 s (Node's default is 5 s), longer than the
  // usual proxy and client idle timeouts (60 s): with 5 s, a client that reuses a connection
  // just as the server drops it gets ECONNRESET (seen from the end-to-end tests' API client on
  // a busy machine). Node's clients read the `Keep-Alive: timeout=65` hint and let go first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  log.info(
    {
      port: config.port,
      publicUrl: config.publicUrl,
      mode: config.mode,
      platform: config.platform,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      mail: mailer.kind,
      ms: Math.round(performance.now() - started),
      sinceProcessStartMs: Math.round(performance.now()),
    },
    `Signet listening on http://localhost:${config.port}`,
  );
  let stopping = false;
  let stopMaintenance = () => {};
  let stopSchedule = async () => {};
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      flushLog(log);
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting, let in-flight requests finish, close idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    await closed;
    stopMaintenance();
    await stopSchedule();
    await worker.stop();
    await pdf.close();
    await mailer.close();
    await (await ready).close();
    log.info('stopped');
    flushLog(log);
    clearTimeout(force);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const database = await ready;
  if (stopping) return;
  log.info({ sinceProcessStartMs: Math.round(performance.now()) }, 'database ready');
  worker.start();
  // Retention, domain checks: queued once across every instance.
  startBusinessJobs({ db, blobs, config, log }).catch((e: unknown) =>
    log.error({ err: e }, 'could not queue the business jobs'),
  );
  // The sandbox's promo codes (TEST10 …), outside production only.
  if (config.mode !== 'production') {
    const { seedSandboxPromoCodes } = await import('./services/billing/promo-codes.ts');
    seedSandboxPromoCodes(database.db).catch((e: unknown) =>
      log.error({ err: e }, 'could not add the sandbox promo codes'),
    );
  }
  // Expiry and automatic reminders of signature requests, once a minute.
  const [{ startSchedule }, { requestSweeps }] = await Promise.all([
    import('./jobs/schedule.ts'),
    import('./services/signature-requests/sweeps.ts'),
  ]);
  stopSchedule = startSchedule(requestSweeps({ db, config }), log);
  // The embedded database has no autovacuum: do its job (no-op on PostgreSQL).
  const { startPgliteMaintenance } = await import('./db/pglite-maintenance.ts');
  const stopVacuum = startPgliteMaintenance(database, log);
  // Rate-limit counters whose window has passed are dead weight; every instance may prune.
  const { pruneRateLimits } = await import('./security/rate-limit.ts');
  const prune = setInterval(() => {
    pruneRateLimits(database.db).catch((err: unknown) =>
      log.warn({ err }, 'pruning rate limits failed'),
    );
  }, 10 * 60_000);
  prune.unref();
  stopMaintenance = () => {
    stopVacuum();
    clearInterval(prune);
  };
  // After the port is open: warm the site handler so the first page view is fast. The signing
  // path waits for the first signed-in call (above); page rendering is not warmed: it runs in
  // PDF workers that start on first use and leave when idle.
  setTimeout(() => void web.preload(), 50).unref();
}

async function warmUp(
  db: import('./db/client.ts').Db,
  config: import('./config.ts').Config,
  log: import('./log.ts').Logger,
) {
  try {
    const [{ platformCa }, { timestampAuthority }, { warmUpSigning }, { warmUpSignThreads }] =
      await Promise.all([
        import('./services/pki/platform-ca.ts'),
        import('./services/pki/timestamp-authority.ts'),
        import('./pdf/warm-up.ts'),
        import('./services/signing/threads/sign-threads.ts'),
      ]);
    const ca = await platformCa(db, config);
    // The first signature should not pay for compiling the signing path, nor the first
    // batch for compiling it in the signing threads.
    await warmUpSigning(ca, await timestampAuthority({}, ca));
    await warmUpSignThreads(config, ca.platformSigner);
  } catch (e) {
    log.error({ err: e }, 'warm-up failed; signing will retry on first use');
  }
}

main().catch((e: unknown) => {
  process.stderr.write(
    `Signet failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exit(1);
});
