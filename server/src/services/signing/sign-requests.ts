import { statusAfterSignature } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TDocumentSignature,
  TRequestStatus,
  ZSignPayloadSchema,
  ZSignResultSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import { VISUAL_SIGNATURE_SIZE } from '@signet/shared/signature-request/signature-request.schema';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { Db, Tx } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError, isAppError } from '../../errors.ts';
import { rowsOf } from '../../evidence/db-row.ts';
import { type EventMeta, lockChainHead, recordEvent } from '../../evidence/record-event.ts';
import type { Logger } from '../../log.ts';
// PDF modules (libpdf, pdf-lib, pkijs) load on first use, off the server's start-up path.
import type { SignatureField } from '../../pdf/sign.ts';
import { BlobNotFoundError, type BlobStore, sha256Hex } from '../../storage/blob-store.ts';
import {
  assertAction,
  type LoadedRequest,
  loadRequestForActor,
} from '../signature-requests/load-for-actor.ts';
import { notifyNextSigners } from '../signature-requests/notify-next-signers.ts';
import { platformCa } from './platform-ca.ts';
import { loadReport } from './report-data.ts';

type TSignPayload = z.output<typeof ZSignPayloadSchema>;
type TSignResult = z.output<typeof ZSignResultSchema>;

export type SignContext = {
  db: Db;
  store: BlobStore;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  principal: { userId: string };
  meta: EventMeta;
  log?: Pick<Logger, 'error'>;
};

/** How long `lockedUntil` marks a request as being signed (cleared when the signature is in). */
const LOCK_MS = 60_000;
/** Distance of the default visual signature from the page edges and from its neighbours (pt). */
const EDGE = 20;
const GAP = 10;

const SIGNING_LANG: Record<string, { quality: string; signed: string }> = {
  en: { quality: 'Simple electronic signature (SES)', signed: 'Signed' },
  de: { quality: 'Einfache elektronische Signatur (SES)', signed: 'Unterzeichnet' },
  fr: { quality: 'Signature électronique simple (SES)', signed: 'Signé' },
  it: { quality: 'Firma elettronica semplice (SES)', signed: 'Firmato' },
};

/**
 * Where a signature goes without a placement: bottom-right of the last page, 300 × 140 (or
 * smaller on a small page); the n-th signer of a request (0-based) sits above the one before,
 * then in the next column to the left, so default signatures do not cover each other.
 */
export async function defaultField(pdf: Uint8Array, signerIndex: number): Promise<SignatureField> {
  const { loadPdf } = await import('../../pdf/inspect.ts');
  const doc = await loadPdf(pdf);
  const last = doc.getPageCount() - 1;
  const box = doc.getPage(last)?.getCropBox() ?? { width: 595, height: 842, x: 0, y: 0 };
  const width = Math.min(VISUAL_SIGNATURE_SIZE.width, box.width - 2 * EDGE);
  const height = Math.min(VISUAL_SIGNATURE_SIZE.height, box.height - 2 * EDGE);
  const perColumn = Math.max(1, Math.floor((box.height - EDGE) / (height + GAP)));
  const columns = Math.max(1, Math.floor((box.width - EDGE) / (width + GAP)));
  const slot = signerIndex % (perColumn * columns);
  const column = Math.floor(slot / perColumn);
  const row = slot % perColumn;
  return {
    page: last,
    x: Math.max(0, box.width - EDGE - width - column * (width + GAP)),
    y: Math.max(0, box.height - EDGE - height - row * (height + GAP)),
    width,
    height,
  };
}

/** API placement (1-based page) → signPdf field (0-based page). */
const toField = (p: TDocumentSignature): SignatureField => ({
  page: p.page - 1,
  x: p.x,
  y: p.y,
  width: p.width,
  height: p.height,
});

/**
 * `POST /v3/sign`: signs each entry of the batch in its own transaction and reports per entry.
 * A refusal (stranger 404, not your turn 409, …) is that entry's result and the others go on.
 * When no entry could be signed the call itself fails with the first entry's error (status and
 * code), every entry's result in `details.results`: a batch that signed nothing is an error.
 */
