import { langFromCode } from '@signet/shared/i18n/lang.rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { Logger } from '../../log.ts';
import type { JobRows } from '../../mail/outbox.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { currentCrls, validationData } from '../pki/revocation.ts';
import { timestampAuthority } from '../pki/timestamp-authority.ts';
import { loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import { loadReport } from './report-data.ts';

/**
 * The protocol of a completed request is built right after the signature that completed it
 * commits, not inside it: it is the slowest part of a completing signature (≈ 20 ms for a short
 * log, more for a long one) and nobody waits for it there. The same transaction queues a
 * `protocol` job due 30 s later, so a crash between commit and build still gets it built;
 * building is idempotent. Until it exists, `GET …/report?type=pdf` waits a little, then
 * answers 503 with Retry-After.
 */
export const PROTOCOL_JOB_KIND = 'protocol';
const JOB_DELAY_MS = 30_000;

export type ProtocolDeps = {
  db: Db;
  blobs: BlobStore;
  config: Pick<Config, 'secret' | 'publicUrl' | 'tsaUrl'>;
  log?: Pick<Logger, 'error' | 'warn'>;
};

/**
 * The job that builds the protocol if the build right after the completing commit never happens
 * (the crash-safe path): inserted in the completing transaction, with its events.
 */
export function protocolJob(requestId: string): JobRows[number] {
  return {
    kind: PROTOCOL_JOB_KIND,
    payload: { requestId },
    runAt: new Date(Date.now() + JOB_DELAY_MS),
  };
}

const pending = new Map<string, Promise<string | null>>();

/** Builds and stores the protocol once per request at a time; the blob key, or null if the request is not complete. */
export function storeProtocolOnce(deps: ProtocolDeps, requestId: string): Promise<string | null> {
  let run = pending.get(requestId);
  if (!run) {
    run = storeProtocol(deps, requestId).finally(() => pending.delete(requestId));
    pending.set(requestId, run);
  }
  return run;
}

/** How long after the commit the build starts: the signer's answer is written first. */
const START_DELAY_MS = 25;

/**
 * Starts the build shortly after the commit, once the signer's answer is on its way: its
 * queries and signing run on the main thread and would otherwise hold that answer back (its
 * layout runs on the protocol thread). Failures are logged; the job retries.
 */
export function buildProtocolSoon(deps: ProtocolDeps, requestId: string): void {
  buildProtocolsSoon(deps, [requestId]);
}

/**
 * The same for the requests a batch completed, one after another once the batch has answered:
 * built while the batch still signs, they would compete with it for the main thread (a batch
 * of 50 sealed invoices is 50 protocols), and one at a time leaves room for other callers.
 */
export function buildProtocolsSoon(deps: ProtocolDeps, requestIds: readonly string[]): void {
  if (requestIds.length === 0) return;
  setTimeout(async () => {
    for (const requestId of requestIds) {
      await storeProtocolOnce(deps, requestId).catch((err) =>
        deps.log?.warn({ err, requestId }, 'protocol build failed; the protocol job will retry'),
      );
    }
  }, START_DELAY_MS).unref();
}

/**
 * Builds the protocol of a SIGNED request from its evidence log (in the request's language: its
 * owner's), signs and seals it like the documents (B-LTA), stores it and records its key.
 * A request that has one already keeps it.
 */
export async function storeProtocol(deps: ProtocolDeps, requestId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({
      ownerId: signatureRequests.ownerId,
      status: signatureRequests.status,
      key: signatureRequests.protocolBlobKey,
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .limit(1);
  if (row?.status !== 'SIGNED') return null;
  if (row.key) return row.key;
  const loaded = await loadRequestForActor(deps.db, requestId, { userId: row.ownerId });
  const report = await loadReport(deps.db, loaded);
  const ca = await platformCa(deps.db, deps.config);
  const [tsa, crls, { buildSignedProtocol }, { evidenceText }] = await Promise.all([
    timestampAuthority(deps.config, ca),
    currentCrls(deps.db, deps.config),
    import('../../pdf/protocol/sign-protocol.ts'),
    import('../../pdf/protocol/evidence-text.ts'),
  ]);
  const pdf = await buildSignedProtocol(report, evidenceText(langFromCode(loaded.owner.lang)), {
    signer: ca.platformSigner,
    tsa,
    seal: (certificates) => validationData(deps.db, ca, crls, certificates),
  });
  const put = await deps.blobs.put(pdf.bytes, {
    contentType: 'application/pdf',
    sha256: pdf.sha256,
  });
  const [set] = await deps.db
    .update(signatureRequests)
    .set({ protocolBlobKey: put.key })
    .where(and(eq(signatureRequests.id, requestId), isNull(signatureRequests.protocolBlobKey)))
    .returning({ key: signatureRequests.protocolBlobKey });
  if (set?.key) return set.key;
  // Another instance stored one first: that one stays.
  const [again] = await deps.db
    .select({ key: signatureRequests.protocolBlobKey })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  return again?.key ?? put.key;
}

/** The worker's handler for protocol jobs: `createWorker({ handlers: { ...protocolJobHandlers(deps) } })`. */
export function protocolJobHandlers(deps: ProtocolDeps): Record<string, JobHandler> {
  return {
    [PROTOCOL_JOB_KIND]: async (job) => {
      const { requestId } = job.payload as { requestId: string };
      const key = await storeProtocolOnce(deps, requestId);
      return { status: 'delivered', result: { key } };
    },
  };
}
