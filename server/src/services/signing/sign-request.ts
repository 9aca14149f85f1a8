import { SEAL_ERRORS } from '@signet/shared/seal/seal.constants';
import type {
  TRequestStatus,
  ZSignPayloadSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import { AppError } from '../../errors.ts';
import { phase } from '../../trace/phases.ts';
import { settingsForRequest, type TBusinessWithSettings } from '../businesses/settings.ts';
import type { UserPrincipal } from '../context.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { timestampAuthority } from '../pki/timestamp-authority.ts';
import { sealForSigning, type TSealForSigning } from '../seals/seal-for-signing.ts';
import {
  assertAction,
  isDirectSigner,
  loadRequestForActor,
} from '../signature-requests/load-for-actor.ts';
import { callerStamp, claimAndLoad, releaseClaims } from './claim-requests.ts';
import { RequestChangedError, signingSnapshot } from './commit-signature.ts';
import type { SigningContext } from './context.ts';
import { commitPrepared } from './group-commit.ts';
import { assertLinkCanSign } from './link-trust.ts';
import { prepareSignature } from './prepare-signature.ts';
import { buildProtocolSoon } from './protocol-job.ts';
import { shared } from './signing-batch.ts';
import { type EntryTrust, platformLegislation, SES_TRUST } from './trust-step.ts';
import { stampContent } from './visual-signature.ts';

export type TSignPayload = z.output<typeof ZSignPayloadSchema>;

/** Preparations thrown away because another signature came first, before giving up (409). */
const ATTEMPTS = 3;

/**
 * Signs every document of one request for the caller (SES: the platform certificate, the
 * signer named in /Name and in the visual signature, a signature time stamp: PAdES B-T), records
 * 'signed', and either completes the request (SIGNED, 'completed', every document sealed B-LTA,
 * the protocol built right after the commit, completion mails) or invites whoever is next.
 *
 * The PDF work happens before the transaction, on a snapshot of the request; the transaction
 * locks the request row, checks the snapshot still holds and writes. When another signature
 * came first (parallel signers), the signature is prepared again on the new version, so no
 * signature is ever lost and the row lock is held for the writes only.
 */
export async function signRequest(
  ctx: SigningContext,
  entry: TSignPayload,
  trust: EntryTrust = SES_TRUST,
): Promise<TRequestStatus> {
  const id = entry.signatureRequestId;
  const ca = await platformCa(ctx.db, ctx.config);
  // A batch resolved the seal once (trust-step.ts); a single call reads it here.
  const sealing =
    trust.seal ?? (entry.sealAccountName ? await sealFor(ctx, entry.sealAccountName, ca) : null);
  const tsa = await timestampAuthority(ctx.config, ca);
  // Visible to lock-status while the signature is applied; cleared in the signing transaction.
  // One statement that only writes for a signer whose turn it is on an open request, so a
  // stranger or an early signer writes nothing (the rules decide below). It is part of the
  // statement that reads the requests (an account's batch), or sent together with the read of
  // a direct signer's (on PostgreSQL they run side by side).
  // A batch does both once for all its requests.
  const principal = ctx.principal;
  const [{ claimed, first }, settings] = await Promise.all([
    claimAndLoad(ctx, id),
    // A direct signer has no account, so no visual signature of their own; a seal signs with
    // its own stamp.
    isDirectSigner(principal) || sealing ? null : callerStamp(ctx, principal.userId),
  ]);
  phase('sign:claim-and-load');
  // The request's business (its settings), read with the Part 11 check on the first attempt.
  let business: TBusinessWithSettings | null | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      const loaded = attempt === 1 ? first : await loadRequestForActor(ctx.db, id, ctx.principal);
      if (loaded instanceof Error) throw loaded;
      assertAction(loaded, 'sign');
      const me = loaded.mySigner;
      if (!me) throw new AppError('NOT_ALLOWED', 403, 'Only a signer may sign this request.');
      if (attempt === 1) business = await assertPart11(ctx, loaded.request, entry);
      if (isDirectSigner(ctx.principal)) {
        assertLinkCanSign(me, trust, platformLegislation(ctx.config.platform));
      }
      phase('sign:checks');
      const at = new Date();
      const name = sealing
        ? sealing.displayName
        : (entry.signingName ?? me.signingName ?? loaded.actor.name).trim() || me.email;
      const completes = loaded.signers.every((s) => s.id === me.id || s.signedAt !== null);
      const prepared = await prepareSignature(ctx, ca, tsa, loaded, {
        name,
        ...(entry.signingReason ? { reason: entry.signingReason } : {}),
        // A business's seal signs with its own key and stamp; else the trust step's signer.
        signer: sealing?.signer ?? trust.signer ?? ca.platformSigner,
        appearance: stampContent(
          entry.language,
          {
            name,
            email: me.email,
            at,
            reason: entry.signingReason,
            quality: trust.quality,
            legislation: trust.legislation,
            ...(sealing ? { onBehalfOf: sealing.businessName, image: sealing.image } : {}),
          },
          sealing ? null : settings,
          ctx.config.publicUrl,
        ),
        at,
        placements: entry.documentSignatures ?? me.documentSignatures,
        signerId: me.id,
        completes,
      });
      phase('sign:prepared');
      try {
        // Alone, or with the batch's other ready entries (group-commit.ts).
        const status = await commitPrepared(ctx, {
          loaded,
          snapshot: signingSnapshot(loaded),
          prepared,
          name,
          ...(entry.signingReason ? { reason: entry.signingReason } : {}),
          at,
          trust,
          meta: ctx.meta,
          config: ctx.config,
          ...(business !== undefined ? { business } : {}),
          ...(ctx.evidence || sealing
            ? {
                evidence: {
                  ...ctx.evidence,
                  ...(sealing
                    ? {
                        quality: 'SEAL',
                        certificate: 'seal',
                        seal: sealing.accountName,
                        seal_quality: sealing.quality,
                        on_behalf_of: sealing.businessName,
                      }
                    : {}),
                },
              }
            : {}),
        });
        if (status === 'SIGNED') {
          if (ctx.batch) ctx.batch.completed.push(id);
          else buildProtocolSoon(ctx, id);
        }
        return status;
      } catch (e) {
        if (!(e instanceof RequestChangedError)) throw e;
        if (attempt >= ATTEMPTS) {
          throw new AppError(
            'DOCUMENT_CHANGED',
            409,
            'The document changed while signing; please sign again.',
          );
        }
      }
    }
  } catch (e) {
    if (claimed) await releaseClaims(ctx, [id]);
    throw e;
  }
}