export async function signRequests(
  ctx: SignContext,
  batch: readonly TSignPayload[],
): Promise<TSignResult> {
  const results: TSignResult = [];
  let firstError: AppError | undefined;
  for (const entry of batch) {
    try {
      const status = await signRequest(ctx, entry);
      results.push({
        signatureRequestId: entry.signatureRequestId,
        ok: true,
        status_overall: status,
      });
    } catch (e) {
      let error: AppError;
      if (isAppError(e) && e.status < 500) {
        error = e;
      } else {
        ctx.log?.error({ err: e, requestId: entry.signatureRequestId }, 'signing failed');
        error = new AppError(
          'SIGNING_FAILED',
          500,
          'The signature could not be applied; nothing was changed. Please try again.',
        );
      }
      firstError ??= error;
      results.push({
        signatureRequestId: entry.signatureRequestId,
        ok: false,
        code: error.code,
        message: error.message,
      });
    }
  }
  if (firstError && results.every((r) => !r.ok)) {
    throw new AppError(firstError.code, firstError.status, firstError.message, { results });
  }
  return results;
}

/**
 * Signs every document of one request for the caller (SES: the platform certificate, the
 * signer named in /Name and in the visual signature), records 'signed', and either completes
 * the request (SIGNED, 'completed', the signed protocol, completion mails) or invites whoever
 * is next. Signers of one request are serialised by the request row lock, and a document's
 * version moves only from the version that was signed, so no signature is ever lost.
 */
export async function signRequest(ctx: SignContext, entry: TSignPayload): Promise<TRequestStatus> {
  const id = entry.signatureRequestId;
  if (entry.sealAccountName) {
    throw new AppError(
      'SEAL_NOT_AVAILABLE',
      422,
      'Signing with a seal is not available for this account.',
    );
  }
  const ca = await platformCa(ctx.db, ctx.config.secret);
  // Visible to lock-status while the signature is applied; cleared in the signing transaction.
  // One statement that only writes for a signer whose turn it is on an open request, so a
  // stranger or an early signer writes nothing (the transaction below decides with the rules).
  const claimed = await markSigning(ctx.db, id, ctx.principal.userId);
  try {
    return await ctx.db.transaction((tx) => applySignature(tx, ctx, ca, entry));
  } catch (e) {
    if (claimed) {
      await ctx.db
        .update(signatureRequests)
        .set({ lockedUntil: null })
        .where(eq(signatureRequests.id, id))
        .catch(() => {});
    }
    throw e;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sets `lockedUntil` when the caller is an open signer whose turn it is; true when it did. */
async function markSigning(db: Db, requestId: string, userId: string): Promise<boolean> {
  if (!UUID.test(requestId)) return false;
  const rows = await db.execute(sql`
    update signature_requests r set locked_until = ${new Date(Date.now() + LOCK_MS)}
    where r.id = ${requestId} and r.status = 'OPEN' and r.deleted_at is null
      and exists (
        select 1 from signers s join users u on u.id = ${userId} and lower(u.email) = s.email
        where s.request_id = r.id and s.signed_at is null and s.declined_at is null
          and not exists (
            select 1 from signers o
            where o.request_id = r.id and o."order" < s."order" and o.signed_at is null
          )
      )
    returning r.id`);
  return ((rows as unknown as { rows?: unknown[] }).rows?.length ?? 0) > 0;
}

async function applySignature(
  tx: Tx,
  ctx: SignContext,
  ca: CertificateAuthority,
  entry: TSignPayload,
): Promise<TRequestStatus> {
  const id = entry.signatureRequestId;
  const loaded = await loadRequestForActor(tx, id, ctx.principal, { forUpdate: true });
  assertAction(loaded, 'sign');
  const me = loaded.mySigner;
  if (!me) throw new AppError('NOT_ALLOWED', 403, 'Only a signer may sign this request.');

  const now = new Date();
  const name = (entry.signingName ?? me.signingName ?? loaded.actor.name).trim() || me.email;
  const words =
    SIGNING_LANG[entry.language] ?? (SIGNING_LANG.en as { quality: string; signed: string });
  const lines = [
    name,
    words.quality,
    `${words.signed} ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ...(entry.signingReason ? [entry.signingReason] : []),
    me.email,
  ];
  const placements = entry.documentSignatures ?? me.documentSignatures;
  const signerIndex = Math.max(
    0,
    loaded.signers.findIndex((s) => s.id === me.id),
  );

  // Sign everything in memory first: a placement outside a page (422) stores nothing.
  const signed: { id: string; title: string; from: string; bytes: Uint8Array; sha256: string }[] =
    [];
  for (const d of loaded.documents) {
    const pdf = await ctx.store.get(d.currentBlobKey);
    if (!pdf) throw new BlobNotFoundError(d.currentBlobKey);
    const placement = placements.find((p) => p.document_id === d.id);
    const field = placement ? toField(placement) : await defaultField(pdf, signerIndex);
    const { signPdf } = await import('../../pdf/sign.ts');
    const bytes = await signPdf(pdf, {
      signer: ca.platformSigner,
      signerName: name,
      ...(entry.signingReason ? { reason: entry.signingReason } : {}),
      signingTime: now,
      field,
      appearance: { lines },
    });
    signed.push({
      id: d.id,
      title: d.title,
      from: d.currentBlobKey,
      bytes,
      sha256: sha256Hex(bytes),
    });
  }
  // The blobs are written (and flushed) while the database work goes on; both finish before
  // the commit, so a committed row never points at a missing blob.
  const puts = Promise.all(
    signed.map((s) => ctx.store.put(s.bytes, { contentType: 'application/pdf' })),
  );
  puts.catch(() => {});
  const after = loaded.signers.map((s) =>
    s.id === me.id ? { ...s, signedAt: now, signingName: name } : s,
  );
  const status = statusAfterSignature(after);
  const at = now.toISOString();
  // Every write of the signature in one round trip (one table per part, so one statement may):
  // the documents move to their signed versions, the signer is marked, the request unlocked
  // (and completed), and the evidence chain head is taken for the 'signed' entry.
  // Signers of one request wait for each other on the request row. A document is in one live
  // request only, but should it change under us anyway, it does not move and the whole
  // signature is refused (409, retryable) instead of dropping the other signature.
  const moves = signed.length
    ? sql`
        update documents d set current_blob_key = v.key, signed_sha256 = v.key
        from (values ${sql.join(
          signed.map((d) => sql`(${d.id}::uuid, ${d.from}, ${d.sha256})`),
          sql`, `,
        )}) as v(id, from_key, key)
        where d.id = v.id and d.current_blob_key = v.from_key
        returning d.id`
    : sql`select null::uuid as id where false`;
  const [written] = rowsOf(
    await tx.execute(sql`
      with moved as (${moves}), signer as (
        update signers set signed_at = ${at}::timestamptz, signing_name = ${name}
        where id = ${me.id}
      ), request as (
        update signature_requests set updated_at = ${at}::timestamptz, locked_until = null
          ${status === 'SIGNED' ? sql`, status = 'SIGNED', completed_at = ${at}::timestamptz` : sql``}
        where id = ${id}
      ), head as (${lockChainHead(id)})
      select (select count(*) from moved) as moved, head.seq, head.hash from head`),
  );
  if (Number(written?.moved) !== signed.length) {
    throw new AppError(
      'DOCUMENT_CHANGED',
      409,
      'The document changed while signing; please sign again.',
    );
  }
  await recordEvent(
    tx,
    {
      requestId: id,
      type: 'signed',
      actor: { id: loaded.actor.userId, email: loaded.actor.email },
      meta: ctx.meta,
      documentSha256: signed.map((s) => s.sha256),
      at: now,
      data: {
        signer_id: me.id,
        email: me.email,
        name,
        quality: 'SES',
        certificate: 'platform',
        ...(entry.signingReason ? { reason: entry.signingReason } : {}),
        documents: signed.map((s) => ({ id: s.id, title: s.title, sha256: s.sha256 })),
      },
    },
    { head: { seq: Number(written?.seq), hash: String(written?.hash) } },
  );

  if (status === 'SIGNED') {
    await recordEvent(tx, {
      requestId: id,
      type: 'completed',
      actor: { id: null, email: null },
      meta: ctx.meta,
      // Every document of the request was signed above, in request order.
      documentSha256: signed.map((s) => s.sha256),
      data: { signers: after.length },
    });
    await storeProtocol(tx, ctx, ca, await loadRequestForActor(tx, id, ctx.principal));
  }
  // Invites whoever is next, or sends the completion mail to everyone once SIGNED.
  // What this transaction knows, so nothing is read again: the request and signers as now.
  await notifyNextSigners(tx, id, ctx.config, {
    request: { ...loaded.request, status },
    owner: loaded.owner,
    signers: after,
    observers: loaded.observers,
  });
  await puts;
  return status;
}

/** Builds the protocol from the log, signs it with the platform certificate and stores it. */
export async function storeProtocol(
  tx: Tx,
  ctx: Pick<SignContext, 'store'>,
  ca: CertificateAuthority,
  loaded: LoadedRequest,
): Promise<string> {
  const report = await loadReport(tx, loaded);
  const { buildSignedProtocol } = await import('../../pdf/protocol.ts');
  const pdf = await buildSignedProtocol(report, ca.platformSigner);
  const put = await ctx.store.put(pdf, { contentType: 'application/pdf' });
  await tx
    .update(signatureRequests)
    .set({ protocolBlobKey: put.key })
    .where(eq(signatureRequests.id, loaded.request.id));
  return put.key;
}