/**
 * The seal of `sealAccountName` for the caller (a member of the seal or an API user it is
 * granted to; 403 SEAL_NOT_ALLOWED for anyone else, a direct signer too), checked before any
 * work is done.
 */
function sealFor(
  ctx: SigningContext,
  accountName: string,
  ca: CertificateAuthority,
): Promise<TSealForSigning> {
  if (isDirectSigner(ctx.principal)) {
    throw new AppError(SEAL_ERRORS.notAllowed, 403, 'You may not seal with this seal.');
  }
  return sealForSigning(
    ctx.db,
    ctx.blobs,
    ctx.config,
    ctx.principal as UserPrincipal,
    accountName,
    ca,
  );
}

/**
 * Part 11 mode of the request's business (spec section 3): the signing name and reason are
 * required at signing (400 PART11_REASON_REQUIRED otherwise); they then appear in the
 * signature (/Name, /Reason, the visual signature) and in the protocol's 'signed' entry.
 * Returns the business it read (the commit's mails use it too).
 */
async function assertPart11(
  ctx: SigningContext,
  request: { id: string; businessId: string | null },
  entry: TSignPayload,
): Promise<TBusinessWithSettings | null> {
  // The same business for every request of a batch it sends: read once.
  const business = await shared(ctx.batch, `settings:${request.businessId}`, () =>
    settingsForRequest(ctx.db, request.id, request.businessId),
  );
  if (!business?.settings.signatureRequests.part11.enabled) return business;
  if (entry.signingName?.trim() && entry.signingReason?.trim()) return business;
  throw new AppError(
    'PART11_REASON_REQUIRED',
    400,
    'This business signs in Part 11 mode: give the signing name and the reason.',
  );
}
